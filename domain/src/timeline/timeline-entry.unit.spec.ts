import { describe, expect, it } from 'vitest';
import { feedingLine } from '../feedings/feeding-rules';
import { durationText, entryLine } from './timeline-entry';

const feedingEntryView = (feeding: { id: string; startedAt: string; endedAt: string; amountOz: number | null; method: 'Bottle' | 'Nursing' }, zone: string) =>
  entryLine('Feeding', feeding.id, feedingLine(feeding), feeding.startedAt, feeding.endedAt, zone);
const sleepEntryView = (sleep: { id: string; startedAt: string; endedAt: string }, zone: string) => entryLine('Sleep', sleep.id, { icon: '😴', amount: '-' }, sleep.startedAt, sleep.endedAt, zone);

const zone = 'America/New_York';

describe('feeding entry', () => {
  it('shows a bottle with its amount, duration and local start time', () => {
    const feeding = { id: 'f1', startedAt: '2026-11-21T02:30:00.000Z', endedAt: '2026-11-21T02:50:00.000Z', amountOz: 4.25, method: 'Bottle' as const };
    expect(feedingEntryView(feeding, zone)).toEqual({
      id: 'f1',
      // 02:30 UTC is 21:30 the evening before in New York (EST, UTC-5).
      datetime: '2026-11-20T21:30',
      type: 'Feeding',
      icon: '🍼',
      amount: '4.25 oz',
      duration: '20m',
      status: 'completed',
    });
  });

  it('shows nursing without an amount as "-"', () => {
    const feeding = { id: 'f2', startedAt: '2026-07-01T12:00:00.000Z', endedAt: '2026-07-01T13:05:00.000Z', amountOz: null, method: 'Nursing' as const };
    expect(feedingEntryView(feeding, zone)).toMatchObject({ datetime: '2026-07-01T08:00', icon: '🤱', amount: '-', duration: '1h 5m' });
  });

  it('shows a zero amount as "0 oz", not as missing', () => {
    const feeding = { id: 'f3', startedAt: '2026-07-01T12:00:00.000Z', endedAt: '2026-07-01T12:15:00.000Z', amountOz: 0, method: 'Bottle' as const };
    expect(feedingEntryView(feeding, zone).amount).toBe('0 oz');
  });
});

describe('sleep entry', () => {
  it('shows a sleep crossing midnight with its local start and hours', () => {
    const sleep = { id: 's1', startedAt: '2026-11-21T04:45:00.000Z', endedAt: '2026-11-21T12:00:00.000Z' };
    expect(sleepEntryView(sleep, zone)).toEqual({
      id: 's1',
      datetime: '2026-11-20T23:45',
      type: 'Sleep',
      icon: '😴',
      amount: '-',
      duration: '7h 15m',
      status: 'completed',
    });
  });
});

describe('an instant', () => {
  it('has no duration', () => {
    expect(entryLine('Diaper', 'd1', { icon: '💧', amount: 'Wet' }, '2026-11-21T04:45:00.000Z', '2026-11-21T04:45:00.000Z', zone)).toMatchObject({ duration: '-' });
  });
});

describe('duration text', () => {
  it.each([
    ['2026-11-21T10:00:00.000Z', '2026-11-21T10:45:00.000Z', '45m'],
    ['2026-11-21T10:00:00.000Z', '2026-11-21T11:05:00.000Z', '1h 5m'],
    ['2026-11-21T10:00:00.000Z', '2026-11-21T12:00:00.000Z', '2h 0m'],
    ['2026-11-21T10:00:00.000Z', '2026-11-21T10:00:59.000Z', '0m'],
  ])('%s to %s is %s', (from, to, text) => {
    expect(durationText(from, to)).toBe(text);
  });

  it('measures real time across the autumn clock change, not wall-clock time', () => {
    // 01:30 EDT to 01:30 EST on 2026-11-01 in New York is one hour.
    expect(durationText('2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z')).toBe('1h 0m');
  });
});
