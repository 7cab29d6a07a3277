import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNewEvent } from '@nightlight/command-api/command-handler';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import { entrySlotsStreamId, feedingStreamId } from '@nightlight/domain/shared/stream-ids';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Overlaps are decided on a stream per day of a child's entries (docs/decisions.md, "Overlaps"):
 * corrections and deletions free the times they leave, entries logged before days had streams are
 * still counted, and a claim left by a write that stopped half way does not block a time for ever.
 * The race itself is in tests/contracts/overlap-race.contract.spec.ts.
 */
const FEEDING_OVERLAP = 'This overlaps a feeding already logged for this child';
let server: TestServer;
let userId: string;
let parent: string;

beforeAll(async () => {
  server = await startTestServer();
  userId = uuidv7();
  parent = await server.server.adapters.tokens.issueAccessToken(userId);
});
afterAll(() => server.close());

const at = (time: string) => `2026-11-20T${time}:00.000Z`;
const bottle = (childId: string, startedAt: string, endedAt: string) => ({ childId, startedAt: at(startedAt), endedAt: at(endedAt), method: 'Bottle', amountOz: 3, type: 'Formula' });

async function addChild() {
  const created = await server.call('POST', '/api/children', { token: parent, body: { displayName: 'Slots', birthDate: '2026-10-01', sex: 'Female', timezone: 'UTC' } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** Appends as an older release, or a write cut short, would have left the log. */
async function appendAsIs(streamId: string, event: DomainEvent, recordedAt = new Date().toISOString()) {
  const recorded = toNewEvent(event, randomUUID(), { userId, correlationId: randomUUID(), causationId: randomUUID(), recordedAt });
  const { position } = await server.server.adapters.eventStore.append(streamId, [recorded], 'any');
  await server.server.projector.waitFor(position, 5_000);
}

describe('overlapping entries', () => {
  it('frees the times a corrected entry leaves, on the same day and on the day it left', async () => {
    const childId = await addChild();
    const first = await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '10:00', '10:30') });
    expect(first.status).toBe(201);
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '10:15', '10:45') })).body).toEqual({ message: FEEDING_OVERLAP, code: 'entry.overlap' });

    // Moved to the evening before: its morning is free, and its evening taken.
    const moved = await server.call('PUT', `/api/feedings/${first.body.id}`, { token: parent, body: { ...bottle(childId, '10:00', '10:30'), startedAt: '2026-11-19T23:50:00.000Z', endedAt: '2026-11-20T00:20:00.000Z' } });
    expect(moved.status).toBe(200);
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '10:15', '10:45') })).status).toBe(201);
    const evening = await server.call('POST', '/api/feedings', { token: parent, body: { ...bottle(childId, '00:00', '00:10'), startedAt: '2026-11-19T23:40:00.000Z', endedAt: '2026-11-19T23:55:00.000Z' } });
    expect(evening.body).toEqual({ message: FEEDING_OVERLAP, code: 'entry.overlap' });
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '00:10', '00:30') })).body).toEqual({ message: FEEDING_OVERLAP, code: 'entry.overlap' });
  });

  it('frees the times of a deleted entry', async () => {
    const childId = await addChild();
    const first = await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '12:00', '12:30') });
    expect((await server.call('DELETE', `/api/feedings/${first.body.id}`, { token: parent })).status).toBe(200);
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '12:10', '12:20') })).status).toBe(201);
  });

  it('writes nothing when it refuses an entry that reaches across midnight into a taken time', async () => {
    const childId = await addChild();
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '00:05', '00:20') })).status).toBe(201);
    const head = await server.server.adapters.eventStore.headPosition();
    const across = await server.call('POST', '/api/feedings', { token: parent, body: { ...bottle(childId, '00:00', '00:10'), startedAt: '2026-11-19T23:50:00.000Z' } });
    expect(across.body).toEqual({ message: FEEDING_OVERLAP, code: 'entry.overlap' });
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('counts an entry logged before days had streams, which only the timeline knows', async () => {
    const childId = await addChild();
    const feedingId = uuidv7();
    const notes = await server.server.adapters.cipher.seal(userId, 'Bottle feeding');
    await appendAsIs(feedingStreamId(feedingId), {
      type: 'FeedingLogged',
      data: { feedingId, childId, ownerId: userId, startedAt: at('14:00'), endedAt: at('14:30'), amountOz: 4, enteredAmount: { value: 4, unit: 'oz' }, method: 'Bottle', type: 'Formula', sides: null, notes },
    });
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '14:20', '14:40') })).body).toEqual({ message: FEEDING_OVERLAP, code: 'entry.overlap' });
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '14:30', '14:40') })).status).toBe(201);
    // The day now has its stream, opened with the older entry, which still counts.
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '13:50', '14:05') })).body).toEqual({ message: FEEDING_OVERLAP, code: 'entry.overlap' });
  });

  it('takes a time whose claim was left by a write that stopped before recording its entry, once any write would have finished', async () => {
    const childId = await addChild();
    const day = entrySlotsStreamId('feeding', childId, '2026-11-20');
    const slot = (entryId: string, claimedAt: string) => ({ type: 'EntrySlotClaimed', data: { entryId, startedAt: at('16:00'), endedAt: at('16:30'), claimedAt } });
    await appendAsIs(day, { type: 'EntrySlotsOpened', data: { slots: [] } });
    await appendAsIs(day, slot(uuidv7(), new Date().toISOString()));
    // Young enough to be a write in flight: waited for, then refused as held.
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childId, '16:10', '16:20') })).body).toEqual({ message: FEEDING_OVERLAP, code: 'entry.overlap' });

    const childTwo = await addChild();
    const dayTwo = entrySlotsStreamId('feeding', childTwo, '2026-11-20');
    await appendAsIs(dayTwo, { type: 'EntrySlotsOpened', data: { slots: [] } });
    await appendAsIs(dayTwo, slot(uuidv7(), new Date(Date.now() - 2 * 60_000).toISOString()));
    expect((await server.call('POST', '/api/feedings', { token: parent, body: bottle(childTwo, '16:10', '16:20') })).status).toBe(201);
  });
});
