import { describe, expect, it } from 'vitest';
import { nextNapEstimate, wakeWindowFor } from './wake-windows';

/**
 * Fixtures computed by hand from the table in docs/wake-windows.md: the next nap is due from the
 * last wake time plus the row's shortest window to the same plus its longest.
 */
const estimate = (birthDate: string, now: string, lastWokeAt: string | null, timezone = 'UTC', asleep = false) =>
  nextNapEstimate({ birthDate, timezone, now: new Date(now), lastWokeAt, asleep });

describe('the next nap estimate', () => {
  it('gives a 5-week-old (1 completed month: newborn to 1 month, 30–60 min) who woke at 09:20 a nap from 09:50 to 10:20', () => {
    expect(estimate('2026-10-14', '2026-11-20T10:00:00Z', '2026-11-20T09:20:00Z')).toMatchObject({
      wokeAt: '2026-11-20T09:20:00.000Z',
      from: '2026-11-20T09:50:00.000Z',
      to: '2026-11-20T10:20:00.000Z',
      wakeWindow: { label: 'Newborn to 1 month', minMinutes: 30, maxMinutes: 60 },
      label: 'Estimate from age-typical wake windows, not medical advice',
    });
  });

  it('gives a 3½-month-old (3 months, 75–120 min) who woke at 08:10 a nap from 09:25 to 10:10', () => {
    expect(estimate('2026-08-05', '2026-11-20T08:30:00Z', '2026-11-20T08:10:00Z')).toMatchObject({
      from: '2026-11-20T09:25:00.000Z',
      to: '2026-11-20T10:10:00.000Z',
      wakeWindow: { label: '3 months', minMinutes: 75, maxMinutes: 120 },
    });
  });

  it('gives an 8-month-old (7 to 10 months, 150–210 min) who woke at 07:00 a nap from 09:30 to 10:30', () => {
    expect(estimate('2026-03-20', '2026-11-20T07:05:00Z', '2026-11-20T07:00:00Z')).toMatchObject({
      from: '2026-11-20T09:30:00.000Z',
      to: '2026-11-20T10:30:00.000Z',
      wakeWindow: { label: '7 to 10 months', minMinutes: 150, maxMinutes: 210 },
    });
  });

  it('gives none under 2 weeks of age, from 13 months, without a wake time today, or while the baby sleeps', () => {
    expect(estimate('2026-11-07', '2026-11-20T10:00:00Z', '2026-11-20T09:00:00Z')).toBeNull();
    expect(estimate('2026-11-06', '2026-11-20T10:00:00Z', '2026-11-20T09:00:00Z')).not.toBeNull();
    expect(estimate('2025-10-20', '2026-11-20T10:00:00Z', '2026-11-20T09:00:00Z')).toBeNull();
    expect(estimate('2025-10-21', '2026-11-20T10:00:00Z', '2026-11-20T09:00:00Z')).toMatchObject({ wakeWindow: { label: '11 to 12 months' } });
    expect(estimate('2026-08-05', '2026-11-20T10:00:00Z', null)).toBeNull();
    expect(estimate('2026-08-05', '2026-11-20T10:00:00Z', '2026-11-19T18:00:00Z')).toBeNull();
    expect(estimate('2026-08-05', '2026-11-20T10:00:00Z', '2026-11-20T09:00:00Z', 'UTC', true)).toBeNull();
  });

  it("counts today in the child's zone: 23:30 in New York the day before is not a wake time today", () => {
    // 04:30 UTC on the 20th is 23:30 on the 19th in New York; 14:00 UTC is 09:00 on the 20th there.
    expect(estimate('2026-08-05', '2026-11-20T14:00:00Z', '2026-11-20T04:30:00Z', 'America/New_York')).toBeNull();
    expect(estimate('2026-08-05', '2026-11-20T14:00:00Z', '2026-11-20T12:30:00Z', 'America/New_York')).toMatchObject({ from: '2026-11-20T13:45:00.000Z' });
  });

  it('moves to the next row on the day the child reaches its age in calendar months', () => {
    expect(wakeWindowFor('2026-01-31', '2026-03-30')?.label).toBe('Newborn to 1 month');
    expect(wakeWindowFor('2026-01-31', '2026-03-31')?.label).toBe('2 months');
    expect(wakeWindowFor('2026-01-31', '2026-06-30')?.label).toBe('5 to 6 months');
  });
});
