import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../shared/domain-event.ts';
import { evolve, initialState, type MilestoneAlertEvent, type MilestoneAlertRaised } from './milestone-alert.ts';
import {
  decide,
  MilestoneAlertDismissed,
  MilestoneAlertNotFound,
  type MilestoneAlertCommand,
  type RaiseDueMilestoneAlert,
} from './milestone-alert-decider.ts';

const given = (...events: MilestoneAlertEvent[]) => ({
  when: (command: MilestoneAlertCommand) => decide(command, events.reduce(evolve, initialState())),
});

// Born 2026-01-15 in Los Angeles: reaches 1 month on 2026-02-15, so the warning runs 02-08 to 02-14.
const raiseAt = (now: string, timezone = 'America/Los_Angeles'): RaiseDueMilestoneAlert => ({
  type: 'RaiseDueMilestoneAlert',
  data: { childId: 'c1', birthDate: '2026-01-15', timezone, now: new Date(now) },
});

const warningId = 'c1:1-month:ONE_WEEK_WARNING';
const warningRaised: MilestoneAlertRaised = {
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
const warningDismissed: MilestoneAlertEvent = {
  type: 'MilestoneAlertDismissed',
  data: { childId: 'c1', alertId: warningId, at: '2026-02-09T03:00:00.000Z' },
};

describe('RaiseDueMilestoneAlert', () => {
  it('raises the warning once the child is 7 days from a milestone', () => {
    expect(given().when(raiseAt('2026-02-08T20:00:00Z'))).toEqual([warningRaised]);
  });

  it('raises nothing when that alert was already raised', () => {
    expect(given(warningRaised).when(raiseAt('2026-02-10T20:00:00Z'))).toEqual([]);
  });

  it('raises nothing again after the alert was dismissed', () => {
    expect(given(warningRaised, warningDismissed).when(raiseAt('2026-02-12T20:00:00Z'))).toEqual([]);
  });

  it('raises the reached alert when the milestone day comes', () => {
    expect(given(warningRaised).when(raiseAt('2026-02-15T20:00:00Z'))).toEqual([
      {
        type: 'MilestoneAlertRaised',
        data: {
          childId: 'c1',
          alertId: 'c1:1-month:MILESTONE_REACHED',
          milestoneKey: '1-month',
          alertType: 'MILESTONE_REACHED',
          windowStart: '2026-02-15',
          windowEnd: '2026-02-21',
          raisedAt: '2026-02-15T20:00:00.000Z',
        },
      },
    ]);
  });

  it("counts days in the child's time zone", () => {
    // 05:00 UTC on 8 February is still 7 February, 8 days before the milestone, in Los Angeles.
    expect(given().when(raiseAt('2026-02-08T05:00:00Z'))).toEqual([]);
    expect(given().when(raiseAt('2026-02-08T05:00:00Z', 'UTC'))).toEqual([
      { ...warningRaised, data: { ...warningRaised.data, raisedAt: '2026-02-08T05:00:00.000Z' } },
    ]);
  });

  it('raises nothing for a child under three weeks', () => {
    expect(
      given().when({
        type: 'RaiseDueMilestoneAlert',
        data: { childId: 'c2', birthDate: '2026-02-10', timezone: 'UTC', now: new Date('2026-03-02T12:00:00Z') },
      }),
    ).toEqual([]);
  });
});

describe('MarkMilestoneAlertShown', () => {
  const markShown: MilestoneAlertCommand = {
    type: 'MarkMilestoneAlertShown',
    data: { alertId: warningId, now: new Date('2026-02-09T01:00:00Z') },
  };

  it('records that the dialog showed the alert', () => {
    expect(given(warningRaised).when(markShown)).toEqual([
      { type: 'MilestoneAlertShown', data: { childId: 'c1', alertId: warningId, at: '2026-02-09T01:00:00.000Z' } },
    ]);
  });

  it('records it once', () => {
    const shown: MilestoneAlertEvent = {
      type: 'MilestoneAlertShown',
      data: { childId: 'c1', alertId: warningId, at: '2026-02-09T01:00:00.000Z' },
    };
    expect(given(warningRaised, shown).when(markShown)).toEqual([]);
  });
});

describe('DismissMilestoneAlert', () => {
  it("records 'Got It'", () => {
    expect(
      given(warningRaised).when({ type: 'DismissMilestoneAlert', data: { alertId: warningId, now: new Date('2026-02-09T03:00:00Z') } }),
    ).toEqual([warningDismissed]);
  });
});

describe('SnoozeMilestoneAlert', () => {
  it("hides the alert for 24 hours on 'Remind Me Later'", () => {
    expect(
      given(warningRaised).when({ type: 'SnoozeMilestoneAlert', data: { alertId: warningId, now: new Date('2026-02-09T03:00:00Z') } }),
    ).toEqual([
      {
        type: 'MilestoneAlertSnoozed',
        data: { childId: 'c1', alertId: warningId, at: '2026-02-09T03:00:00.000Z', until: '2026-02-10T03:00:00.000Z' },
      },
    ]);
  });
});

describe('acting on an alert', () => {
  const now = new Date('2026-02-09T03:00:00Z');
  const actions: MilestoneAlertCommand[] = [
    { type: 'MarkMilestoneAlertShown', data: { alertId: warningId, now } },
    { type: 'DismissMilestoneAlert', data: { alertId: warningId, now } },
    { type: 'SnoozeMilestoneAlert', data: { alertId: warningId, now } },
  ];

  it.each(actions)('$type fails with MilestoneAlertNotFound for an alert never raised', (command) => {
    expect(() => given().when(command)).toThrow(MilestoneAlertNotFound);
    expect(() => given().when(command)).toThrow(NotFoundError);
  });

  it.each(actions)('$type fails with MilestoneAlertDismissed once the alert is dismissed', (command) => {
    expect(() => given(warningRaised, warningDismissed).when(command)).toThrow(MilestoneAlertDismissed);
    expect(() => given(warningRaised, warningDismissed).when(command)).toThrow(ConflictError);
  });
});
