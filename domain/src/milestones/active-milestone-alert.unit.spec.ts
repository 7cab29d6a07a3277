import { describe, expect, it } from 'vitest';
import { activeAlert } from './active-milestone-alert.ts';
import { evolve, initialState, type MilestoneAlertEvent } from './milestone-alert.ts';

const given = (...events: MilestoneAlertEvent[]) => ({
  at: (now: string, today: string) => activeAlert(events.reduce(evolve, initialState()), new Date(now), today),
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
    windowStart: '2026-02-08',
    windowEnd: '2026-02-14',
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
    windowStart: '2026-02-15',
    windowEnd: '2026-02-21',
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

  describe('when a corrected birth date left two windows overlapping', () => {
    // Raised after the birth date was corrected to 2025-12-25: its 2-month warning runs 02-18 to 02-24.
    const laterWarningId = 'c1:2-months:ONE_WEEK_WARNING';
    const laterWarningRaised: MilestoneAlertEvent = {
      type: 'MilestoneAlertRaised',
      data: {
        childId: 'c1',
        alertId: laterWarningId,
        milestoneKey: '2-months',
        alertType: 'ONE_WEEK_WARNING',
        windowStart: '2026-02-18',
        windowEnd: '2026-02-24',
        raisedAt: '2026-02-18T20:00:00.000Z',
      },
    };

    it('shows the newest window', () => {
      expect(given(reachedRaised, laterWarningRaised).at('2026-02-19T20:00:00Z', '2026-02-19')).toMatchObject({
        id: laterWarningId,
        milestone: { label: '2 months' },
      });
    });

    it('does not bring back the older one when the newest is dismissed', () => {
      const dismissed: MilestoneAlertEvent = {
        type: 'MilestoneAlertDismissed',
        data: { childId: 'c1', alertId: laterWarningId, at: '2026-02-19T20:00:00.000Z' },
      };
      expect(given(reachedRaised, laterWarningRaised, dismissed).at('2026-02-19T21:00:00Z', '2026-02-19')).toBeNull();
    });
  });
});
