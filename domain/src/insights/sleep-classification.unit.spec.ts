import { describe, expect, it } from 'vitest';
import type { ChildSchedule, SleepInput } from './insight-inputs';
import { isNightSleep, napDate, nightOf } from './sleep-classification';

// New York in June is UTC-4: local 19:00 is 23:00Z.
const schedule: ChildSchedule = { timezone: 'America/New_York', nightWindowStart: '19:00', nightWindowEnd: '08:00' };
const sleep = (startedAt: string, endedAt: string): SleepInput => ({ id: 's', startedAt, endedAt });

describe('night or nap', () => {
  it('is night when it starts at the window start, a nap a minute before', () => {
    expect(isNightSleep(sleep('2026-06-03T23:00:00Z', '2026-06-03T23:40:00Z'), schedule)).toBe(true);
    expect(isNightSleep(sleep('2026-06-03T22:59:00Z', '2026-06-03T23:40:00Z'), schedule)).toBe(false);
  });

  it('is night when it ends before the window end, a nap when it ends at it', () => {
    // 05:00 → 07:59 and 05:00 → 08:00 local.
    expect(isNightSleep(sleep('2026-06-04T09:00:00Z', '2026-06-04T11:59:00Z'), schedule)).toBe(true);
    expect(isNightSleep(sleep('2026-06-04T09:00:00Z', '2026-06-04T12:00:00Z'), schedule)).toBe(false);
  });

  it('reads the times in the child zone, not in UTC', () => {
    // 20:00Z is 16:00 in New York: a nap, though 20:00 would be night in UTC.
    expect(isNightSleep(sleep('2026-06-03T20:00:00Z', '2026-06-03T21:00:00Z'), schedule)).toBe(false);
    expect(isNightSleep(sleep('2026-06-03T20:00:00Z', '2026-06-03T21:00:00Z'), { ...schedule, timezone: 'UTC' })).toBe(true);
  });
});

describe('which date a sleep belongs to', () => {
  it('gives an evening night sleep to its start date', () => {
    expect(nightOf(sleep('2026-06-03T23:30:00Z', '2026-06-04T10:00:00Z'), schedule)).toBe('2026-06-03');
  });

  it('gives a night sleep starting after midnight to the previous date', () => {
    // 02:40 → 06:30 on 06-04.
    expect(nightOf(sleep('2026-06-04T06:40:00Z', '2026-06-04T10:30:00Z'), schedule)).toBe('2026-06-03');
  });

  it('gives a night sleep starting after midnight on 1 June to 31 May', () => {
    expect(nightOf(sleep('2026-06-01T05:00:00Z', '2026-06-01T09:00:00Z'), schedule)).toBe('2026-05-31');
  });

  it('gives a night sleep starting exactly at the window end to its start date', () => {
    // 08:00 on 06-03 to 07:59 on 06-04: night only because it ends before 08:00.
    expect(nightOf(sleep('2026-06-03T12:00:00Z', '2026-06-04T11:59:00Z'), schedule)).toBe('2026-06-03');
    expect(nightOf(sleep('2026-06-03T11:59:00Z', '2026-06-04T11:00:00Z'), schedule)).toBe('2026-06-02');
  });

  it('gives a nap to its local start date', () => {
    // 18:00 → 20:30 local on 06-03 ends on 06-04 in UTC, which does not matter.
    expect(napDate(sleep('2026-06-03T22:00:00Z', '2026-06-04T00:30:00Z'), schedule)).toBe('2026-06-03');
  });
});
