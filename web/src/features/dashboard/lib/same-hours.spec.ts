import { describe, expect, it } from 'vitest';
import { sameHours } from './same-hours.ts';

// New York, Friday 27 November 2026 at 1:24 PM (EST, UTC-5).
const zone = 'America/New_York';
const now = new Date('2026-11-27T18:24:00.000Z');
const at = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`).toISOString();
const feeding = (date: string, time: string, amountOz: number | null = 4) => ({ startedAt: at(date, time), endedAt: at(date, time), amountOz });
const sleep = (startDate: string, start: string, endDate: string, end: string) => ({ startedAt: at(startDate, start), endedAt: at(endDate, end) });

describe('sameHours', () => {
  it("compares today so far with earlier days by 1:24 PM, not with their whole days", () => {
    const feedings = [
      // Today: three bottles by 1:24 PM.
      feeding('2026-11-27', '03:00'),
      feeding('2026-11-27', '07:00'),
      feeding('2026-11-27', '11:30', 3),
      // Thursday: three by 1:24 PM, two after it.
      feeding('2026-11-26', '02:00'),
      feeding('2026-11-26', '06:00'),
      feeding('2026-11-26', '13:24', 5),
      feeding('2026-11-26', '16:00'),
      feeding('2026-11-26', '21:00'),
      // Tuesday: one nursing feed by then.
      feeding('2026-11-24', '09:00', null),
    ];
    const sleeps = [
      // Last night, from 7:30 PM to 6:10 AM: 6h 10m of it is today's.
      sleep('2026-11-26', '19:30', '2026-11-27', '06:10'),
      // Wednesday only a nap that ends after 1:24 PM: 54 minutes count.
      sleep('2026-11-25', '12:30', '2026-11-25', '15:00'),
    ];
    const { today, earlier } = sameHours(now, zone, 7, feedings, sleeps);
    expect(today).toEqual({ feeds: 3, oz: 11, sleepMins: 370 });
    // Thursday, Wednesday and Tuesday were tracked; the other days of the week were not and are left out.
    expect(earlier).toEqual([
      { feeds: 3, oz: 13, sleepMins: 0 },
      { feeds: 0, oz: 0, sleepMins: 54 },
      { feeds: 1, oz: 0, sleepMins: 0 },
    ]);
  });
});
