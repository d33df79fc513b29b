import type { AccessRight } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES } from '../../platform/queries';
import { generalSettingsMenu, websiteConfigurationMenu } from './menuModel';

const holding =
  (byUnit: Record<number, AccessRight[]>) =>
  (right: AccessRight, unit = 0) =>
    byUnit[unit]?.includes(right) ?? false;

describe('website configuration menus (translations)', () => {
  it('website translations with TRANSLATION in that business unit', () => {
    expect(websiteConfigurationMenu(holding({ 3: ['TRANSLATION'] }), DEFAULT_FEATURES, 3)).toEqual([
      {
        id: 'website-translations',
        labelKey: 'shell.menu.websiteTranslations',
        to: '/my-business-units/3/website-configuration/website-translations',
      },
    ]);
    expect(websiteConfigurationMenu(holding({ 3: ['TRANSLATION'] }), DEFAULT_FEATURES, 4)).toEqual([]);
    expect(websiteConfigurationMenu(holding({ 3: ['LAYOUT_MANAGE'] }), DEFAULT_FEATURES, 3).map((i) => i.id)).not.toContain(
      'website-translations',
    );
  });

  it('manufacturer translations in general settings with TRANSLATION in the global unit', () => {
    const sections = generalSettingsMenu(holding({ 0: ['TRANSLATION'] }), DEFAULT_FEATURES);
    expect(sections.flatMap((s) => s.items.map((i) => i.to))).toEqual(['/general-settings/manufacturer-translations']);
    expect(generalSettingsMenu(holding({ 3: ['TRANSLATION'] }), DEFAULT_FEATURES)).toEqual([]);
  });
});
