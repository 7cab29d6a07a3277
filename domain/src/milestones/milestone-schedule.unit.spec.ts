import { describe, expect, it } from 'vitest';
import { localDateOf } from '../time/zoned-time.ts';
import { dueAlert, milestoneDate, newestWindowHolding, windowFor } from './milestone-schedule.ts';

describe('milestoneDate', () => {
  it('adds calendar months to the birth date', () => {
    expect(milestoneDate('2026-01-15', 1)).toBe('2026-02-15');
    expect(milestoneDate('2026-01-15', 12)).toBe('2027-01-15');
    expect(milestoneDate('2026-11-30', 2)).toBe('2027-01-30');
  });

  it('is the birth date itself at age zero', () => {
    expect(milestoneDate('2026-01-15', 0)).toBe('2026-01-15');
  });

  it('clamps a birth day the target month lacks to its last day', () => {
    expect(milestoneDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(milestoneDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(milestoneDate('2026-03-31', 1)).toBe('2026-04-30');
    expect(milestoneDate('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('does not carry a clamp into later months', () => {
    expect(milestoneDate('2026-01-31', 2)).toBe('2026-03-31');
  });

  it('refuses an impossible birth date or a fraction of a month', () => {
    expect(() => milestoneDate('2026-02-30', 1)).toThrow(RangeError);
    expect(() => milestoneDate('2026-01-15', 1.5)).toThrow(RangeError);
  });
});

describe('dueAlert around the 1-month milestone of a child born 2026-01-15 (reached 2026-02-15)', () => {
  const birthDate = '2026-01-15';
  const warning = { milestoneKey: '1-month', alertType: 'ONE_WEEK_WARNING', windowStart: '2026-02-08', windowEnd: '2026-02-14' };
  const reached = { milestoneKey: '1-month', alertType: 'MILESTONE_REACHED', windowStart: '2026-02-15', windowEnd: '2026-02-21' };

  it('has nothing due 8 days before', () => {
    expect(dueAlert(birthDate, '2026-02-07')).toBeNull();
  });

  it('warns from 7 days before', () => {
    expect(dueAlert(birthDate, '2026-02-08')).toEqual(warning);
  });

  it('warns 6 days before', () => {
    expect(dueAlert(birthDate, '2026-02-09')).toEqual(warning);
  });

  it('warns up to the day before', () => {
    expect(dueAlert(birthDate, '2026-02-14')).toEqual(warning);
  });

  it('reports the milestone reached on the day', () => {
    expect(dueAlert(birthDate, '2026-02-15')).toEqual(reached);
  });

  it('still reports it on the 7th day of its window, the milestone date + 6', () => {
    expect(dueAlert(birthDate, '2026-02-21')).toEqual(reached);
  });

  it('has nothing due on the 8th day, the milestone date + 7', () => {
    expect(dueAlert(birthDate, '2026-02-22')).toBeNull();
  });

  it('has nothing due between the 1-month and 2-month windows', () => {
    expect(dueAlert(birthDate, '2026-03-01')).toBeNull();
  });
});

describe('dueAlert over months of different lengths', () => {
  it('opens the 1-month warning at 24 days old when the first month has 31 days', () => {
    expect(dueAlert('2026-01-10', '2026-02-02')).toBeNull();
    expect(dueAlert('2026-01-10', '2026-02-03')).toEqual({
      milestoneKey: '1-month',
      alertType: 'ONE_WEEK_WARNING',
      windowStart: '2026-02-03',
      windowEnd: '2026-02-09',
    });
  });

  it('opens the 1-month warning at 21 days old when the first month is a 28-day February', () => {
    expect(dueAlert('2026-02-10', '2026-03-02')).toBeNull();
    expect(dueAlert('2026-02-10', '2026-03-03')).toEqual({
      milestoneKey: '1-month',
      alertType: 'ONE_WEEK_WARNING',
      windowStart: '2026-03-03',
      windowEnd: '2026-03-09',
    });
    expect(dueAlert('2026-02-10', '2026-03-10')).toEqual({
      milestoneKey: '1-month',
      alertType: 'MILESTONE_REACHED',
      windowStart: '2026-03-10',
      windowEnd: '2026-03-16',
    });
  });

  it('reaches 1 month on 2026-02-28 for a child born 2026-01-31', () => {
    expect(dueAlert('2026-01-31', '2026-02-21')).toEqual({
      milestoneKey: '1-month',
      alertType: 'ONE_WEEK_WARNING',
      windowStart: '2026-02-21',
      windowEnd: '2026-02-27',
    });
    expect(dueAlert('2026-01-31', '2026-02-28')).toEqual({
      milestoneKey: '1-month',
      alertType: 'MILESTONE_REACHED',
      windowStart: '2026-02-28',
      windowEnd: '2026-03-06',
    });
  });

  it('reaches 2 months on 2026-03-31 for the same child', () => {
    expect(dueAlert('2026-01-31', '2026-03-31')).toEqual({
      milestoneKey: '2-months',
      alertType: 'MILESTONE_REACHED',
      windowStart: '2026-03-31',
      windowEnd: '2026-04-06',
    });
  });
});

describe('dueAlert over the whole guide', () => {
  it('raises nothing for a newborn or a child under three weeks', () => {
    expect(dueAlert('2026-02-10', '2026-02-10')).toBeNull();
    expect(dueAlert('2026-02-10', '2026-03-02')).toBeNull();
  });

  it('warns before the 2-month, 4-month and 6-month milestones', () => {
    expect(dueAlert('2026-01-15', '2026-03-08')).toMatchObject({ milestoneKey: '2-months', alertType: 'ONE_WEEK_WARNING' });
    expect(dueAlert('2026-01-15', '2026-05-14')).toMatchObject({ milestoneKey: '4-months', alertType: 'ONE_WEEK_WARNING' });
    expect(dueAlert('2026-01-15', '2026-07-08')).toMatchObject({ milestoneKey: '6-months', alertType: 'ONE_WEEK_WARNING' });
  });

  it('ends with the 12-month milestone', () => {
    expect(dueAlert('2026-01-15', '2027-01-21')).toEqual({
      milestoneKey: '12-months',
      alertType: 'MILESTONE_REACHED',
      windowStart: '2027-01-15',
      windowEnd: '2027-01-21',
    });
    expect(dueAlert('2026-01-15', '2027-01-22')).toBeNull();
  });
});

describe("dueAlert on the child's local day", () => {
  // 05:00 UTC on 8 February is 21:00 on 7 February in Los Angeles.
  const instant = new Date('2026-02-08T05:00:00Z');

  it('is already warning for a child whose time zone is UTC', () => {
    expect(dueAlert('2026-01-15', localDateOf(instant, 'UTC'))).toMatchObject({ alertType: 'ONE_WEEK_WARNING' });
  });

  it('is not yet warning for a child in Los Angeles, still 8 days before', () => {
    expect(dueAlert('2026-01-15', localDateOf(instant, 'America/Los_Angeles'))).toBeNull();
  });
});

describe('newestWindowHolding', () => {
  const older = { name: 'older', windowStart: '2026-03-01', windowEnd: '2026-03-10' };
  const newer = { name: 'newer', windowStart: '2026-03-05', windowEnd: '2026-03-12' };

  it('gives the window that opened last where two overlap', () => {
    expect(newestWindowHolding([newer, older], '2026-03-06')).toBe(newer);
  });

  it('gives the only window holding the day otherwise', () => {
    expect(newestWindowHolding([older, newer], '2026-03-03')).toBe(older);
    expect(newestWindowHolding([older, newer], '2026-03-11')).toBe(newer);
  });

  it('gives null when no window holds the day', () => {
    expect(newestWindowHolding([older, newer], '2026-03-13')).toBeNull();
  });
});

describe('windowFor', () => {
  it('gives the window a birth date gives one alert', () => {
    expect(windowFor('2026-02-24', '1-month', 'ONE_WEEK_WARNING')).toEqual({ windowStart: '2026-03-17', windowEnd: '2026-03-23' });
    expect(windowFor('2026-02-26', '1-month', 'ONE_WEEK_WARNING')).toEqual({ windowStart: '2026-03-19', windowEnd: '2026-03-25' });
    expect(windowFor('2026-01-31', '1-month', 'MILESTONE_REACHED')).toEqual({ windowStart: '2026-02-28', windowEnd: '2026-03-06' });
  });

  it('is null for the newborn baseline, which raises no alert', () => {
    expect(windowFor('2026-02-24', 'newborn', 'MILESTONE_REACHED')).toBeNull();
  });
});
