import { describe, expect, it } from 'vitest';
import { DomainRuleError } from '../shared/domain-event';
import { checkSleep, sleepSackTogOf, type SleepInput } from './sleep-rules';

const now = new Date('2026-11-22T12:00:00.000Z');
const nap: SleepInput = { startedAt: '2026-11-21T12:00:00.000Z', endedAt: '2026-11-21T13:30:00.000Z' };

function refusal(input: SleepInput): { message: string; path: string | undefined } | null {
  try {
    checkSleep(input, now);
    return null;
  } catch (error) {
    if (!(error instanceof DomainRuleError)) throw error;
    return { message: error.message, path: error.path };
  }
}

describe('defaults', () => {
  it('notes a session without notes as "Sleep session" and keeps no environment', () => {
    expect(checkSleep({ ...nap, notes: ' ' }, now)).toEqual({
      startedAt: '2026-11-21T12:00:00.000Z',
      endedAt: '2026-11-21T13:30:00.000Z',
      environment: null,
      notes: 'Sleep session',
    });
  });

  it('keeps notes and environment, trimmed, a blank sleep sack tag as none', () => {
    expect(checkSleep({ ...nap, notes: ' fussy ', environment: { roomTemp: 70, whiteNoise: true, sleepSackTag: '  TOG 2.5 ' } }, now)).toMatchObject({
      environment: { roomTemp: 70, whiteNoise: true, sleepSackTag: 'TOG 2.5' },
      notes: 'fussy',
    });
    expect(checkSleep({ ...nap, environment: { roomTemp: null, whiteNoise: false, sleepSackTag: '  ' } }, now).environment).toEqual({
      roomTemp: null,
      whiteNoise: false,
      sleepSackTag: null,
    });
  });
});

describe('duration', () => {
  it('accepts 1440 minutes and refuses 1441', () => {
    expect(refusal({ startedAt: '2026-11-21T10:00:00.000Z', endedAt: '2026-11-22T10:00:00.000Z' })).toBeNull();
    expect(refusal({ startedAt: '2026-11-21T10:00:00.000Z', endedAt: '2026-11-22T10:01:00.000Z' })).toEqual({
      message: 'Duration can be at most 1440 minutes',
      path: 'endedAt',
    });
  });

  it('accepts one minute and refuses less', () => {
    expect(refusal({ startedAt: nap.startedAt, endedAt: '2026-11-21T12:01:00.000Z' })).toBeNull();
    for (const endedAt of ['2026-11-21T12:00:30.000Z', '2026-11-21T12:00:00.000Z', '2026-11-21T11:00:00.000Z']) {
      expect(refusal({ startedAt: nap.startedAt, endedAt })).toEqual({ message: 'Duration must be at least 1 minute', path: 'endedAt' });
    }
  });

  it('refuses a start in the future', () => {
    expect(refusal({ startedAt: '2026-11-22T12:01:00.000Z', endedAt: '2026-11-22T13:00:00.000Z' })).toEqual({
      message: 'Cannot select future date and time',
      path: 'startedAt',
    });
  });
});

describe('room temperature', () => {
  it.each([60, 80])('accepts %d °F', (roomTemp) => {
    expect(refusal({ ...nap, environment: { roomTemp, whiteNoise: false, sleepSackTag: null } })).toBeNull();
  });

  it.each([59, 81, 70.5])('refuses %d °F', (roomTemp) => {
    expect(refusal({ ...nap, environment: { roomTemp, whiteNoise: false, sleepSackTag: null } })).toEqual({
      message: 'Room temperature must be a whole number from 60 to 80 °F',
      path: 'environment.roomTemp',
    });
  });
});

describe('sleepSackTogOf', () => {
  it.each([
    ['2.5 TOG', 2.5],
    ['Josephine knitted it, 2.5 TOG', 2.5],
    ['1,0 tog', 1],
    ['the 3.5TOG one', 3.5],
  ])('reads the TOG rating of "%s" as %d', (tag, tog) => {
    expect(sleepSackTogOf(tag)).toBe(tog);
  });

  it.each(['the blue one from Josephine', 'TOG 1.0', 'togetherness'])('finds none in "%s"', (tag) => {
    expect(sleepSackTogOf(tag)).toBeNull();
  });

  it('finds none without a tag', () => {
    expect(sleepSackTogOf(null)).toBeNull();
  });
});
