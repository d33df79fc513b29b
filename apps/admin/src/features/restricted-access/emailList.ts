import { restrictedEmailSchema } from '@vellum/contract';

export interface AddEmailsResult {
  /** The list after adding. */
  emails: string[];
  /** What was added (lower-case). */
  added: string[];
  /** Entries that are no valid e-mail address, as typed. */
  invalid: string[];
  /** How many were already in the list (or typed twice). */
  duplicates: number;
  /** Valid addresses left out because the list is full. */
  overLimit: string[];
}

/** Splits typed or pasted text into entries: commas, semicolons, spaces and line breaks separate them. */
export const splitEmails = (text: string) => text.split(/[\s,;]+/).filter((s) => s.length > 0);

/** Adds the addresses of `text` to `list` as the server will store them: valid, lower-case, once, at most `max`. */
export function addEmails(list: readonly string[], text: string, max: number): AddEmailsResult {
  const emails = [...list];
  const seen = new Set(list);
  const result: AddEmailsResult = { emails, added: [], invalid: [], duplicates: 0, overLimit: [] };
  for (const entry of splitEmails(text)) {
    const parsed = restrictedEmailSchema.safeParse(entry);
    if (!parsed.success) {
      result.invalid.push(entry);
      continue;
    }
    if (seen.has(parsed.data)) {
      result.duplicates++;
      continue;
    }
    if (emails.length >= max) {
      result.overLimit.push(parsed.data);
      continue;
    }
    seen.add(parsed.data);
    emails.push(parsed.data);
    result.added.push(parsed.data);
  }
  return result;
}
