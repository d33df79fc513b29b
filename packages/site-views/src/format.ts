/**
 * Sizes, dates and file types as a visitor reads them, in the page's language (the runtime's CLDR
 * data): "1.2 MB" / "1,2 Mo", "1 January 2026" / "1 janvier 2026", "PDF".
 */

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** A byte count in bytes, kilobytes or megabytes, one decimal at most. */
export function formatSize(bytes: number, locale: string): string {
  const [value, unit] = bytes < 1000 ? [bytes, 'byte'] : bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(safeLocale(locale), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** A calendar date (`YYYY-MM-DD`) written out; anything else as it is. */
export function formatDate(isoDate: string, locale: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(isoDate)?.[0];
  if (!day) return isoDate;
  return new Intl.DateTimeFormat(safeLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'application/zip': 'ZIP',
};

/** The short name of a file's type for its download action ("Download PDF"); null when unknown. */
export function typeLabel(mediaType: string | null): string | null {
  return mediaType ? (TYPE_LABELS[mediaType.toLowerCase()] ?? null) : null;
}
