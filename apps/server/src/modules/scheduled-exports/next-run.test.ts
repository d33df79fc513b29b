import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './next-run.js';

/** Next runs are at the top of the hour on the schedule's zone's clocks (UTC by default), strictly after the given instant. */
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

  it("in a time zone: the hour on the zone's clocks, winter and summer", () => {
    const brussels = (hour: number) => ({ ...daily(hour), timeZone: 'Europe/Brussels' });
    expect(nextRunAfter(brussels(6), at('2030-01-07T00:00:00Z'))).toEqual(at('2030-01-07T05:00:00Z'));
    expect(nextRunAfter(brussels(6), at('2030-07-07T00:00:00Z'))).toEqual(at('2030-07-07T04:00:00Z'));
    // already past 06:00 in Brussels (05:30 UTC in summer), so tomorrow
    expect(nextRunAfter(brussels(6), at('2030-07-07T04:30:00Z'))).toEqual(at('2030-07-08T04:00:00Z'));
    // the zone's day, not UTC's: Monday 06:00 in Auckland (UTC+13 in January) is Sunday 17:00 UTC
    const auckland = { ...weekly(1, 6), timeZone: 'Pacific/Auckland' };
    expect(nextRunAfter(auckland, at('2030-01-06T12:00:00Z'))).toEqual(at('2030-01-06T17:00:00Z'));
    expect(nextRunAfter(auckland, at('2030-01-06T17:00:00Z'))).toEqual(at('2030-01-13T17:00:00Z'));
    const newYork = { ...monthly(1, 6), timeZone: 'America/New_York' };
    expect(nextRunAfter(newYork, at('2030-03-02T00:00:00Z'))).toEqual(at('2030-04-01T10:00:00Z'));
    expect(nextRunAfter(newYork, at('2030-12-01T11:00:00Z'))).toEqual(at('2031-01-01T11:00:00Z'));
  });

  it('daylight saving time: a skipped hour runs as late as the gap, a repeated hour once, at its first occurrence', () => {
    const brussels = (hour: number) => ({ ...daily(hour), timeZone: 'Europe/Brussels' });
    // 2030-03-31: Brussels goes from 02:00 CET to 03:00 CEST (01:00 UTC); 02:00 does not exist
    expect(nextRunAfter(brussels(2), at('2030-03-30T12:00:00Z'))).toEqual(at('2030-03-31T01:00:00Z'));
    expect(nextRunAfter(brussels(2), at('2030-03-31T01:00:00Z'))).toEqual(at('2030-04-01T00:00:00Z'));
    // the day before and the hour after the change are unaffected
    expect(nextRunAfter(brussels(2), at('2030-03-29T12:00:00Z'))).toEqual(at('2030-03-30T01:00:00Z'));
    expect(nextRunAfter(brussels(3), at('2030-03-30T12:00:00Z'))).toEqual(at('2030-03-31T01:00:00Z'));
    // 2030-10-27: 03:00 CEST goes back to 02:00 CET; 02:00 happens twice (00:00 and 01:00 UTC): one run, the first
    expect(nextRunAfter(brussels(2), at('2030-10-26T12:00:00Z'))).toEqual(at('2030-10-27T00:00:00Z'));
    expect(nextRunAfter(brussels(2), at('2030-10-27T00:00:30Z'))).toEqual(at('2030-10-28T01:00:00Z'));
    // a weekly Sunday 02:00 on both change days
    const sunday = { ...weekly(7, 2), timeZone: 'Europe/Brussels' };
    expect(nextRunAfter(sunday, at('2030-03-25T00:00:00Z'))).toEqual(at('2030-03-31T01:00:00Z'));
    expect(nextRunAfter(sunday, at('2030-10-21T00:00:00Z'))).toEqual(at('2030-10-27T00:00:00Z'));
  });
});
