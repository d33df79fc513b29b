import { describe, expect, it } from 'vitest';
import { countryName, formatDate, formatDateTime, formatMonth, formatNumber, languageName, languageNames } from './format';

describe('one date format across the admin (decision 0051)', () => {
  it('writes a calendar day as that day, in every time zone', () => {
    expect(formatDate('2026-03-01')).toBe('1 Mar 2026');
    expect(formatDate('2026-12-31')).toBe('31 Dec 2026');
  });

  it('writes an instant as day, month name and year, with the 24-hour time in the user’s zone', () => {
    const at = '2026-11-25T14:05:09Z';
    const local = new Date(at);
    const two = (n: number) => String(n).padStart(2, '0');
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
    const day = `${local.getDate()} ${months[local.getMonth()]} ${local.getFullYear()}`;
    expect(formatDate(at)).toBe(day);
    expect(formatDateTime(at)).toBe(`${day}, ${two(local.getHours())}:${two(local.getMinutes())}`);
    expect(formatDateTime(at, { seconds: true })).toBe(`${day}, ${two(local.getHours())}:${two(local.getMinutes())}:09`);
    expect(formatDateTime(new Date(at))).toBe(formatDateTime(at));
  });

  it('says UTC when it writes UTC', () => {
    expect(formatDateTime('2026-11-25T23:30:00Z', { utc: true })).toBe('25 Nov 2026, 23:30:00 UTC');
  });

  it('writes nothing for no date or a date it cannot read', () => {
    for (const none of [null, undefined, '', 'not a date']) {
      expect(formatDate(none)).toBe('');
      expect(formatDateTime(none)).toBe('');
    }
  });

  it('writes months and numbers the same way', () => {
    expect(formatMonth('2026-02')).toBe('Feb 2026');
    expect(formatMonth('2026-02-17')).toBe('Feb 2026');
    expect(formatNumber(12345)).toBe('12,345');
  });
});

describe('languages and countries by name, not code', () => {
  it('names languages, regional variants too, and keeps an unknown code', () => {
    expect(languageName('fr')).toBe('French');
    expect(languageName('pt-BR')).toBe('Brazilian Portuguese');
    expect(languageNames(['en', 'nl'])).toBe('English, Dutch');
    expect(languageName('zz-not')).toBe('zz-not');
  });

  it('names countries whatever the case of their code', () => {
    expect(countryName('be')).toBe('Belgium');
    expect(countryName('DE')).toBe('Germany');
  });
});
