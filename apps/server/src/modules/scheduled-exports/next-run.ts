/** When a schedule runs: its frequency, the day it needs, the hour (UTC). */
export interface Timing {
  /** DAILY, WEEKLY or MONTHLY. */
  frequency: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  hour: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first run strictly after `after`, at the top of the schedule's hour in UTC: every day;
 * on its ISO day of the week (1 Monday … 7 Sunday); or on its day of the month (1–28, so every
 * month has it). Runs missed while the tick was down are not made up: the next one is after `after`.
 */
export function nextRunAfter(t: Timing, after: Date): Date {
  const y = after.getUTCFullYear();
  const m = after.getUTCMonth();
  const d = after.getUTCDate();
  if (t.frequency === 'MONTHLY') {
    const day = t.dayOfMonth ?? 1;
    const thisMonth = new Date(Date.UTC(y, m, day, t.hour));
    return thisMonth > after ? thisMonth : new Date(Date.UTC(y, m + 1, day, t.hour));
  }
  let candidate = new Date(Date.UTC(y, m, d, t.hour));
  if (t.frequency === 'WEEKLY') {
    const isoDay = ((candidate.getUTCDay() + 6) % 7) + 1;
    candidate = new Date(candidate.getTime() + (((((t.dayOfWeek ?? 1) - isoDay) % 7) + 7) % 7) * DAY_MS);
    return candidate > after ? candidate : new Date(candidate.getTime() + 7 * DAY_MS);
  }
  return candidate > after ? candidate : new Date(candidate.getTime() + DAY_MS);
}
