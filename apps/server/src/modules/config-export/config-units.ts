import { ConfigExportErrorKeys, type ConfigPart } from '@vellum/contract';
import { badRequest } from '../../platform/errors.js';

/** The id of each unit by slug, the global unit's (`global`, 0) included. */
export type UnitIds = Map<string, number>;

/** 400 unknownReference: the item `name` of `part` names an entity (params) neither the file nor this instance holds. */
export const unknownReference = (part: ConfigPart, name: string, params: Record<string, string>) =>
  badRequest(ConfigExportErrorKeys.unknownReference, { part, name, ...params });

/** The id of the unit an item names; a unit this instance does not hold answers 400 unknownReference. */
export function unitIdOf(units: UnitIds, part: ConfigPart, name: string, slug: string): number {
  const id = units.get(slug);
  if (id === undefined) throw unknownReference(part, name, { businessUnit: slug });
  return id;
}

/** The items grouped by a key, in the order first met. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}
