import { BulkImportRowKeys as K } from '@vellum/contract';
import type { RowErrorValues } from '../bulk-upload.repo.js';
import { SheetRefused } from './import-job.js';
import { VALUE_MAX } from './rejected-rows.js';

/** The columns a sheet's header names: each known column's index (-1 when absent) and each attribute column with its definition. */
export interface HeaderColumns<N extends string, D> {
  named: Record<N, number>;
  attributes: { index: number; def: D }[];
}

/**
 * Reads a sheet's header by the export's column names (decisions 0057, 0058): a known column by
 * its name (`names`, case and surrounding spaces aside), an attribute as `Name [slug]` by its slug;
 * an empty header cell (a trailing column) is skipped. A column named twice, an unknown name or
 * slug, or a `required` column missing refuses the sheet with every fault at once, on row 1.
 */
export function readHeader<N extends string, D extends { slug: string }>(
  header: readonly string[],
  definitions: readonly D[],
  names: Record<N, string>,
  required: readonly NoInfer<N>[],
): HeaderColumns<N, D> {
  const errors: RowErrorValues[] = [];
  const bySlug = new Map(definitions.map((d) => [d.slug, d]));
  const byName = new Map(Object.entries<string>(names).map(([column, name]) => [name.toLowerCase(), column as N]));
  const named = Object.fromEntries(Object.keys(names).map((column) => [column, -1])) as Record<N, number>;
  const attributes: { index: number; def: D }[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of header.entries()) {
    const name = raw.trim();
    if (name === '') continue;
    const err = (message: string) => errors.push({ row: 1, column: raw, message, params: { header: raw }, value: raw.slice(0, VALUE_MAX) });
    const slug = /\[([^\]]+)\]\s*$/.exec(name)?.[1]?.trim();
    const key = slug ? `slug:${slug}` : name.toLowerCase();
    if (seen.has(key)) {
      err(K.duplicateColumn);
      continue;
    }
    seen.add(key);
    const def = slug === undefined ? undefined : bySlug.get(slug);
    const column = slug === undefined ? byName.get(key) : undefined;
    if (def) attributes.push({ index, def });
    else if (column !== undefined) named[column] = index;
    else err(K.unknownColumn);
  }
  for (const column of required) {
    const header = names[column];
    if (named[column] < 0) errors.push({ row: 1, column: header, message: K.missingColumn, params: { header }, value: null });
  }
  if (errors.length > 0) throw new SheetRefused(errors);
  return { named, attributes };
}

/** A cell's lines, trimmed, the empty ones left out (a list cell: groups, lot ranges, products, countries). */
export const linesOf = (cell: string | undefined) =>
  (cell ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
