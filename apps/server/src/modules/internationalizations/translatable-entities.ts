import type { TranslatableEntityName } from '@vellum/contract';
import type { DbOrTx } from '../../db/client.js';

/** One translatable text field of a record: its longest translation, and whether it is rich text. */
export interface TranslatableField {
  maxLength: number;
  richText?: boolean;
}

/** A record of a unit with the English (source) value of each translatable field. */
export interface TranslationSource {
  id: number;
  /** How the record is named to a translator (its name, key code, ...). */
  label: string;
  values: Record<string, string | null>;
}

/**
 * What the translations area needs to know of a translatable record type; the area that owns
 * the records registers it once when its module loads (like the unit-content counters), so the
 * translations area never reads another area's tables itself.
 */
export interface TranslatableEntity {
  entityName: TranslatableEntityName;
  fields: Record<string, TranslatableField>;
  /** The unit's records with their source values (only the given ids when `ids` is set). */
  sources(db: DbOrTx, businessUnitId: number, ids?: readonly number[]): Promise<TranslationSource[]>;
}

const registry = new Map<TranslatableEntityName, TranslatableEntity>();

export function registerTranslatableEntity(entity: TranslatableEntity): void {
  registry.set(entity.entityName, entity);
}

/** The registered record type, or undefined while its area does not exist yet. */
export function translatableEntity(name: TranslatableEntityName): TranslatableEntity | undefined {
  return registry.get(name);
}

export function translatableEntities(): TranslatableEntity[] {
  return [...registry.values()];
}
