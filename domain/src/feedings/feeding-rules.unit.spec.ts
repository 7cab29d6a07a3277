import { describe, expect, it } from 'vitest';
import { DomainRuleError } from '../shared/domain-event';
import { checkFeeding, type FeedingInput } from './feeding-rules';

const now = new Date('2026-11-22T12:00:00.000Z');
const start = '2026-11-22T10:00:00.000Z';
const bottle: FeedingInput = { startedAt: start, amountOz: 4, method: 'Bottle', type: 'Formula' };

function refusal(input: FeedingInput): { message: string; path: string | undefined } | null {
  try {
    checkFeeding(input, now);
    return null;
  } catch (error) {
    if (!(error instanceof DomainRuleError)) throw error;
    return { message: error.message, path: error.path };
  }
}

describe('defaults', () => {
  it('ends a feeding without an end 15 minutes after its start and notes it as "{method} feeding"', () => {
    expect(checkFeeding(bottle, now)).toEqual({
      startedAt: '2026-11-22T10:00:00.000Z',
      endedAt: '2026-11-22T10:15:00.000Z',
      amountOz: 4,
      enteredAmount: { value: 4, unit: 'oz' },
      method: 'Bottle',
      type: 'Formula',
      sides: null,
      notes: 'Bottle feeding',
    });
    expect(checkFeeding({ startedAt: start, method: 'Nursing', notes: '   ' }, now)).toEqual({
      startedAt: '2026-11-22T10:00:00.000Z',
      endedAt: '2026-11-22T10:15:00.000Z',
      amountOz: null,
      enteredAmount: null,
      method: 'Nursing',
      type: null,
      sides: null,
      notes: 'Nursing feeding',
    });
  });

  it('keeps given notes, trimmed, and normalises instants to UTC', () => {
    const checked = checkFeeding({ ...bottle, startedAt: '2026-11-22T05:00:00-05:00', notes: '  sleepy  ' }, now);
    expect(checked.startedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(checked.notes).toBe('sleepy');
  });

  it('leaves the bottle content empty when not given', () => {
    expect(checkFeeding({ startedAt: start, amountOz: 2, method: 'Bottle' }, now).type).toBeNull();
  });
});

describe('time', () => {
  it('accepts a feeding that starts now and refuses one a minute later', () => {
    expect(refusal({ ...bottle, startedAt: '2026-11-22T12:00:00.000Z', endedAt: '2026-11-22T12:10:00.000Z' })).toBeNull();
    expect(refusal({ ...bottle, startedAt: '2026-11-22T12:01:00.000Z' })).toEqual({ message: 'Cannot select future date and time', path: 'startedAt' });
  });

  it('accepts 120 minutes and refuses 121', () => {
    expect(refusal({ ...bottle, endedAt: '2026-11-22T12:00:00.000Z' })).toBeNull();
    expect(refusal({ ...bottle, endedAt: '2026-11-22T12:01:00.000Z' })).toEqual({ message: 'A feeding can last at most 120 minutes', path: 'endedAt' });
  });

  it('accepts one minute and refuses an end at or before the start', () => {
    expect(refusal({ ...bottle, endedAt: '2026-11-22T10:01:00.000Z' })).toBeNull();
    for (const endedAt of ['2026-11-22T10:00:00.000Z', '2026-11-22T09:30:00.000Z']) {
      expect(refusal({ ...bottle, endedAt })).toEqual({ message: 'End time must be after the start time', path: 'endedAt' });
    }
  });

  it('refuses an end after the start but under a minute later for being too short, not for being before', () => {
    for (const endedAt of ['2026-11-22T10:00:59.000Z', '2026-11-22T10:00:00.001Z']) {
      expect(refusal({ ...bottle, endedAt })).toEqual({ message: 'A feeding must last at least 1 minute', path: 'endedAt' });
    }
  });
});

describe('amount', () => {
  it.each([0, 0.25, 4.75, 20])('accepts %d oz', (amountOz) => {
    expect(refusal({ ...bottle, amountOz })).toBeNull();
  });

  it.each([20.25, -0.25])('refuses %d oz as out of range', (amountOz) => {
    expect(refusal({ ...bottle, amountOz })).toEqual({ message: 'Amount must be between 0 and 20 oz', path: 'amountOz' });
  });

  it.each([0.3, 4.1])('refuses %d oz as off the quarter-ounce steps', (amountOz) => {
    expect(refusal({ ...bottle, amountOz })).toEqual({ message: 'Amount must be in steps of 0.25 oz', path: 'amountOz' });
  });

  it('requires an amount for a bottle, not for nursing', () => {
    expect(refusal({ startedAt: start, method: 'Bottle', amountOz: null })).toEqual({ message: 'Amount is required for bottle feeding', path: 'amountOz' });
    expect(refusal({ startedAt: start, method: 'Nursing' })).toBeNull();
  });
});

describe('bottle content', () => {
  it('refuses a content for nursing', () => {
    expect(refusal({ startedAt: start, method: 'Nursing', type: 'Breast Milk' })).toEqual({
      message: 'Feeding type applies to bottle feeding only',
      path: 'type',
    });
  });

  it('takes an amount in millilitres, kept as entered, with its ounces for the insights', () => {
    expect(checkFeeding({ startedAt: start, amountMl: 120, method: 'Bottle' }, now)).toMatchObject({ amountOz: 4.058, enteredAmount: { value: 120, unit: 'mL' } });
    // 600 / 29.5735 = 20.2884: the 20 oz limit in millilitres, a little over.
    expect(checkFeeding({ startedAt: start, amountMl: 600, method: 'Bottle' }, now).amountOz).toBe(20.288);
  });

  it.each([
    [{ amountMl: 605 }, 'Amount must be between 0 and 600 mL'],
    [{ amountMl: -5 }, 'Amount must be between 0 and 600 mL'],
    [{ amountMl: 122 }, 'Amount must be in steps of 5 mL'],
    [{ amountMl: 120, amountOz: 4 }, 'Send amountOz or amountMl, not both'],
  ])('refuses %j with "%s"', (amounts, message) => {
    expect(() => checkFeeding({ startedAt: start, method: 'Bottle', ...amounts }, now)).toThrow(message);
  });
});

describe('minutes on each breast', () => {
  const nursing = { startedAt: '2026-11-20T03:00:00Z', endedAt: '2026-11-20T03:27:30Z', method: 'Nursing' as const };
  const now = new Date('2026-11-20T04:00:00Z');

  it('keeps sides that add up to the whole minutes the feeding shows (27 of 27.5)', () => {
    expect(checkFeeding({ ...nursing, sides: { leftMinutes: 19, rightMinutes: 8 } }, now).sides).toEqual({ leftMinutes: 19, rightMinutes: 8 });
    expect(checkFeeding(nursing, now).sides).toBeNull();
  });

  it('refuses sides that do not add up, and sides on a bottle', () => {
    expect(() => checkFeeding({ ...nursing, sides: { leftMinutes: 19, rightMinutes: 9 } }, now)).toThrow("Left and right minutes must add up to the feeding's 27 minutes");
    expect(() => checkFeeding({ ...nursing, method: 'Bottle', amountOz: 3, sides: { leftMinutes: 19, rightMinutes: 8 } }, now)).toThrow('Sides apply to nursing only');
  });
});
