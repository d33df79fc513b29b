import {
  type DocumentAttributeDefinition,
  type DocumentAttributeList,
  DocumentErrorKeys,
  DocumentRecordErrorKeys,
  type documentAttributeListBody,
  type SearchType,
} from '@vellum/contract';
import type { z } from 'zod';
import { type Actor, audit, diff } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, fieldError, notFound, uniqueViolationOf } from '../../platform/errors.js';
import * as repo from './document-attributes.repo.js';
import { businessUnitExists } from './document-types.repo.js';

type ListBody = z.output<typeof documentAttributeListBody>;
type DefinitionInput = ListBody['definitions'][number];

const ENTITY = 'document-attribute-definition';
const OBJECT = 'documentAttributeDefinitions';

const view = (d: repo.DefinitionRow): DocumentAttributeDefinition => ({
  id: d.id,
  businessUnitId: d.businessUnitId,
  name: d.name,
  slug: d.slug,
  unique: d.unique,
  mandatory: d.mandatory,
  isActive: d.isActive,
  searchType: d.searchType as SearchType,
  visualizationOrder: d.visualizationOrder,
});
const stateOf = (d: Omit<DocumentAttributeDefinition, 'id' | 'businessUnitId'>) => ({
  name: d.name,
  slug: d.slug,
  unique: d.unique,
  mandatory: d.mandatory,
  isActive: d.isActive,
  searchType: d.searchType,
  visualizationOrder: d.visualizationOrder,
});

/** Document attributes belong to a real business unit (unit 0, the global scope, has none). */
async function requireUnit(deps: Pick<Deps, 'db'>, businessUnitId: number): Promise<void> {
  if (businessUnitId === 0 || !(await businessUnitExists(deps.db, businessUnitId))) throw notFound('business-unit');
}

export async function getDocumentAttributes(deps: Pick<Deps, 'db'>, businessUnitId: number): Promise<DocumentAttributeList> {
  await requireUnit(deps, businessUnitId);
  const [version, rows] = await Promise.all([repo.listVersion(deps.db, businessUnitId), repo.definitionsOfUnit(deps.db, businessUnitId)]);
  return { businessUnitId, version, definitions: rows.map(view) };
}

/**
 * The rules of the list as it will be stored: each id names a definition of the unit, once; names
 * (regardless of case) and slugs are unique. The first problem of the body is answered, with its
 * field (`definitions.{index}.{field}`).
 */
function checkList(definitions: DefinitionInput[], stored: Map<number, repo.DefinitionRow>): void {
  const ids = new Set<number>();
  const names = new Set<string>();
  const slugs = new Set<string>();
  definitions.forEach((d, i) => {
    if (d.id !== null) {
      if (!stored.has(d.id) || ids.has(d.id))
        throw fieldError(OBJECT, `definitions.${i}.id`, DocumentErrorKeys.attributeDefinitionInvalid, { id: d.id });
      ids.add(d.id);
    }
    if (names.has(d.name.toLowerCase()))
      throw fieldError(OBJECT, `definitions.${i}.name`, DocumentErrorKeys.attributeNameExists, { name: d.name });
    names.add(d.name.toLowerCase());
    if (slugs.has(d.slug)) throw fieldError(OBJECT, `definitions.${i}.slug`, DocumentErrorKeys.attributeSlugExists, { slug: d.slug });
    slugs.add(d.slug);
  });
}

/**
 * Replaces the unit's list in one transaction: definitions without id are added, those with an id
 * updated, stored ones left out removed (with their values on documents, by cascade). A definition
 * switched to unique is refused while documents share a value of it; the values' `is_unique` follows
 * the switch in the same transaction.
 * `version` is the list's version as read; a stale one answers 409 and changes nothing.
 */
export async function saveDocumentAttributes(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  businessUnitId: number,
  body: ListBody,
): Promise<DocumentAttributeList> {
  await requireUnit(deps, businessUnitId);
  await deps.db
    .transaction(async (tx) => {
      if (!(await repo.bumpListVersion(tx, businessUnitId, body.version))) throw conflict();
      const stored = new Map((await repo.definitionsOfUnit(tx, businessUnitId)).map((d) => [d.id, d]));
      checkList(body.definitions, stored);
      const kept = new Set(body.definitions.flatMap((d) => (d.id === null ? [] : [d.id])));
      const removed = [...stored.values()].filter((d) => !kept.has(d.id));
      await repo.deleteDefinitions(
        tx,
        removed.map((d) => d.id),
      );
      await repo.parkNames(tx, [...kept]);
      const entry = { entityName: ENTITY, businessUnitId };
      for (const d of removed) {
        await audit(tx, actor, { ...entry, entityId: d.id, entityLabel: d.name, action: 'DELETE', changes: stateOf(view(d)) });
      }
      for (const d of body.definitions) {
        const values = { businessUnitId, ...stateOf(d) };
        if (d.id === null) {
          const row = await repo.insertDefinition(tx, values);
          await audit(tx, actor, { ...entry, entityId: row.id, entityLabel: row.name, action: 'CREATE', changes: stateOf(d) });
          continue;
        }
        const storedDefinition = stored.get(d.id) as repo.DefinitionRow;
        if (d.unique && !storedDefinition.unique) {
          // switched on: refused while two documents share a value (ignoring case)
          const shared = await repo.sharedValueOf(tx, d.id);
          if (shared !== undefined) {
            const i = body.definitions.indexOf(d);
            throw fieldError(OBJECT, `definitions.${i}.unique`, DocumentRecordErrorKeys.attributeValuesNotUnique, {
              name: d.name,
              value: shared,
            });
          }
        }
        await repo.updateDefinition(tx, d.id, values);
        if (d.unique !== storedDefinition.unique) await repo.setValuesUnique(tx, d.id, d.unique);
        const changes = diff(stateOf(view(stored.get(d.id) as repo.DefinitionRow)), stateOf(d));
        if (Object.keys(changes).length > 0) {
          await audit(tx, actor, { ...entry, entityId: d.id, entityLabel: d.name, action: 'UPDATE', changes });
        }
      }
    })
    .catch((err) => {
      // the list's version row serialises saves, so a collision here is a rule the checks missed
      if (uniqueViolationOf(err) !== undefined) throw conflict();
      throw err;
    });
  return getDocumentAttributes(deps, businessUnitId);
}
