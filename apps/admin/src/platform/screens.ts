import type { AccessRight } from '@vellum/contract';
import type { ComponentType } from 'react';
import type { AccessScope } from './access';
import type { FeatureSwitches } from './queries';

/** The menus of the shell a screen can be linked from. */
export type MenuName = 'general-settings' | 'administration' | 'backend-configuration' | 'website-configuration' | 'top-bar' | 'account';

/** The sections of the general-settings menu, in their order (document 001 section 6). */
export const GENERAL_SETTINGS_SECTIONS = [
  { id: 'access-management', labelKey: 'shell.menu.accessManagement' },
  { id: 'manufacturer-management', labelKey: 'shell.menu.manufacturerManagement' },
  { id: 'manufacturer-website', labelKey: 'shell.menu.manufacturerWebsite' },
  // document 000 section 6: regions and product types, only while global search is on
  { id: 'global-search', labelKey: 'shell.menu.globalSearch' },
] as const;

export type GeneralSettingsSection = (typeof GENERAL_SETTINGS_SECTIONS)[number]['id'];

/** A link to a screen in one of the shell's menus. */
export interface ScreenMenuEntry {
  menu: MenuName;
  /** The general-settings section the link sits in (that menu only). */
  section?: GeneralSettingsSection;
  id: string;
  labelKey: string;
  /** Its place in the menu (or section): lower first. */
  order: number;
  /** The rights (any of) the link needs, when they differ from the screen's. */
  rights?: readonly AccessRight[];
  /** Shown only when this returns true (feature switches). */
  when?: (features: FeatureSwitches) => boolean;
  /** Hidden when any of these is held (another entry leads there already). */
  unlessRights?: readonly AccessRight[];
}

/**
 * The crumb a screen gives the breadcrumb trail of every address below it: home, the business
 * unit (named by the unit) or the product type (named by the type).
 */
export type Crumb = 'home' | 'business-unit' | 'product-type';

/**
 * One screen of the admin (react-admin's `<Resource>` in small): where it lives, who may open it,
 * what it shows and where the shell links to it. The router, the menus and the breadcrumbs are
 * built from the features' screen tables (docs/decisions/0055).
 */
export interface Screen {
  /** The address pattern (react-router); `/*` when the feature routes the addresses below it itself. */
  path: string;
  /** 'public': outside the shell and its guard (signing in); default: in the shell, signed in. */
  layout?: 'public' | 'shell';
  /** The rights (any of) the screen needs; none: any signed-in user. */
  rights?: readonly AccessRight[];
  /** Where the rights are held: the global unit 0 (default) or the address's business unit. */
  scope?: AccessScope;
  /** The page (lazy where it is not needed at start, see platform/lazyPage). */
  page?: ComponentType;
  /** Instead of a page: where the address leads (relative to it, or absolute). */
  redirect?: string;
  menu?: readonly ScreenMenuEntry[];
  breadcrumb?: Crumb;
}

/** A feature's screen table, checked against the `Screen` type while keeping its literal shape. */
export function defineScreens<const T extends readonly Screen[]>(screens: T): T {
  return screens;
}

/** Where a menu links to for a screen: its pattern without the trailing `/*`. */
export const linkPattern = (screen: Pick<Screen, 'path'>): string => screen.path.replace(/\/\*$/, '');
