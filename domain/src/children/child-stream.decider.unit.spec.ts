import { describe, expect, it } from 'vitest';
import type { MilestoneAlertEvent } from '../milestones/milestone-alert';
import { NotFoundError } from '../shared/domain-event';
import type { ChildEvent, ChildProfileData } from './child.events';
import { decideChildStream, evolveChildStream, initialChildStreamState, type ChildStreamCommand } from './child-stream.decider';

const given = (...events: (ChildEvent | MilestoneAlertEvent)[]) => ({
  when: (command: ChildStreamCommand) => decideChildStream(command, events.reduce(evolveChildStream, initialChildStreamState())),
});

// 11:00 on 20 March 2026 in New York.
const now = new Date('2026-03-20T15:00:00Z');
const profile: ChildProfileData = {
  displayName: 'sealed-name',
  birthDate: 'sealed-birth-date',
  sex: 'Female',
  nightWindowStart: '19:00',
  nightWindowEnd: '08:00',
  timezone: 'America/New_York',
};
const register = (birthDate: string): ChildStreamCommand => ({ type: 'RegisterChild', data: { childId: 'c1', ownerId: 'u1', ...profile }, alertsAsOf: { birthDate, now } });
// The profile recorded before the update says 24 February; its alerts were raised for that date.
const update = (birthDate: string, changes: Partial<ChildProfileData> = {}, actorId = 'u1', previousBirthDate = '2026-02-24'): ChildStreamCommand => ({
  type: 'UpdateChildProfile',
  data: { childId: 'c1', actorId, ...profile, birthDate: `sealed-${birthDate}`, ...changes },
  alertsAsOf: { birthDate, previousBirthDate, now },
});

const registered: ChildEvent = { type: 'ChildRegistered', data: { childId: 'c1', ownerId: 'u1', ...profile } };
const warningId = 'c1:1-month:ONE_WEEK_WARNING';
const warning = (raisedAt = '2026-03-20T15:00:00.000Z'): MilestoneAlertEvent => ({
  type: 'MilestoneAlertRaised',
  data: { childId: 'c1', alertId: warningId, milestoneKey: '1-month', alertType: 'ONE_WEEK_WARNING', raisedAt },
});

describe('RegisterChild', () => {
  it('raises the due alert in the same decision: a child born 24 February is warned of one month at once', () => {
    expect(given().when(register('2026-02-24'))).toEqual([registered, warning()]);
  });

  it('raises nothing for a child 10 days old', () => {
    expect(given().when(register('2026-03-10'))).toEqual([registered]);
  });

  it('records nothing for a retried registration, alert included', () => {
    expect(given(registered, warning()).when(register('2026-02-24'))).toEqual([]);
  });
});

describe('UpdateChildProfile', () => {
  // Warned from 17 to 23 March.
  const warnedFrom24Feb = warning('2026-03-17T12:00:00.000Z');

  it('withdraws the warning a corrected birth date moved and raises the corrected one', () => {
    const events = given(registered, warnedFrom24Feb).when(update('2026-02-26'));
    expect(events).toEqual([
      { type: 'ChildProfileUpdated', data: { childId: 'c1', ownerId: 'u1', ...profile, birthDate: 'sealed-2026-02-26' } },
      { type: 'MilestoneAlertWithdrawn', data: { childId: 'c1', alertId: warningId, at: '2026-03-20T15:00:00.000Z' } },
      // The warning of 26 February, 19 to 25 March.
      warning(),
    ]);
  });

  it('only withdraws when the corrected child is 2 months old with no window open', () => {
    expect(given(registered, warnedFrom24Feb).when(update('2026-01-10')).map((event) => event.type)).toEqual(['ChildProfileUpdated', 'MilestoneAlertWithdrawn']);
  });

  it('raises the alert a corrected birth date puts the child in', () => {
    // Registered as born 10 March, 10 days old: no alert then.
    expect(given(registered).when(update('2026-02-24', {}, 'u1', '2026-03-10')).slice(1)).toEqual([warning()]);
  });

  it('leaves alerts alone when the birth date stays, whatever else changes', () => {
    expect(given(registered, warnedFrom24Feb).when(update('2026-02-24', { displayName: 'sealed-new-name', nightWindowStart: '20:00' })).map((event) => event.type)).toEqual([
      'ChildProfileUpdated',
    ]);
  });

  it('is "Child not found" for another user, and decides no alert', () => {
    expect(() => given(registered).when(update('2026-02-24', {}, 'u2'))).toThrow(new NotFoundError('Child not found'));
  });
});

describe('RemoveChild', () => {
  it('removes the child and leaves its alerts in the log', () => {
    expect(given(registered, warning()).when({ type: 'RemoveChild', data: { childId: 'c1', actorId: 'u1' } })).toEqual([
      { type: 'ChildRemoved', data: { childId: 'c1', ownerId: 'u1' } },
    ]);
  });
});
