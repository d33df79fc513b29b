/** When a schedule runs: its frequency, the day it needs, the hour in its IANA time zone. */
export interface Timing {
  /** DAILY, WEEKLY or MONTHLY. */
  frequency: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  hour: number;
  /** An IANA time zone (UTC when none is given). */
  timeZone?: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A calendar day (month from 0), with no time zone: its arithmetic goes through Date.UTC. */
interface Day {
  y: number;
  m: number;
  d: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `instant` in the zone, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(new Date(instant))) parts[p.type] = Number(p.value);
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** How far the zone's wall clock is ahead of UTC at `instant` (milliseconds, whole seconds). */
const offsetAt = (instant: number, timeZone: string) => wallClock(instant, timeZone) - Math.floor(instant / 1000) * 1000;

/**
 * The instant at which the zone's clocks show `hour` o'clock on `day`. An hour that a
 * spring-forward skips runs as late as the gap (02:00 on the day Brussels goes from 02:00 to
 * 03:00 runs at 03:00); an hour that a fall-back repeats runs at its first occurrence (as
 * Temporal's "compatible" disambiguation).
 */
function zonedInstant(day: Day, hour: number, timeZone: string): Date {
  const wall = Date.UTC(day.y, day.m, day.d, hour);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const matches = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => wallClock(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(matches[0] ?? wall - before);
}

/** The calendar day of `instant` in the zone. */
function dayIn(instant: Date, timeZone: string): Day {
  const wall = new Date(wallClock(instant.getTime(), timeZone));
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth(), d: wall.getUTCDate() };
}

const plusDays = (day: Day, n: number): Day => {
  const t = new Date(Date.UTC(day.y, day.m, day.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth(), d: t.getUTCDate() };
};
/** ISO day of the week, 1 Monday … 7 Sunday. */
const isoDayOf = (day: Day) => ((new Date(Date.UTC(day.y, day.m, day.d)).getUTCDay() + 6) % 7) + 1;

/**
 * The first run strictly after `after`, at the top of the schedule's hour on its zone's clocks
 * (so a daily 06:00 in Europe/Brussels is 05:00 UTC in winter and 04:00 UTC in summer): every
 * day; on its ISO day of the week (1 Monday … 7 Sunday); or on its day of the month (1–28, so
 * every month has it). Runs missed while the tick was down are not made up: the next one is after
 * `after`.
 */
export function nextRunAfter(t: Timing, after: Date): Date {
  const zone = t.timeZone ?? 'UTC';
  const today = dayIn(after, zone);
  const at = (day: Day) => zonedInstant(day, t.hour, zone);
  if (t.frequency === 'MONTHLY') {
    const day = t.dayOfMonth ?? 1;
    const thisMonth = at({ y: today.y, m: today.m, d: day });
    if (thisMonth > after) return thisMonth;
    const next = new Date(Date.UTC(today.y, today.m + 1, day));
    return at({ y: next.getUTCFullYear(), m: next.getUTCMonth(), d: day });
  }
  if (t.frequency === 'WEEKLY') {
    const first = plusDays(today, ((((t.dayOfWeek ?? 1) - isoDayOf(today)) % 7) + 7) % 7);
    const candidate = at(first);
    return candidate > after ? candidate : at(plusDays(first, 7));
  }
  const candidate = at(today);
  return candidate > after ? candidate : at(plusDays(today, 1));
}
