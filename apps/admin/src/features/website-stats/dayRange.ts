/** Whole UTC days as the API takes them (YYYY-MM-DD). */

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
export const daysBefore = (day: string, n: number) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS));
export const isDay = (s: string | null | undefined): s is string => !!s && ISO_DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** The range of the address (?from=&to=), or the last 30 days up to today when it names none (or a bad one). */
export function rangeFromParams(params: URLSearchParams, now = new Date()): { from: string; to: string } {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && from <= to) return { from, to };
  const today = utcDay(now);
  return { from: daysBefore(today, 29), to: today };
}

/** The picker's presets, ending today. */
export function presets(now = new Date()) {
  const today = utcDay(now);
  return {
    last7: [daysBefore(today, 6), today] as [string, string],
    last30: [daysBefore(today, 29), today] as [string, string],
    last365: [daysBefore(today, 364), today] as [string, string],
    thisYear: [`${today.slice(0, 4)}-01-01`, today] as [string, string],
  };
}
