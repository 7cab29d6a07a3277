import { describe, expect, it } from 'vitest';
import { alertIdFor, evolve, initialState, isMilestoneAlertEvent, type MilestoneAlertEvent, type MilestoneAlertRaised } from './milestone-alert.ts';

describe('alertIdFor', () => {
  it('is the same for the same child, milestone and alert type', () => {
    expect(alertIdFor('c1', '4-months', 'MILESTONE_REACHED')).toBe('c1:4-months:MILESTONE_REACHED');
  });
});

describe('isMilestoneAlertEvent', () => {
  it("picks the alert events out of the child's stream", () => {
    const stream = [
      { type: 'ChildRegistered', data: {} },
      { type: 'MilestoneAlertSnoozed', data: {} },
      { type: 'ChildProfileUpdated', data: {} },
      { type: 'MilestoneAlertRaised', data: {} },
    ];
    expect(stream.filter(isMilestoneAlertEvent).map((e) => e.type)).toEqual(['MilestoneAlertSnoozed', 'MilestoneAlertRaised']);
  });
});

describe('evolve', () => {
  const raised: MilestoneAlertRaised = {
    type: 'MilestoneAlertRaised',
    data: {
      childId: 'c1',
      alertId: 'c1:6-months:ONE_WEEK_WARNING',
      milestoneKey: '6-months',
      alertType: 'ONE_WEEK_WARNING',
      raisedAt: '2026-07-08T09:00:00.000Z',
    },
  };

  it('tracks each alert from its events', () => {
    const events: MilestoneAlertEvent[] = [
      raised,
      { type: 'MilestoneAlertShown', data: { childId: 'c1', alertId: 'c1:6-months:ONE_WEEK_WARNING', at: '2026-07-08T10:00:00.000Z' } },
      {
        type: 'MilestoneAlertSnoozed',
        data: {
          childId: 'c1',
          alertId: 'c1:6-months:ONE_WEEK_WARNING',
          at: '2026-07-08T10:00:00.000Z',
          until: '2026-07-09T10:00:00.000Z',
        },
      },
    ];
    expect(events.reduce(evolve, initialState())).toEqual({
      alerts: {
        'c1:6-months:ONE_WEEK_WARNING': {
          id: 'c1:6-months:ONE_WEEK_WARNING',
          childId: 'c1',
          milestoneKey: '6-months',
          alertType: 'ONE_WEEK_WARNING',
          shown: true,
          dismissed: false,
          snoozedUntil: '2026-07-09T10:00:00.000Z',
        },
      },
    });
  });

  it('forgets a withdrawn alert, so the same id can be raised again with another window', () => {
    const other: MilestoneAlertEvent = { ...raised, data: { ...raised.data, alertId: 'c1:4-months:MILESTONE_REACHED', milestoneKey: '4-months', alertType: 'MILESTONE_REACHED' } };
    const withdrawn: MilestoneAlertEvent = { type: 'MilestoneAlertWithdrawn', data: { childId: 'c1', alertId: 'c1:6-months:ONE_WEEK_WARNING', at: '2026-07-09T08:00:00.000Z' } };
    const state = [raised, other, withdrawn].reduce(evolve, initialState());
    expect(Object.keys(state.alerts)).toEqual(['c1:4-months:MILESTONE_REACHED']);
  });

  it('leaves the state as it is for an alert it has not seen raised', () => {
    const state = evolve(initialState(), raised);
    const stray: MilestoneAlertEvent = {
      type: 'MilestoneAlertDismissed',
      data: { childId: 'c1', alertId: 'c1:12-months:MILESTONE_REACHED', at: '2026-07-08T10:00:00.000Z' },
    };
    expect(evolve(state, stray)).toBe(state);
  });
});
