import type { AccessRight } from '@vellum/contract';
import { pathTo } from '../../platform/paths';
import { DEFAULT_FEATURES, type FeatureSwitches } from '../../platform/queries';
import { GENERAL_SETTINGS_SECTIONS, linkPattern, type MenuName, type ScreenMenuEntry } from '../../platform/screens';
import { screens } from '../screens';

/** One link of a top-bar menu: an i18n key, where it goes, and the rights (any of) it needs. */
export interface MenuLink {
  id: string;
  labelKey: string;
  to: string;
}

export interface MenuSection {
  id: string;
  labelKey: string;
  items: MenuLink[];
}

type HasRight = (right: AccessRight, businessUnitId?: number) => boolean;

/** A menu entry of the screen tables with where it leads (the screen's pattern) and the rights it needs. */
interface MenuLinkRule extends ScreenMenuEntry {
  to: string;
}

/** The links of one menu, from the screen tables (docs/decisions/0055), in their order. */
const rulesOf = (menu: MenuName): MenuLinkRule[] =>
  screens
    .flatMap((screen) =>
      (screen.menu ?? [])
        .filter((entry) => entry.menu === menu)
        .map((entry) => ({ ...entry, rights: entry.rights ?? screen.rights, to: linkPattern(screen) })),
    )
    .sort((a, b) => a.order - b.order);

const visible = (rule: MenuLinkRule, hasRight: HasRight, features: FeatureSwitches, unit?: number) =>
  (!rule.rights || rule.rights.some((r) => hasRight(r, unit))) &&
  !(rule.unlessRights ?? []).some((r) => hasRight(r, unit)) &&
  (rule.when?.(features) ?? true);

const strip = ({ id, labelKey, to }: MenuLinkRule): MenuLink => ({ id, labelKey, to });

/** The general-settings sections the user may see (rights in the global unit); empty sections are left out. */
export function generalSettingsMenu(hasRight: HasRight, features: FeatureSwitches): MenuSection[] {
  const rules = rulesOf('general-settings');
  return GENERAL_SETTINGS_SECTIONS.map((section) => ({
    id: section.id,
    labelKey: section.labelKey,
    items: rules.filter((item) => item.section === section.id && visible(item, hasRight, features)).map(strip),
  })).filter((section) => section.items.length > 0);
}

const unitLinks = (menu: MenuName, hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] =>
  rulesOf(menu)
    .filter((item) => visible(item, hasRight, features, businessUnitId))
    .map((item) => ({ ...strip(item), to: pathTo(item.to, { businessUnitId }) }));

/** The administration links of one business unit (rights in that unit). */
export function administrationMenu(hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] {
  return unitLinks('administration', hasRight, features, businessUnitId);
}

/** The backend-configuration links of one business unit (rights in that unit). */
export function backendConfigurationMenu(hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] {
  return unitLinks('backend-configuration', hasRight, features, businessUnitId);
}

/** The website-configuration links of one business unit (rights in that unit). */
export function websiteConfigurationMenu(hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] {
  return unitLinks('website-configuration', hasRight, features, businessUnitId);
}

/** The top bar's plain links inside a business unit (product types, documents, publish; rights in that unit). */
export function topBarLinks(hasRight: HasRight, features: FeatureSwitches, businessUnitId: number): MenuLink[] {
  return unitLinks('top-bar', hasRight, features, businessUnitId);
}

/** The account menu: the password page only for username/password sign-in. */
export function accountMenu(authenticationMechanism: FeatureSwitches['authenticationMechanism']): MenuLink[] {
  const features = { ...DEFAULT_FEATURES, authenticationMechanism };
  return rulesOf('account')
    .filter((item) => visible(item, () => false, features))
    .map(strip);
}
