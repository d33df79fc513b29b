import { describe, expect, it } from 'vitest';
import { addEmails, splitEmails } from './emailList';

describe('addEmails', () => {
  it('splits pasted lists on commas, semicolons, spaces and line breaks', () => {
    expect(splitEmails(' a@x.org, b@x.org;c@x.org\n\td@x.org  ')).toEqual(['a@x.org', 'b@x.org', 'c@x.org', 'd@x.org']);
  });

  it('adds valid addresses lower-case, once, and reports invalid ones and duplicates', () => {
    const r = addEmails(['kept@x.org'], 'New@X.org KEPT@x.org new@x.org nope a@b', 1000);
    expect(r.emails).toEqual(['kept@x.org', 'new@x.org']);
    expect(r.added).toEqual(['new@x.org']);
    expect(r.invalid).toEqual(['nope', 'a@b']);
    expect(r.duplicates).toBe(2);
    expect(r.overLimit).toEqual([]);
  });

  it('stops at the maximum', () => {
    const r = addEmails(['a@x.org'], 'b@x.org c@x.org', 2);
    expect(r.emails).toEqual(['a@x.org', 'b@x.org']);
    expect(r.overLimit).toEqual(['c@x.org']);
  });
});
