import type { UserGroup } from '@vellum/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { groupUnitsLabel } from './businessUnitLabels';

const group = (over: Partial<UserGroup>) => ({ allBusinessUnits: false, businessUnits: [], ...over }) as UserGroup;
const t = i18n.t.bind(i18n);

describe('groupUnitsLabel', () => {
  it('names the global scope in words, and the units by their display names, without ids', () => {
    const label = groupUnitsLabel(
      group({
        businessUnits: [
          { id: 0, displayName: 'Global' },
          { id: 3, displayName: 'Cardiology' },
        ] as UserGroup['businessUnits'],
      }),
      t,
    );
    expect(label).toBe('Global (manufacturer-wide settings), Cardiology');
    expect(label).not.toMatch(/\d/);
  });

  it('says "All business units" for a group on all of them', () => {
    expect(groupUnitsLabel(group({ allBusinessUnits: true }), t)).toBe('All business units');
  });
});
