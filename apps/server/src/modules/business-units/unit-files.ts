import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';

/** The storage keys of binaries a unit holds in one area (deleted with the unit's rows). */
export type UnitFileLookup = (db: DbOrTx, businessUnitId: number) => Promise<string[]>;

const lookups: UnitFileLookup[] = [];

/**
 * Areas whose rows go with a deleted unit (ON DELETE CASCADE, decision 0021) register here where
 * their binaries are, so the delete can remove them from storage once its transaction commits.
 */
export function registerUnitFiles(lookup: UnitFileLookup): void {
  lookups.push(lookup);
}

export async function unitFiles(db: DbOrTx, businessUnitId: number): Promise<string[]> {
  const keys: string[] = [];
  for (const lookup of lookups) keys.push(...(await lookup(db, businessUnitId)));
  return keys;
}

/** Rows of an area that a unit's delete removes first (rows not deleted by a cascade, such as previews). */
export type UnitRowsRemover = (db: DbOrTx, businessUnitId: number) => Promise<void>;
const removers: UnitRowsRemover[] = [];

export function registerUnitRowsRemover(remover: UnitRowsRemover): void {
  removers.push(remover);
}

export async function removeUnitRows(db: DbOrTx, businessUnitId: number): Promise<void> {
  for (const remove of removers) await remove(db, businessUnitId);
}

/** What follows a change of a unit's active flag once it has committed (its website's status). */
export type UnitActiveChange = (deps: Pick<Deps, 'db'>, actor: Actor, businessUnitId: number, active: boolean) => Promise<void>;
const activeChanges: UnitActiveChange[] = [];

export function registerUnitActiveChange(listener: UnitActiveChange): void {
  activeChanges.push(listener);
}

export async function unitActiveChanged(deps: Pick<Deps, 'db'>, actor: Actor, businessUnitId: number, active: boolean): Promise<void> {
  for (const listener of activeChanges) await listener(deps, actor, businessUnitId, active);
}
