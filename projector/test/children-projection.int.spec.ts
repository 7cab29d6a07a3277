import type { ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { openChild } from '@nightlight/infrastructure/read-store/personal-fields';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  append,
  feedingEvent,
  openProjectionStores,
  projectFromStart,
  registerChild,
  removeChild,
  sleepEvent,
  snapshotOf,
  updateChild,
  type ChildFacts,
  type ProjectionStores,
} from './support/projection-harness';

let stores: ProjectionStores;
beforeEach(async () => {
  stores = await openProjectionStores();
});
afterEach(() => stores.close());

const mia: ChildFacts = { childId: 'child-mia', ownerId: 'owner-1', displayName: 'Mia', birthDate: '2026-09-01', timezone: 'America/New_York' };
const leo: ChildFacts = { childId: 'child-leo', ownerId: 'owner-1', displayName: 'Leo', birthDate: '2025-05-30', sex: 'Male', timezone: 'UTC' };

describe('children projection', () => {
  it('given ChildRegistered, then one document with the name and birth date sealed, which open to what was registered', async () => {
    const position = await registerChild(stores, mia);
    const readStore = await projectFromStart(stores);
    const docs = await readStore.collection<ChildDocument>('children').find({});
    expect(await Promise.all(docs.map((doc) => openChild(stores.cipher, doc)))).toEqual([
      {
        _id: 'child-mia',
        ownerId: 'owner-1',
        displayName: 'Mia',
        birthDate: '2026-09-01',
        sex: 'Female',
        nightWindowStart: '19:00',
        nightWindowEnd: '08:00',
        timezone: 'America/New_York',
        researchConsent: null,
        registeredAt: position,
        position,
      },
    ]);
    // Sealed as the event holds them: nothing of the name or the birth date in the document itself.
    expect(JSON.stringify(docs)).not.toMatch(/Mia|2026-09-01/);
  });

  it('given a profile update, then the document shows the new profile and keeps when it was registered', async () => {
    const registeredAt = await registerChild(stores, mia);
    const position = await updateChild(stores, { ...mia, displayName: 'M.', sex: 'Unknown', nightWindowStart: '20:30', nightWindowEnd: '07:00' });
    const readStore = await projectFromStart(stores);
    expect(await openChild(stores.cipher, (await readStore.collection<ChildDocument>('children').findOne({ _id: 'child-mia' }))!)).toEqual({
      _id: 'child-mia',
      ownerId: 'owner-1',
      displayName: 'M.',
      birthDate: '2026-09-01',
      sex: 'Unknown',
      nightWindowStart: '20:30',
      nightWindowEnd: '07:00',
      timezone: 'America/New_York',
      researchConsent: null,
      registeredAt,
      position,
    });
  });

  it("given answers about research, then the document holds the last, through profile updates", async () => {
    await registerChild(stores, mia);
    const consent = (value: boolean) => append(stores, childStreamId(mia.childId), 'ChildResearchConsentChanged', { childId: mia.childId, consent: value });
    await consent(true);
    await updateChild(stores, { ...mia, displayName: 'M.' });
    const doc = await (await projectFromStart(stores)).collection<ChildDocument>('children').findOne({ _id: 'child-mia' });
    expect(await openChild(stores.cipher, doc!)).toMatchObject({ displayName: 'M.', researchConsent: true });
    const position = await consent(false);
    expect(await (await projectFromStart(stores)).collection('children').findOne({ _id: 'child-mia' })).toMatchObject({ researchConsent: false, position });
  });

  it('given a profile update of a child never registered, then no document', async () => {
    await updateChild(stores, mia);
    const readStore = await projectFromStart(stores);
    expect(await readStore.collection('children').find({})).toEqual([]);
  });

  it('given ChildRemoved, then the child, its timeline and its daily insights are gone, and its sibling stays', async () => {
    await registerChild(stores, mia);
    await registerChild(stores, leo);
    for (const child of [mia, leo]) {
      const ref = { id: `feeding-of-${child.childId}`, childId: child.childId, ownerId: child.ownerId };
      await feedingEvent(stores, 'FeedingLogged', ref, {
        startedAt: '2026-11-20T14:00:00.000Z',
        endedAt: '2026-11-20T14:15:00.000Z',
        amountOz: 3,
        method: 'Bottle',
        type: 'Formula',
        notes: 'Bottle feeding',
      });
    }
    await sleepEvent(stores, 'SleepLogged', { id: 'sleep-of-mia', childId: mia.childId, ownerId: mia.ownerId }, {
      startedAt: '2026-11-20T17:00:00.000Z',
      endedAt: '2026-11-20T18:00:00.000Z',
      environment: null,
      notes: 'Sleep session',
    });

    const before = await projectFromStart(stores);
    expect((await before.collection('timeline').find({ childId: 'child-mia' })).map((doc) => doc._id).sort()).toEqual(['feeding-of-child-mia', 'sleep-of-mia']);
    expect((await before.collection('daily_insights').find({ childId: 'child-mia' })).map((doc) => doc._id)).toEqual(['child-mia:2026-11-20']);

    await removeChild(stores, mia);
    const after = await projectFromStart(stores);
    expect((await after.collection('children').find({})).map((doc) => doc._id)).toEqual(['child-leo']);
    expect((await after.collection('timeline').find({})).map((doc) => doc._id)).toEqual(['feeding-of-child-leo']);
    expect((await after.collection('daily_insights').find({})).map((doc) => doc._id)).toEqual(['child-leo:2026-11-20']);
  });

  it('given entries logged after the removal (an old phone syncing late), then they are not projected', async () => {
    await registerChild(stores, mia);
    await removeChild(stores, mia);
    await feedingEvent(stores, 'FeedingLogged', { id: 'late-feeding', childId: mia.childId, ownerId: mia.ownerId }, {
      startedAt: '2026-11-20T14:00:00.000Z',
      endedAt: '2026-11-20T14:15:00.000Z',
      amountOz: null,
      method: 'Nursing',
      type: null,
      notes: 'Nursing feeding',
    });
    expect(await snapshotOf(await projectFromStart(stores))).toEqual({});
  });

  it('given ChildAnonymized, then the child disappears like a removed one', async () => {
    await registerChild(stores, mia);
    await append(stores, childStreamId('child-mia'), 'ChildAnonymized', { childId: 'child-mia', sex: 'Female', birthMonth: '2026-09' });
    const readStore = await projectFromStart(stores);
    expect(await readStore.collection('children').find({})).toEqual([]);
  });

  it('given a registration whose key was shredded and the child anonymised, then nothing of it (the account was deleted)', async () => {
    await registerChild(stores, mia);
    await append(stores, childStreamId('child-mia'), 'ChildAnonymized', { childId: 'child-mia', sex: 'Female', birthMonth: '2026-09' });
    await stores.cipher.shred('owner-1');
    const readStore = await projectFromStart(stores);
    expect(await snapshotOf(readStore)).toEqual({});
  });

  it('given a registration sealed with its first parent\'s key, re-sealed with the child\'s before that parent left, then the child stays with the family', async () => {
    const registeredAt = await registerChild(stores, mia);
    await append(stores, childStreamId('child-mia'), 'ChildMemberJoined', { childId: 'child-mia', memberId: 'parent-2', role: 'parent', number: 2, invitationId: 'i1' });
    const resealed = {
      childId: 'child-mia',
      ownerId: 'owner-1',
      displayName: await stores.cipher.sealForChild('child-mia', 'Mia'),
      birthDate: await stores.cipher.sealForChild('child-mia', '2026-09-01'),
      sex: 'Female',
      nightWindowStart: '19:00',
      nightWindowEnd: '08:00',
      timezone: 'America/New_York',
    };
    await append(stores, childStreamId('child-mia'), 'ChildProfileUpdated', resealed);
    const position = await append(stores, childStreamId('child-mia'), 'ChildMemberLeft', { childId: 'child-mia', memberId: 'owner-1' });
    await stores.cipher.shred('owner-1');
    const readStore = await projectFromStart(stores);
    expect(await openChild(stores.cipher, (await readStore.collection<ChildDocument>('children').findOne({ _id: 'child-mia' }))!)).toMatchObject({ displayName: 'Mia', birthDate: '2026-09-01', registeredAt, position });
    expect(await readStore.collection('memberships').find({})).toEqual([expect.objectContaining({ memberId: 'parent-2', role: 'parent', number: 2 })]);
  });
});
