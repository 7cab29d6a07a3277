import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../shared/domain-event';
import { decideChild, type ChildCommand } from './child.decider';
import { evolveChild, initialChildState, type ChildEvent, type ChildProfileData } from './child.events';

const given = (...events: ChildEvent[]) => ({
  when: (command: ChildCommand) => decideChild(command, events.reduce(evolveChild, initialChildState())),
});

const profile: ChildProfileData = {
  displayName: 'sealed-name',
  birthDate: 'sealed-birth-date',
  sex: 'Female',
  nightWindowStart: '19:00',
  nightWindowEnd: '08:00',
  timezone: 'America/New_York',
};
const registered: ChildEvent = { type: 'ChildRegistered', data: { childId: 'c1', ownerId: 'u1', ...profile } };
const removed: ChildEvent = { type: 'ChildRemoved', data: { childId: 'c1', ownerId: 'u1' } };
const newProfile = { ...profile, displayName: 'sealed-new-name', timezone: 'UTC', nightWindowStart: '20:00' };
const anonymize = (ownerId: string): ChildCommand => ({
  type: 'AnonymizeChild',
  data: { childId: 'c1', ownerId, birthMonth: '2026-09' },
});

describe('RegisterChild', () => {
  it('registers a new child with its sealed profile', () => {
    expect(given().when({ type: 'RegisterChild', data: { childId: 'c1', ownerId: 'u1', ...profile } })).toEqual([registered]);
  });

  it('records nothing when the same registration is retried with the same id', () => {
    expect(given(registered).when({ type: 'RegisterChild', data: { childId: 'c1', ownerId: 'u1', ...profile } })).toEqual([]);
  });
});

describe('UpdateChildProfile', () => {
  it('records the new profile for the owner', () => {
    expect(given(registered).when({ type: 'UpdateChildProfile', data: { childId: 'c1', ownerId: 'u1', ...newProfile } })).toEqual([
      { type: 'ChildProfileUpdated', data: { childId: 'c1', ownerId: 'u1', ...newProfile } },
    ]);
  });

  it('is "Child not found" for another user', () => {
    expect(() => given(registered).when({ type: 'UpdateChildProfile', data: { childId: 'c1', ownerId: 'u2', ...newProfile } })).toThrow(
      new NotFoundError('Child not found'),
    );
  });

  it('is "Child not found" for a child that was never registered', () => {
    expect(() => given().when({ type: 'UpdateChildProfile', data: { childId: 'c1', ownerId: 'u1', ...newProfile } })).toThrow(NotFoundError);
  });

  it('is "Child not found" after the child was removed', () => {
    expect(() => given(registered, removed).when({ type: 'UpdateChildProfile', data: { childId: 'c1', ownerId: 'u1', ...newProfile } })).toThrow(
      new NotFoundError('Child not found'),
    );
  });
});

describe('RemoveChild', () => {
  it('removes the owner\'s child', () => {
    expect(given(registered).when({ type: 'RemoveChild', data: { childId: 'c1', ownerId: 'u1' } })).toEqual([removed]);
  });

  it('is "Child not found" for another user', () => {
    expect(() => given(registered).when({ type: 'RemoveChild', data: { childId: 'c1', ownerId: 'u2' } })).toThrow(NotFoundError);
  });

  it('is "Child not found" when removed twice', () => {
    expect(() => given(registered, removed).when({ type: 'RemoveChild', data: { childId: 'c1', ownerId: 'u1' } })).toThrow(NotFoundError);
  });
});

describe('AnonymizeChild', () => {
  const anonymized: ChildEvent = {
    type: 'ChildAnonymized',
    data: { childId: 'c1', sex: 'Female', birthMonth: '2026-09' },
  };

  it('keeps the sex of the profile and the given birth month, without personal data', () => {
    expect(given(registered).when(anonymize('u1'))).toEqual([anonymized]);
  });

  it('carries the sex of the latest profile', () => {
    const updated: ChildEvent = { type: 'ChildProfileUpdated', data: { childId: 'c1', ownerId: 'u1', ...profile, sex: 'Male' } };
    expect(given(registered, updated).when(anonymize('u1'))).toEqual([{ ...anonymized, data: { ...anonymized.data, sex: 'Male' } }]);
  });

  it('records nothing for a child its parent removed, which left with all its data', () => {
    expect(given(registered, removed).when(anonymize('u1'))).toEqual([]);
  });

  it('records nothing for a child that never existed', () => {
    expect(given().when(anonymize('u1'))).toEqual([]);
  });

  it('records nothing for another owner\'s child', () => {
    expect(given(registered).when(anonymize('u2'))).toEqual([]);
  });

  it('records nothing the second time', () => {
    expect(given(registered, anonymized).when(anonymize('u1'))).toEqual([]);
  });
});
