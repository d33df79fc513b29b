/**
 * How the admin writes dates, languages and countries: one place, one format (decision 0051).
 * The admin speaks English only (spec 001), so the format is fixed and unambiguous whatever the
 * browser's locale: day, month name, year ("25 Nov 2026"), times on the 24-hour clock in the
 * user's time zone ("25 Nov 2026, 14:05"). A calendar day (YYYY-MM-DD, such as a file version's
 * date) is written as that day in every time zone.
 */

const LOCALE = 'en-GB';
const day = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });
const utcDateTimeSeconds = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** The same day as Mantine's date pickers write it (dayjs tokens). */
export const DATE_INPUT_FORMAT = 'DD MMM YYYY';
export const DATE_TIME_INPUT_FORMAT = 'DD MMM YYYY HH:mm';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
type DateValue = string | Date | null | undefined;

function toDate(value: DateValue): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** "25 Nov 2026": an instant in the user's time zone, a calendar day (YYYY-MM-DD) as that day; '' for none. */
export function formatDate(value: DateValue): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return day.format(new Date(`${value}T00:00:00Z`));
  const d = toDate(value);
  return d ? date.format(d) : '';
}

const month = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "Nov 2026" for a calendar month (YYYY-MM, or a day of it); the value itself when it is none. */
export function formatMonth(value: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  return m ? month.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1))) : value;
}

/**
 * "25 Nov 2026, 14:05" in the user's time zone; with seconds for logs ("25 Nov 2026, 14:05:09");
 * `utc` writes the instant in UTC and says so (the download statistics count UTC days).
 */
export function formatDateTime(value: DateValue, options: { seconds?: boolean; utc?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  if (options.utc) return `${utcDateTimeSeconds.format(d)} UTC`;
  return (options.seconds ? dateTimeSeconds : dateTime).format(d);
}

const zoned = new Map<string, Intl.DateTimeFormat>();
/** "25 Nov 2026, 06:00 Europe/Brussels": an instant on the clocks of an IANA time zone, which it names. */
export function formatDateTimeIn(value: DateValue, timeZone: string): string {
  const d = toDate(value);
  if (!d) return '';
  let f = zoned.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    zoned.set(timeZone, f);
  }
  return `${f.format(d)} ${timeZone}`;
}

const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const nameOf = (names: Intl.DisplayNames, code: string) => {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

/** A language by its English name ("French", "Brazilian Portuguese" for pt-BR); the code when unknown. */
export const languageName = (code: string) => nameOf(languages, code);
/** Languages by name, in the order given, joined for a sentence or a cell. */
export const languageNames = (codes: readonly string[]) => codes.map(languageName).join(', ');
/** A country by its English name ("Belgium"); the code when unknown. */
export const countryName = (code: string) => nameOf(regions, code.toUpperCase());

const numbers = new Intl.NumberFormat(LOCALE);
/** "12,345". */
export const formatNumber = (n: number) => numbers.format(n);
