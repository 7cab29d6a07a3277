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
  data: { childId: 'c1', birthDate: '2026-01-15', previousBirthDate: '2026-01-15', timezone, now: new Date(now) },
});

const warningId = 'c1:1-month:ONE_WEEK_WARNING';
const warningRaised: MilestoneAlertRaised = {
  type: 'MilestoneAlertRaised',
  data: {
    childId: 'c1',
    alertId: warningId,
    milestoneKey: '1-month',
    alertType: 'ONE_WEEK_WARNING',
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
        data: { childId: 'c2', birthDate: '2026-02-10', previousBirthDate: '2026-02-10', timezone: 'UTC', now: new Date('2026-03-02T12:00:00Z') },
      }),
    ).toEqual([]);
  });
});

describe('RaiseDueMilestoneAlert after the birth date was corrected', () => {
  // 11:00 on 20 March 2026 in New York. Born 24 February, the child was warned for 17 to 23 March.
  const now = new Date('2026-03-20T15:00:00Z');
  const bornOn = (birthDate: string): RaiseDueMilestoneAlert => ({
    type: 'RaiseDueMilestoneAlert',
    data: { childId: 'c1', birthDate, previousBirthDate: '2026-02-24', timezone: 'America/New_York', now },
  });
  const warnedFrom24Feb: MilestoneAlertRaised = { type: 'MilestoneAlertRaised', data: { ...warningRaised.data, raisedAt: '2026-03-17T12:00:00.000Z' } };
  const withdrawn = (alertId: string): MilestoneAlertEvent => ({ type: 'MilestoneAlertWithdrawn', data: { childId: 'c1', alertId, at: '2026-03-20T15:00:00.000Z' } });

  it('keeps an alert whose window the birth date still gives', () => {
    expect(given(warnedFrom24Feb).when(bornOn('2026-02-24'))).toEqual([]);
  });

  it('keeps an alert whose window a corrected birth date leaves where it was', () => {
    // Born 31 or 30 January, a child is one month old on 28 February: warned from 21 to 27 February either way.
    const warnedFrom31Jan: MilestoneAlertRaised = { type: 'MilestoneAlertRaised', data: { ...warningRaised.data, raisedAt: '2026-02-21T12:00:00.000Z' } };
    const correctedOn22Feb: RaiseDueMilestoneAlert = {
      type: 'RaiseDueMilestoneAlert',
      data: { childId: 'c1', birthDate: '2026-01-30', previousBirthDate: '2026-01-31', timezone: 'America/New_York', now: new Date('2026-02-22T15:00:00Z') },
    };
    expect(given(warnedFrom31Jan).when(correctedOn22Feb)).toEqual([]);
  });

  it('withdraws the warning of 24 February and raises the one of 26 February, 19 to 25 March, under the same id', () => {
    expect(given(warnedFrom24Feb).when(bornOn('2026-02-26'))).toEqual([
      withdrawn(warningId),
      {
        type: 'MilestoneAlertRaised',
        data: {
          childId: 'c1',
          alertId: warningId,
          milestoneKey: '1-month',
          alertType: 'ONE_WEEK_WARNING',
          raisedAt: '2026-03-20T15:00:00.000Z',
        },
      },
    ]);
  });

  it('leaves the corrected alert in force: on 24 March the warning of 26 February is still due and raised once', () => {
    const [withdrawal, raised] = given(warnedFrom24Feb).when(bornOn('2026-02-26'));
    // The next scan: the alerts were raised for 26 February now.
    const on24March: RaiseDueMilestoneAlert = {
      type: 'RaiseDueMilestoneAlert',
      data: { ...bornOn('2026-02-26').data, previousBirthDate: '2026-02-26', now: new Date('2026-03-24T15:00:00Z') },
    };
    expect(given(warnedFrom24Feb, withdrawal!, raised as MilestoneAlertEvent).when(on24March)).toEqual([]);
  });

  it('only withdraws when the child turns out to be 2 months old, past every window', () => {
    // Born 10 January: 2 months on 10 March, reached-window 10 to 16 March, next warning opens 3 May.
    expect(given(warnedFrom24Feb).when(bornOn('2026-01-10'))).toEqual([withdrawn(warningId)]);
  });

  it('withdraws a dismissed or snoozed alert too and raises the corrected one as new', () => {
    const dismissed: MilestoneAlertEvent = { type: 'MilestoneAlertDismissed', data: { childId: 'c1', alertId: warningId, at: '2026-03-18T12:00:00.000Z' } };
    const events = given(warnedFrom24Feb, dismissed).when(bornOn('2026-02-26'));
    expect(events.map((event) => event.type)).toEqual(['MilestoneAlertWithdrawn', 'MilestoneAlertRaised']);
    const state = [warnedFrom24Feb, dismissed, ...events].reduce(evolve, initialState());
    expect(state.alerts[warningId]).toEqual({
      id: warningId,
      childId: 'c1',
      milestoneKey: '1-month',
      alertType: 'ONE_WEEK_WARNING',
      shown: false,
      dismissed: false,
      snoozedUntil: null,
    });
  });

  it('withdraws every alert the corrected birth date moved, past ones included, in id order', () => {
    const reachedFrom24Feb: MilestoneAlertRaised = {
      type: 'MilestoneAlertRaised',
      data: {
        childId: 'c1',
        alertId: 'c1:1-month:MILESTONE_REACHED',
        milestoneKey: '1-month',
        alertType: 'MILESTONE_REACHED',
        raisedAt: '2026-03-24T12:00:00.000Z',
      },
    };
    // Born 10 February: reached 10 March, window 10 to 16 March; neither stored window matches.
    const later = { type: 'RaiseDueMilestoneAlert' as const, data: { ...bornOn('2026-02-10').data, now: new Date('2026-03-25T15:00:00Z') } };
    expect(given(warnedFrom24Feb, reachedFrom24Feb).when(later)).toEqual([
      { type: 'MilestoneAlertWithdrawn', data: { childId: 'c1', alertId: 'c1:1-month:MILESTONE_REACHED', at: '2026-03-25T15:00:00.000Z' } },
      { type: 'MilestoneAlertWithdrawn', data: { childId: 'c1', alertId: warningId, at: '2026-03-25T15:00:00.000Z' } },
    ]);
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
