import { rmSync } from 'node:fs';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters, type Adapters } from '@nightlight/infrastructure/composition/adapters';
import type { EventStore, NewEvent, RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import { schemaVersionOf } from '@nightlight/domain/events/event-registry';
import { feedingStreamId, sleepStreamId } from '@nightlight/domain/shared/stream-ids';
import { startTestServer } from '../../api/support/test-server';
import { generateFamilies } from '../../bench/support/generate-families';

export interface VariedHistory {
  adapters: Adapters;
  dataDir: string;
  close(): Promise<void>;
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/**
 * An event log with every kind of fact a projector sees: a signed-up user, children added, edited
 * (time zone moved) and removed, feedings and sleeps logged, corrected and deleted through the real
 * API, then generated families so there is a long stream to stop in the middle of.
 */
export async function buildVariedHistory({ generatedChildren = 6, eventsPerChild = 1500 } = {}): Promise<VariedHistory> {
  const server = await startTestServer();
  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const answer = await server.call(method, path, { token, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };

  const signedUp = await server.call('POST', '/api/auth/register', { body: { email: 'ada@example.com', password: 'Correct horse 42', referralCode: 'TEST42' } });
  expect(signedUp.status).toBe(201);
  const parents = [signedUp.body.accessToken as string, await server.server.adapters.tokens.issueAccessToken(uuidv7())];
  await ok('PATCH', '/api/me', parents[0]!, { onboardingCompleted: true });

  for (const [p, token] of parents.entries()) {
    for (let c = 0; c < 2; c++) {
      const child = await ok('POST', '/api/children', token, { displayName: `Kid ${p}${c}`, birthDate: '2026-08-01', sex: c ? 'Female' : 'Male', timezone: 'America/New_York' });
      const feedings: string[] = [];
      for (let f = 0; f < 6; f++) {
        const at = 60 + f * 180;
        feedings.push((await ok('POST', '/api/feedings', token, { childId: child.id, startedAt: minutesAgo(at), endedAt: minutesAgo(at - 20), amountOz: 3, method: 'Bottle', type: 'Formula', notes: `bottle ${f}` })).id);
      }
      const sleeps: string[] = [];
      for (let s = 0; s < 3; s++) {
        const at = 90 + s * 180;
        sleeps.push((await ok('POST', '/api/sleep', token, { childId: child.id, startedAt: minutesAgo(at), endedAt: minutesAgo(at - 45), notes: `nap ${s}` })).id);
      }
      await ok('PUT', `/api/feedings/${feedings[0]}`, token, { childId: child.id, startedAt: minutesAgo(60), endedAt: minutesAgo(30), amountOz: 4.5, method: 'Bottle', type: 'Breast Milk', notes: 'corrected' });
      await ok('DELETE', `/api/feedings/${feedings[1]}`, token);
      await ok('PUT', `/api/sleep/${sleeps[0]}`, token, { childId: child.id, startedAt: minutesAgo(90), endedAt: minutesAgo(20), notes: 'longer nap' });
      await ok('DELETE', `/api/sleep/${sleeps[1]}`, token);
      // Moving the time zone moves every entry's local date: a projection that misses it shows up in the digests.
      await ok('PUT', `/api/settings/children/${child.id}`, token, { displayName: `Kid ${p}${c}!`, birthDate: '2026-07-15', sex: 'Unknown', nightWindowStart: '20:00', nightWindowEnd: '07:00', timezone: 'Europe/Berlin' });
      const alert = await server.call('GET', `/api/milestone-alerts/${child.id}`, { token });
      if (alert.status === 200) await ok('POST', `/api/milestone-alerts/${alert.body.id}/shown`, token);
      if (c === 1) await ok('DELETE', `/api/settings/children/${child.id}`, token, { confirmText: 'DELETE' });
    }
  }

  await generateFamilies(server.server.adapters.eventStore, server.server.adapters.cipher, { children: generatedChildren, eventsPerChild, firstDay: '2026-01-01' });
  await server.server.adapters.jobs.drained();
  await server.server.close();

  const adapters = await createAdapters(loadConfig({ DATA_DIR: server.dataDir }));
  return {
    adapters,
    dataDir: server.dataDir,
    async close() {
      await adapters.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}

async function eventsOfType(eventStore: EventStore, type: string, limit: number): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  for await (const event of eventStore.readAll({ fromPosition: 0 })) {
    if (event.type === type) found.push(event);
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * Changes that arrive after a restart: corrections and deletions of entries logged long before
 * (their documents were built by the first run), and a new family.
 */
export async function appendLaterChanges(history: VariedHistory): Promise<void> {
  const { eventStore, cipher } = history.adapters;
  // Data read back is at each type's current version, and is recorded again as such.
  const metadata = (userId: string, type: string) => ({ userId, correlationId: uuidv7(), causationId: uuidv7(), schemaVersion: schemaVersionOf(type), recordedAt: new Date().toISOString() });
  const appendTo = async (streamId: string, event: Omit<NewEvent, 'id' | 'metadata'>, ownerId: string) => {
    const revision = (await eventStore.readStream(streamId)).length - 1;
    await eventStore.append(streamId, [{ id: uuidv7(), metadata: metadata(ownerId, event.type), ...event }], revision);
  };

  for (const [index, logged] of (await eventsOfType(eventStore, 'FeedingLogged', 40)).entries()) {
    const data = logged.data as { feedingId: string; childId: string; ownerId: string; amountOz: number | null };
    if (index % 2) await appendTo(feedingStreamId(data.feedingId), { type: 'FeedingDeleted', data: { feedingId: data.feedingId, childId: data.childId, ownerId: data.ownerId } }, data.ownerId);
    else await appendTo(feedingStreamId(data.feedingId), { type: 'FeedingCorrected', data: { ...data, amountOz: 7.5, enteredAmount: { value: 7.5, unit: 'oz' } } }, data.ownerId);
  }
  for (const [index, logged] of (await eventsOfType(eventStore, 'SleepLogged', 20)).entries()) {
    const data = logged.data as { sleepId: string; childId: string; ownerId: string; endedAt: string };
    if (index % 2) await appendTo(sleepStreamId(data.sleepId), { type: 'SleepDeleted', data: { sleepId: data.sleepId, childId: data.childId, ownerId: data.ownerId } }, data.ownerId);
    else await appendTo(sleepStreamId(data.sleepId), { type: 'SleepCorrected', data: { ...data, endedAt: new Date(Date.parse(data.endedAt) + 10 * 60_000).toISOString() } }, data.ownerId);
  }
  await generateFamilies(eventStore, cipher, { children: 1, eventsPerChild: 300, firstDay: '2026-03-01' });
}
