/** Two-word prefixes that name a group of rights; otherwise the first word is the prefix. */
const LONG_PREFIXES = ['BUSINESS_UNIT', 'PRODUCT_TYPE', 'PRODUCT_REMARK', 'DOCUMENT_TYPE', 'AUDIT_LOG'];
export const OTHER_GROUP = 'OTHER';

export interface RightGroup {
  prefix: string;
  rights: string[];
}

export function rightPrefix(right: string): string {
  return LONG_PREFIXES.find((p) => right.startsWith(`${p}_`)) ?? right.split('_')[0];
}

/**
 * Groups access rights by prefix (BUSINESS_UNIT_*, DOCUMENT_*...) in the order the server lists them;
 * a prefix with a single right joins the 'other' group at the end.
 */
export function groupRights(rights: readonly string[]): RightGroup[] {
  const byPrefix = new Map<string, string[]>();
  for (const right of rights) {
    const prefix = rightPrefix(right);
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), right]);
  }
  const groups: RightGroup[] = [];
  const other: string[] = [];
  for (const [prefix, list] of byPrefix) {
    if (list.length > 1) groups.push({ prefix, rights: list });
    else other.push(...list);
  }
  if (other.length) groups.push({ prefix: OTHER_GROUP, rights: other });
  return groups;
}
