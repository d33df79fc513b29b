/** fullName is derived from first and last name (the specification's User entity). */
export const fullNameOf = (u: { firstName: string | null; lastName: string | null }): string =>
  [u.firstName, u.lastName]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
