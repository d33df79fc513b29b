import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './next-run.js';

/** Next runs are at the top of the hour in UTC, strictly after the given instant. */
const at = (iso: string) => new Date(iso);
const daily = (hour: number) => ({ frequency: 'DAILY', dayOfWeek: null, dayOfMonth: null, hour });
const weekly = (dayOfWeek: number, hour: number) => ({ frequency: 'WEEKLY', dayOfWeek, dayOfMonth: null, hour });
const monthly = (dayOfMonth: number, hour: number) => ({ frequency: 'MONTHLY', dayOfWeek: null, dayOfMonth, hour });

describe('nextRunAfter', () => {
  it('daily: today at the hour, or tomorrow once it has passed or is now', () => {
    expect(nextRunAfter(daily(6), at('2030-01-07T05:59:59Z'))).toEqual(at('2030-01-07T06:00:00Z'));
    expect(nextRunAfter(daily(6), at('2030-01-07T06:00:00Z'))).toEqual(at('2030-01-08T06:00:00Z'));
    expect(nextRunAfter(daily(0), at('2030-12-31T23:30:00Z'))).toEqual(at('2031-01-01T00:00:00Z'));
  });

  it('weekly: the next ISO day of the week (1 Monday, 7 Sunday) at the hour', () => {
    // 2030-01-07 is a Monday
    expect(nextRunAfter(weekly(1, 6), at('2030-01-07T05:00:00Z'))).toEqual(at('2030-01-07T06:00:00Z'));
    expect(nextRunAfter(weekly(1, 6), at('2030-01-07T06:00:00Z'))).toEqual(at('2030-01-14T06:00:00Z'));
    expect(nextRunAfter(weekly(7, 23), at('2030-01-07T06:00:00Z'))).toEqual(at('2030-01-13T23:00:00Z'));
    expect(nextRunAfter(weekly(3, 0), at('2030-01-10T12:00:00Z'))).toEqual(at('2030-01-16T00:00:00Z'));
  });

  it('monthly: the day of this month, else of the next (also across a year)', () => {
    expect(nextRunAfter(monthly(28, 6), at('2030-02-01T00:00:00Z'))).toEqual(at('2030-02-28T06:00:00Z'));
    expect(nextRunAfter(monthly(1, 6), at('2030-01-31T12:00:00Z'))).toEqual(at('2030-02-01T06:00:00Z'));
    expect(nextRunAfter(monthly(15, 6), at('2030-12-15T06:00:00Z'))).toEqual(at('2031-01-15T06:00:00Z'));
  });
});
