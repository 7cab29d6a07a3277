import { describe, expect, it } from 'vitest';
import { checkFeeding } from '../feedings/feeding-rules';
import { babyBuddyInstant, babyBuddyInterval } from './babybuddy-times';

const NEW_YORK = 'America/New_York';

describe("Baby Buddy's wall times in the child's zone", () => {
  it('reads a start and an end in the repeated hour so that the entry lasts its wall-clock length', () => {
    // 1 November 2026: 02:00 EDT falls back to 01:00 EST. The first 01:50 (EDT) would make 1 h 20 min.
    expect(babyBuddyInterval('2026-11-01 01:50:00', '2026-11-01 02:10:00', NEW_YORK)).toEqual({ startedAt: '2026-11-01T06:50:00.000Z', endedAt: '2026-11-01T07:10:00.000Z' });
    // Within the hour before the change: the first 01:30, an hour after 00:30.
    expect(babyBuddyInterval('2026-11-01 00:30:00', '2026-11-01 01:30:00', NEW_YORK)).toEqual({ startedAt: '2026-11-01T04:30:00.000Z', endedAt: '2026-11-01T05:30:00.000Z' });
    // Across the skipped hour in spring (8 March 2026) no reading lasts 80 minutes: it lasted 20.
    expect(babyBuddyInterval('2026-03-08 01:50:00', '2026-03-08 03:10:00', NEW_YORK)).toEqual({ startedAt: '2026-03-08T06:50:00.000Z', endedAt: '2026-03-08T07:10:00.000Z' });
  });

  it('reads a single time in the repeated hour as its first instant, and a time with an offset as it says', () => {
    expect(babyBuddyInstant('2026-11-01 01:30:00', 'time', NEW_YORK)).toBe('2026-11-01T05:30:00.000Z');
    expect(babyBuddyInstant('2026-11-18T07:00:00+01:00', 'time', NEW_YORK)).toBe('2026-11-18T06:00:00.000Z');
    expect(() => babyBuddyInstant('18/11/2026 07:00', 'time', NEW_YORK)).toThrow('time must be a date and time such as 2020-02-17 03:04:09');
  });
});

describe('a feeding read from a file', () => {
  const now = new Date('2026-11-20T00:00:00Z');
  const bottle = { startedAt: '2026-11-18T12:00:00.000Z', endedAt: '2026-11-18T12:15:00.000Z', method: 'Bottle' as const, type: 'Formula' as const, amountOz: 3.4 };

  it('keeps an amount off the dialog’s steps and no notes where the file has none; the dialog refuses the one and fills the other', () => {
    expect(checkFeeding({ ...bottle, notes: '' }, now, 'file')).toMatchObject({ amountOz: 3.4, enteredAmount: { value: 3.4, unit: 'oz' }, notes: '' });
    expect(() => checkFeeding(bottle, now)).toThrow('Amount must be in steps of 0.25 oz');
    expect(checkFeeding({ ...bottle, amountOz: 3.5 }, now).notes).toBe('Bottle feeding');
  });
});
