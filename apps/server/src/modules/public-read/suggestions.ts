import type { DbOrTx } from '../../db/client.js';
import { productTypes } from './catalogue.js';
import type { Audience, LivePublication } from './public-read.types.js';
import * as repo from './suggestions.repo.js';

/** Fewer characters than this suggest nothing (too many values to be of use, and no index narrows them). */
export const MIN_SUGGEST_CHARACTERS = 2;
/** Values past their first character are matched from this many characters on (the trigram index needs three). */
export const MIN_INFIX_CHARACTERS = 3;
export const MAX_SUGGESTIONS = 10;

/**
 * Values to suggest while a visitor types into a search field (decision 0046): only for a key
 * code or STRING attribute whose search type for the audience is partial (an exact or dropdown
 * field, a lot or a field the audience cannot search suggests nothing: null), among the type's
 * products visible at `at` in the live publication. Values that start with the text come first,
 * then (from three characters) those that hold it further on, each once ignoring case, at most
 * ten. Null for an unknown type or one the audience does not see.
 */
export async function suggestValues(
  db: DbOrTx,
  live: LivePublication,
  q: { productTypeSlug: string; audience: Audience; field: 'keyCode' | number; text: string; limit?: number },
  at: Date,
): Promise<string[] | null> {
  const type = productTypes(live.site, q.audience).find((t) => t.slug === q.productTypeSlug);
  if (!type) return null;
  const field = type.searchFields.find((f) => f.field === q.field);
  if (!field || field.field === 'lot' || field.searchType !== 'SEARCHABLE_PARTIAL') return null;
  const text = q.text.trim();
  const length = [...text].length;
  if (length < MIN_SUGGEST_CHARACTERS) return [];
  const limit = Math.min(MAX_SUGGESTIONS, Math.max(1, Math.trunc(q.limit ?? MAX_SUGGESTIONS)));
  const filter = { contentId: live.contentId, productTypeId: type.id, at, field: field.field, text };
  const first = await repo.suggestions(db, { ...filter, match: 'PREFIX' }, limit);
  if (first.length >= limit || length < MIN_INFIX_CHARACTERS) return first;
  return [...first, ...(await repo.suggestions(db, { ...filter, match: 'INFIX' }, limit - first.length))];
}
