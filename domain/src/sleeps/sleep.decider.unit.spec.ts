import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../shared/domain-event';
import { decideSleep, type SleepCommand } from './sleep.decider';
import { evolveSleep, initialSleepState, type SleepDetails, type SleepEvent } from './sleep.events';

const given = (...events: SleepEvent[]) => ({
  when: (command: SleepCommand) => decideSleep(command, events.reduce(evolveSleep, initialSleepState())),
});

const ref = { sleepId: 's1', childId: 'c1', ownerId: 'u1' };
const details: SleepDetails = {
  startedAt: '2026-11-20T18:00:00.000Z',
  endedAt: '2026-11-20T19:05:00.000Z',
  environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: 'sealed-tag', sleepSackTog: 1 },
  notes: 'sealed-notes',
};
const corrected: SleepDetails = { ...details, endedAt: '2026-11-20T19:30:00.000Z', environment: null };
const logged: SleepEvent = { type: 'SleepLogged', data: { ...ref, ...details } };
const deleted: SleepEvent = { type: 'SleepDeleted', data: ref };

describe('LogSleep', () => {
  it('logs a new sleep session', () => {
    expect(given().when({ type: 'LogSleep', data: { ...ref, ...details } })).toEqual([logged]);
  });

  it('records nothing when the same sleep id is logged again (a retried tap)', () => {
    expect(given(logged).when({ type: 'LogSleep', data: { ...ref, ...details } })).toEqual([]);
  });

  it('does not bring a deleted session back', () => {
    expect(given(logged, deleted).when({ type: 'LogSleep', data: { ...ref, ...details } })).toEqual([]);
  });
});

describe('CorrectSleep', () => {
  it('records the corrected details for the owner', () => {
    expect(given(logged).when({ type: 'CorrectSleep', data: { ...ref, ...corrected } })).toEqual([
      { type: 'SleepCorrected', data: { ...ref, ...corrected } },
    ]);
  });

  it('keeps the member who logged it when another member of the family corrects it', () => {
    expect(given(logged).when({ type: 'CorrectSleep', data: { ...ref, ownerId: 'u2', ...corrected } })).toEqual([{ type: 'SleepCorrected', data: { ...ref, ...corrected } }]);
  });

  it('is "Sleep session not found" once deleted', () => {
    expect(() => given(logged, deleted).when({ type: 'CorrectSleep', data: { ...ref, ...corrected } })).toThrow(NotFoundError);
  });

  it('is "Sleep session not found" when never logged', () => {
    expect(() => given().when({ type: 'CorrectSleep', data: { ...ref, ...corrected } })).toThrow(NotFoundError);
  });

  it('cannot move a session to another child', () => {
    expect(() => given(logged).when({ type: 'CorrectSleep', data: { ...ref, childId: 'c2', ...corrected } })).toThrow(
      new NotFoundError('Sleep session not found'),
    );
  });
});

describe('DeleteSleep', () => {
  it('deletes the owner\'s session, naming its child', () => {
    expect(given(logged).when({ type: 'DeleteSleep', data: { sleepId: 's1' } })).toEqual([deleted]);
  });

  it('is "Sleep session not found" when deleted twice', () => {
    expect(() => given(logged, deleted).when({ type: 'DeleteSleep', data: { sleepId: 's1' } })).toThrow(NotFoundError);
  });
});
