import { isDeepStrictEqual } from 'node:util';
import type { SiteChange, SitePart } from '@vellum/contract';
import type { PublishedSite } from './published-site.js';

/*
 * What differs between two site documents (publication.site, decision 0037), part by part, in the
 * terms the publish page names them by (decision 0051). A stored site comes back from jsonb with
 * its keys reordered: every comparison is by value, never by the text of the document.
 */

/** The value as JSON has it (undefined fields gone), so a compiled site compares with a stored one. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? null));
const same = (a: unknown, b: unknown) => isDeepStrictEqual(plain(a), plain(b));

/** The fields of two objects whose values differ, in the after object's order. */
function changedKeys<T extends object>(
  before: T | undefined,
  after: T | undefined,
  names: Partial<Record<keyof T, string>> = {},
): string[] {
  const keys = new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})]) as Set<keyof T>;
  const changed: string[] = [];
  for (const k of keys) {
    if (!same(before?.[k], after?.[k])) changed.push(names[k] ?? String(k));
  }
  return changed;
}

/** Items with an id: the names of those added, removed or changed (a rename names the new name). */
function changedById<T extends { id: number; name: string }>(before: T[] = [], after: T[] = []): string[] {
  const was = new Map(before.map((b) => [b.id, b]));
  const is = new Map(after.map((a) => [a.id, a]));
  const names: string[] = [];
  for (const a of after) if (!same(was.get(a.id), a)) names.push(a.name);
  for (const b of before) if (!is.has(b.id)) names.push(b.name);
  return [...new Set(names)];
}

/** Items without an id (footer items, content blocks, resources): those only one side has, named by `name`. */
function changedByValue<T>(before: T[] = [], after: T[] = [], name: (item: T) => string): string[] {
  const key = (item: T) => JSON.stringify(sortedKeys(item));
  const was = new Set(before.map(key));
  const is = new Set(after.map(key));
  const names = [...after.filter((a) => !was.has(key(a))), ...before.filter((b) => !is.has(key(b)))].map(name);
  // the same items in another order: the order changed
  return names.length === 0 && !same(before, after) ? ['order'] : [...new Set(names)];
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortedKeys(v)]),
    );
  }
  return value;
}

/** Codes that one list has and the other has not. */
const symmetric = (before: string[] = [], after: string[] = []) => [
  ...after.filter((c) => !before.includes(c)),
  ...before.filter((c) => !after.includes(c)),
];

type Layout = PublishedSite['layout'];
const LAYOUT_FIELDS: Partial<Record<keyof Layout, string>> = { logoKey: 'logo', cssContent: 'css' };
const LAYOUT_OWN_PARTS: (keyof Layout)[] = ['footerItems', 'contentBlocks', 'publicResources'];

/**
 * The parts of the site that differ from `before` to `after`, in a fixed order, each with what it
 * names: field keys (settings, layout, manufacturer), ISO codes (languages, translations), or
 * names (regions, footer items, content block types, resources, product and document types,
 * restricted groups). No part is listed for equal documents.
 */
export function siteChanges(before: PublishedSite, after: PublishedSite): SiteChange[] {
  const changes: SiteChange[] = [];
  const add = (part: SitePart, items: string[], changed = items.length > 0) => {
    if (changed) changes.push({ part, items });
  };
  const unitFields = (u: PublishedSite['unit'] | undefined) =>
    u ? { displayName: u.displayName, slug: u.slug, active: u.active, ...u.settings } : undefined;
  add('settings', changedKeys(unitFields(before.unit), unitFields(after.unit)));
  add(
    'manufacturer',
    changedKeys({ ...before.manufacturer, audiences: before.audiences }, { ...after.manufacturer, audiences: after.audiences }),
  );
  const layoutOf = (l: Layout | undefined) =>
    l ? Object.fromEntries(Object.entries(l).filter(([k]) => !LAYOUT_OWN_PARTS.includes(k as keyof Layout))) : undefined;
  add('layout', changedKeys(layoutOf(before.layout) as Partial<Layout>, layoutOf(after.layout) as Partial<Layout>, LAYOUT_FIELDS));
  add(
    'footer',
    changedByValue(before.layout?.footerItems, after.layout?.footerItems, (f) => f.text),
  );
  add(
    'contentBlocks',
    changedByValue(before.layout?.contentBlocks, after.layout?.contentBlocks, (b) => b.type),
  );
  add(
    'publicResources',
    changedByValue(before.layout?.publicResources, after.layout?.publicResources, (r) => r.name),
  );
  add('regions', changedById(before.regions, after.regions));
  const languageCodes = (s: PublishedSite) => (s.languages ?? []).map((l) => l.isoCode);
  const languages = [
    ...symmetric(languageCodes(before), languageCodes(after)),
    ...symmetric(before.documentLanguages, after.documentLanguages),
  ];
  add('languages', [...new Set(languages)], languages.length > 0 || !same(before.languages, after.languages));
  const translated = new Set([...Object.keys(before.translations ?? {}), ...Object.keys(after.translations ?? {})]);
  add(
    'translations',
    [...translated].filter((code) => !same(before.translations?.[code], after.translations?.[code])),
  );
  add('productTypes', changedById(before.productTypes, after.productTypes));
  const documentTypes = [
    ...changedById(before.documentTypes, after.documentTypes),
    ...changedById(before.documentAttributeDefinitions, after.documentAttributeDefinitions),
  ];
  add('documentTypes', documentTypes);
  const groups = changedById(before.restrictedGroups, after.restrictedGroups);
  add('restrictedAccess', groups, groups.length > 0 || !same(before.documentSearchEmails, after.documentSearchEmails));
  return changes;
}
