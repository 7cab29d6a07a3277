import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../shared/domain-event';
import { decideFeeding, type FeedingCommand } from './feeding.decider';
import { evolveFeeding, initialFeedingState, type FeedingDetails, type FeedingEvent } from './feeding.events';

const given = (...events: FeedingEvent[]) => ({
  when: (command: FeedingCommand) => decideFeeding(command, events.reduce(evolveFeeding, initialFeedingState())),
});

const ref = { feedingId: 'f1', childId: 'c1', ownerId: 'u1' };
const details: FeedingDetails = {
  startedAt: '2026-11-20T14:00:00.000Z',
  endedAt: '2026-11-20T14:15:00.000Z',
  amountOz: 4.25,
  enteredAmount: { value: 4.25, unit: 'oz' },
  method: 'Bottle',
  type: 'Formula',
  sides: null,
  notes: 'sealed-notes',
};
const corrected: FeedingDetails = { ...details, amountOz: 3.5, endedAt: '2026-11-20T14:30:00.000Z' };
const logged: FeedingEvent = { type: 'FeedingLogged', data: { ...ref, ...details } };
const deleted: FeedingEvent = { type: 'FeedingDeleted', data: ref };

describe('LogFeeding', () => {
  it('logs a new feeding', () => {
    expect(given().when({ type: 'LogFeeding', data: { ...ref, ...details } })).toEqual([logged]);
  });

  it('records nothing when the same feeding id is logged again (a retried tap)', () => {
    expect(given(logged).when({ type: 'LogFeeding', data: { ...ref, ...details } })).toEqual([]);
  });

  it('does not bring a deleted feeding back', () => {
    expect(given(logged, deleted).when({ type: 'LogFeeding', data: { ...ref, ...details } })).toEqual([]);
  });
});

describe('CorrectFeeding', () => {
  it('records the corrected details for the owner', () => {
    expect(given(logged).when({ type: 'CorrectFeeding', data: { ...ref, ...corrected } })).toEqual([
      { type: 'FeedingCorrected', data: { ...ref, ...corrected } },
    ]);
  });

  it('keeps the member who logged it when another member of the family corrects it', () => {
    expect(given(logged).when({ type: 'CorrectFeeding', data: { ...ref, ownerId: 'u2', ...corrected } })).toEqual([{ type: 'FeedingCorrected', data: { ...ref, ...corrected } }]);
  });

  it('is "Feeding not found" once deleted', () => {
    expect(() => given(logged, deleted).when({ type: 'CorrectFeeding', data: { ...ref, ...corrected } })).toThrow(NotFoundError);
  });

  it('is "Feeding not found" when never logged', () => {
    expect(() => given().when({ type: 'CorrectFeeding', data: { ...ref, ...corrected } })).toThrow(NotFoundError);
  });

  it('cannot move a feeding to another child', () => {
    expect(() => given(logged).when({ type: 'CorrectFeeding', data: { ...ref, childId: 'c2', ...corrected } })).toThrow(
      new NotFoundError('Feeding not found'),
    );
  });
});

describe('DeleteFeeding', () => {
  it('deletes the owner\'s feeding, naming its child', () => {
    expect(given(logged).when({ type: 'DeleteFeeding', data: { feedingId: 'f1' } })).toEqual([deleted]);
  });

  it('names the child after a correction too', () => {
    const correctedEvent: FeedingEvent = { type: 'FeedingCorrected', data: { ...ref, ...corrected } };
    expect(given(logged, correctedEvent).when({ type: 'DeleteFeeding', data: { feedingId: 'f1' } })).toEqual([deleted]);
  });

  it('is "Feeding not found" when deleted twice', () => {
    expect(() => given(logged, deleted).when({ type: 'DeleteFeeding', data: { feedingId: 'f1' } })).toThrow(NotFoundError);
  });
});
