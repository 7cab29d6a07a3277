import { describe, expect, it } from 'vitest';
import { activeAlert } from './active-milestone-alert.ts';
import { evolve, initialState, type MilestoneAlertEvent } from './milestone-alert.ts';

// Born 2026-01-15: one month old on 2026-02-15, warned from 02-08 to 02-14, reached from 02-15 to 02-21.
const BIRTH_DATE = '2026-01-15';

const given = (...events: MilestoneAlertEvent[]) => ({
  at: (now: string, today: string, birthDate = BIRTH_DATE) => activeAlert(events.reduce(evolve, initialState()), birthDate, new Date(now), today),
});

const warningId = 'c1:1-month:ONE_WEEK_WARNING';
const reachedId = 'c1:1-month:MILESTONE_REACHED';

const warningRaised: MilestoneAlertEvent = {
  type: 'MilestoneAlertRaised',
  data: {
    childId: 'c1',
    alertId: warningId,
    milestoneKey: '1-month',
    alertType: 'ONE_WEEK_WARNING',
    raisedAt: '2026-02-08T20:00:00.000Z',
  },
};
const reachedRaised: MilestoneAlertEvent = {
  type: 'MilestoneAlertRaised',
  data: {
    childId: 'c1',
    alertId: reachedId,
    milestoneKey: '1-month',
    alertType: 'MILESTONE_REACHED',
    raisedAt: '2026-02-15T20:00:00.000Z',
  },
};
const warningShown: MilestoneAlertEvent = {
  type: 'MilestoneAlertShown',
  data: { childId: 'c1', alertId: warningId, at: '2026-02-09T01:00:00.000Z' },
};
// 'Remind Me Later' at 19:00 on 8 February in Los Angeles.
const warningSnoozed: MilestoneAlertEvent = {
  type: 'MilestoneAlertSnoozed',
  data: { childId: 'c1', alertId: warningId, at: '2026-02-09T03:00:00.000Z', until: '2026-02-10T03:00:00.000Z' },
};

describe('activeAlert', () => {
  it('shows a raised alert as new, with its milestone from the guide', () => {
    expect(given(warningRaised).at('2026-02-09T00:00:00Z', '2026-02-08')).toEqual({
      id: warningId,
      isNew: true,
      alertType: 'ONE_WEEK_WARNING',
      milestone: {
        label: '1 month',
        amountPerFeeding: '3–4 oz (90–120 mL)',
        feedingsPerDay: '6–8',
        details: [
          'About 2.5 oz of formula per pound of body weight per day (AAP).',
          'Generally no more than 32 oz in 24 hours (AAP).',
          'Feed on cues of hunger and fullness; amounts vary from baby to baby (AAP, CDC).',
          'Breast-fed babies feed on cue; these amounts are for formula feeding.',
          'Tracking only: this is not medical advice; ask your pediatrician.',
        ],
      },
    });
  });

  it('is no longer new once shown', () => {
    expect(given(warningRaised, warningShown).at('2026-02-09T02:00:00Z', '2026-02-08')).toMatchObject({ id: warningId, isNew: false });
  });

  it('shows nothing before the window opens or after it closes', () => {
    expect(given(warningRaised).at('2026-02-08T07:00:00Z', '2026-02-07')).toBeNull();
    expect(given(warningRaised).at('2026-02-15T20:00:00Z', '2026-02-15')).toBeNull();
  });

  it('shows the alert on the last day of its window', () => {
    expect(given(warningRaised).at('2026-02-14T20:00:00Z', '2026-02-14')).toMatchObject({ id: warningId });
  });

  it('hides a snoozed alert for 24 hours', () => {
    expect(given(warningRaised, warningShown, warningSnoozed).at('2026-02-09T03:00:00Z', '2026-02-08')).toBeNull();
    expect(given(warningRaised, warningShown, warningSnoozed).at('2026-02-10T02:59:59Z', '2026-02-09')).toBeNull();
  });

  it('shows a snoozed alert again after 24 hours while its window is open', () => {
    expect(given(warningRaised, warningShown, warningSnoozed).at('2026-02-10T03:00:00Z', '2026-02-09')).toMatchObject({
      id: warningId,
      isNew: false,
    });
  });

  it('does not show a snoozed alert again once its window has closed', () => {
    const snoozedOnLastDay: MilestoneAlertEvent = {
      type: 'MilestoneAlertSnoozed',
      data: { childId: 'c1', alertId: reachedId, at: '2026-02-21T20:00:00.000Z', until: '2026-02-22T20:00:00.000Z' },
    };
    expect(given(reachedRaised, snoozedOnLastDay).at('2026-02-22T20:00:00Z', '2026-02-22')).toBeNull();
  });

  it('never shows a dismissed alert again', () => {
    const dismissed: MilestoneAlertEvent = {
      type: 'MilestoneAlertDismissed',
      data: { childId: 'c1', alertId: warningId, at: '2026-02-09T01:00:00.000Z' },
    };
    expect(given(warningRaised, dismissed).at('2026-02-09T02:00:00Z', '2026-02-08')).toBeNull();
    expect(given(warningRaised, dismissed).at('2026-02-12T02:00:00Z', '2026-02-11')).toBeNull();
  });

  it('shows the next alert once the previous window has passed', () => {
    expect(given(warningRaised, warningShown, reachedRaised).at('2026-02-15T20:00:00Z', '2026-02-15')).toMatchObject({
      id: reachedId,
      isNew: true,
      alertType: 'MILESTONE_REACHED',
    });
  });

  it('dates each alert by the birth date it is given, not by when it was raised', () => {
    // Born 2026-01-17, the same warning runs from 02-10 to 02-16.
    expect(given(warningRaised).at('2026-02-09T20:00:00Z', '2026-02-09', '2026-01-17')).toBeNull();
    expect(given(warningRaised).at('2026-02-16T20:00:00Z', '2026-02-16', '2026-01-17')).toMatchObject({ id: warningId, alertType: 'ONE_WEEK_WARNING' });
  });
});
