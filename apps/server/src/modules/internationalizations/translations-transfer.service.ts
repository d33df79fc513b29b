import {
  DICTIONARY_LANGUAGE,
  type internationalizationRtfQuery,
  TRANSLATABLE_ENTITIES,
  type TranslatableEntityName,
} from '@vellum/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { type RichTextFormat, richTextFromDocument } from '../../platform/rich-text.js';
import { uploadTranslationDocument } from './internationalizations.service.js';
import { translatableEntity } from './translatable-entities.js';
import { recordTranslationsOfUnit } from './translations-transfer.repo.js';

/*
 * Record translations leaving and entering the instance as a whole (the configuration export,
 * decision 0078): what the unit stores, and a rich-text translation saved from its original
 * document. Plain translations are saved through saveInternationalizations itself.
 */

/** A stored translation of a record's text field. */
export interface StoredRecordTranslation {
  entityName: TranslatableEntityName;
  entityId: number;
  field: string;
  language: string;
  value: string;
  /** The uploaded original of a rich-text translation (its object key and format), if it came as a document. */
  original: { key: string; format: RichTextFormat } | null;
}

const FORMATS: Record<string, RichTextFormat> = { html: 'html', txt: 'txt' };

/**
 * The unit's stored translations of record fields a translator translates (never English, the
 * records' own text). The records are not looked up: a translation of a record gone since is
 * stored still, and the caller leaves out what it cannot name.
 */
export async function recordTranslationsOf(deps: Pick<Deps, 'db'>, businessUnitId: number): Promise<StoredRecordTranslation[]> {
  const result: StoredRecordTranslation[] = [];
  for (const row of await recordTranslationsOfUnit(deps.db, businessUnitId)) {
    if (!(TRANSLATABLE_ENTITIES as readonly string[]).includes(row.entityName)) continue;
    const entityName = row.entityName as TranslatableEntityName;
    const { fields } = translatableEntity(entityName);
    const rule = Object.hasOwn(fields, row.field) ? fields[row.field] : undefined;
    if (!rule || row.interfaceLanguageIso === DICTIONARY_LANGUAGE) continue;
    const key = row.cloudStorageObjectKey;
    const format = key && rule.richText ? FORMATS[key.slice(key.lastIndexOf('.') + 1)] : undefined;
    result.push({
      entityName,
      entityId: row.entityId,
      field: row.field,
      language: row.interfaceLanguageIso,
      value: row.translatedValue,
      original: key && format ? { key, format } : null,
    });
  }
  return result;
}

/**
 * A rich-text translation from its original document (HTML or plain text), through the
 * translator's own document upload: the same conversion, rules and audit row.
 */
export async function saveTranslationDocument(
  deps: Pick<Deps, 'db' | 'files'>,
  actor: Actor,
  q: z.output<typeof internationalizationRtfQuery>,
  original: Buffer,
  format: RichTextFormat,
) {
  return uploadTranslationDocument(deps, actor, q, { original, format, html: await richTextFromDocument(original, format) });
}
