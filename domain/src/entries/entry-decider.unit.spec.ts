import { describe, expect, it } from 'vitest';
import { diaperKind } from '../diapers/diaper.kind';
import { feedingKind } from '../feedings/feeding.kind';
import { NotFoundError, type DomainEvent } from '../shared/domain-event';
import { sleepKind } from '../sleeps/sleep.kind';
import type { EntryCommand, EntryKindDefinition } from './entry-kind-definition';

// Every kind's stream is decided by the decider its declaration makes: given its events, when a
// command, then the events it records (or its refusal).
const given =
  (kind: Pick<EntryKindDefinition, 'decider'>) =>
  (...events: DomainEvent[]) => ({
    when: (command: EntryCommand) => kind.decider.decide(command, events.reduce(kind.decider.evolve, kind.decider.initialState())),
  });

const ref = { feedingId: 'f1', childId: 'c1', ownerId: 'u1' };
const details = {
  startedAt: '2026-11-20T14:00:00.000Z',
  endedAt: '2026-11-20T14:15:00.000Z',
  amountOz: 4.25,
  enteredAmount: { value: 4.25, unit: 'oz' },
  method: 'Bottle',
  type: 'Formula',
  sides: null,
  notes: 'sealed-notes',
};
const corrected = { ...details, amountOz: 3.5, endedAt: '2026-11-20T14:30:00.000Z' };
const logged = { type: 'FeedingLogged', data: { ...ref, ...details } };
const deleted = { type: 'FeedingDeleted', data: ref };
const feeding = given(feedingKind);

describe('a kind of entry logged', () => {
  it('is logged by its kind\'s log command, under its own event', () => {
    expect(feeding().when({ type: 'LogFeeding', data: { ...ref, ...details } })).toEqual([logged]);
    const diaper = { diaperId: 'd1', childId: 'c1', ownerId: 'u1', occurredAt: '2026-11-20T14:00:00.000Z', contents: 'wet', color: null, notes: '' };
    expect(given(diaperKind)().when({ type: 'LogDiaper', data: diaper })).toEqual([{ type: 'DiaperChanged', data: diaper }]);
  });

  it('records nothing when the same id is logged again (a retried tap), nor brings a deleted entry back', () => {
    expect(feeding(logged).when({ type: 'LogFeeding', data: { ...ref, ...details } })).toEqual([]);
    expect(feeding(logged, deleted).when({ type: 'LogFeeding', data: { ...ref, ...details } })).toEqual([]);
  });
});

describe('a correction', () => {
  it('records the corrected details, for the member who logged it whoever corrects it', () => {
    expect(feeding(logged).when({ type: 'CorrectFeeding', data: { ...ref, ownerId: 'u2', ...corrected } })).toEqual([{ type: 'FeedingCorrected', data: { ...ref, ...corrected } }]);
  });

  it('is "Feeding not found" once deleted, when never logged, and for another child', () => {
    expect(() => feeding(logged, deleted).when({ type: 'CorrectFeeding', data: { ...ref, ...corrected } })).toThrow(new NotFoundError('Feeding not found'));
    expect(() => feeding().when({ type: 'CorrectFeeding', data: { ...ref, ...corrected } })).toThrow(NotFoundError);
    expect(() => feeding(logged).when({ type: 'CorrectFeeding', data: { ...ref, childId: 'c2', ...corrected } })).toThrow(new NotFoundError('Feeding not found'));
  });
});

describe('a deletion and its undo', () => {
  it('deletes the entry naming its child, after a correction too, and only once', () => {
    const correctedEvent = { type: 'FeedingCorrected', data: { ...ref, ...corrected } };
    expect(feeding(logged, correctedEvent).when({ type: 'DeleteFeeding', data: { feedingId: 'f1' } })).toEqual([deleted]);
    expect(() => feeding(logged, deleted).when({ type: 'DeleteFeeding', data: { feedingId: 'f1' } })).toThrow(new NotFoundError('Feeding not found'));
  });

  it('restores a deleted entry as it was, changes nothing for one that is there, and finds none never logged', () => {
    const correctedEvent = { type: 'FeedingCorrected', data: { ...ref, ...corrected } };
    expect(feeding(logged, correctedEvent, deleted).when({ type: 'RestoreFeeding', data: { feedingId: 'f1' } })).toEqual([{ type: 'FeedingRestored', data: { ...ref, ...corrected } }]);
    expect(feeding(logged).when({ type: 'RestoreFeeding', data: { feedingId: 'f1' } })).toEqual([]);
    expect(() => feeding().when({ type: 'RestoreFeeding', data: { feedingId: 'f1' } })).toThrow(new NotFoundError('Feeding not found'));
  });

  it('restores a sleep recorded before its tag was sealed without the plain text, which no new event records', () => {
    const sleepRef = { sleepId: 's1', childId: 'c1', ownerId: 'u1' };
    const times = { startedAt: '2026-11-20T18:00:00.000Z', endedAt: '2026-11-20T19:05:00.000Z' };
    const environment = { roomTemp: 68, whiteNoise: true, sleepSackTag: null, sleepSackTog: 2.5 };
    const readFromVersion1 = { type: 'SleepLogged', data: { ...sleepRef, ...times, environment: { ...environment, plainSleepSackTag: 'the blue one, 2.5 TOG' }, notes: 'sealed' } };
    expect(given(sleepKind)(readFromVersion1, { type: 'SleepDeleted', data: sleepRef }).when({ type: 'RestoreSleep', data: { sleepId: 's1' } })).toEqual([
      { type: 'SleepRestored', data: { ...sleepRef, ...times, environment, notes: 'sealed' } },
    ]);
  });
});

describe('resealing', () => {
  it('records the notes and every other free text sealed again, and the state holds them after', () => {
    const sleepRef = { sleepId: 's1', childId: 'c1', ownerId: 'u1' };
    const sleep = { type: 'SleepLogged', data: { ...sleepRef, startedAt: '2026-11-20T18:00:00.000Z', endedAt: '2026-11-20T19:05:00.000Z', environment: { roomTemp: null, whiteNoise: false, sleepSackTag: 'old-tag', sleepSackTog: 1 }, notes: 'old-notes' } };
    const command = sleepKind.resealNotes('s1', 'new-notes', { sleepSackTag: 'new-tag' });
    const events = given(sleepKind)(sleep).when(command);
    expect(events).toEqual([{ type: 'SleepNotesResealed', data: { sleepId: 's1', notes: 'new-notes', sleepSackTag: 'new-tag', childId: 'c1', ownerId: 'u1' } }]);
    const state = [sleep, ...events].reduce(sleepKind.decider.evolve, sleepKind.decider.initialState());
    expect(sleepKind.recordedOf(state.details!)).toMatchObject({ notes: 'new-notes', details: { environment: { sleepSackTag: 'new-tag', sleepSackTog: 1 } } });
  });

  it('is refused for an entry deleted', () => {
    expect(() => feeding(logged, deleted).when(feedingKind.resealNotes('f1', 'new', {}))).toThrow(new NotFoundError('Feeding not found'));
  });
});
