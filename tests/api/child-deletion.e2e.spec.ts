import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let parent: string;
let position = 0;

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

async function write(method: string, path: string, body: unknown) {
  const answer = await server.call(method, path, { token: parent, body });
  position = Math.max(position, Number(answer.headers.get('x-event-position') ?? 0));
  return answer;
}

async function read(path: string) {
  return server.call('GET', path, { token: parent, headers: { 'x-min-position': String(position) } });
}

/** A child with a feeding and a sleep session, so there is a timeline and daily insights to delete. */
async function childWithEntries(displayName: string) {
  const child = await write('POST', '/api/children', { displayName, birthDate: '2026-09-01', sex: 'Female', timezone: 'UTC' });
  expect(child.status).toBe(201);
  const feeding = await write('POST', '/api/feedings', { childId: child.body.id, startedAt: minutesAgo(180), amountOz: 4, method: 'Bottle' });
  const sleep = await write('POST', '/api/sleep', { childId: child.body.id, startedAt: minutesAgo(150), endedAt: minutesAgo(90) });
  expect([feeding.status, sleep.status]).toEqual([201, 201]);
  return { childId: child.body.id as string, feedingId: feeding.body.id as string, sleepId: sleep.body.id as string };
}

let doomed: Awaited<ReturnType<typeof childWithEntries>>;
let sibling: Awaited<ReturnType<typeof childWithEntries>>;

beforeAll(async () => {
  server = await startTestServer();
  parent = await server.server.adapters.tokens.issueAccessToken(uuidv7());
  sibling = await childWithEntries('Sib');
  doomed = await childWithEntries('Gone');
});
afterAll(() => server.close());

/** What the dashboard, activity log, insights and settings would show of a child. */
async function visibleOf(childId: string) {
  const today = new Date().toISOString().slice(0, 10);
  return {
    child: (await read(`/api/children/${childId}`)).status,
    settings: (await read(`/api/settings/children/${childId}`)).status,
    feedings: (await read(`/api/feedings?childId=${childId}`)).body,
    sleeps: (await read(`/api/sleep?childId=${childId}`)).body,
    daily: (await read(`/api/children/${childId}/insights/daily?days=2`)).status,
    weekly: (await read(`/api/children/${childId}/insights/weekly`)).status,
    summary: (await read(`/api/children/${childId}/insights/summary?from=${today}&to=${today}`)).status,
    correlations: (await read(`/api/children/${childId}/insights/correlations`)).status,
  };
}

async function storedDocsOf(childId: string): Promise<number> {
  const { readStore } = server.server.adapters;
  const counts = await Promise.all(['timeline', 'daily_insights', 'milestone_alerts'].map((name) => readStore.collection(name).countDocuments({ childId })));
  return counts.reduce((a, b) => a + b, 0) + (await readStore.collection('children').countDocuments({ _id: childId }));
}

async function expectGone(): Promise<void> {
  expect(await visibleOf(doomed.childId)).toEqual({
    child: 404,
    settings: 404,
    feedings: { message: 'Child not found', code: 'child.notFound' },
    sleeps: { message: 'Child not found', code: 'child.notFound' },
    daily: 404,
    weekly: 404,
    summary: 404,
    correlations: 404,
  });
  expect((await read(`/api/feedings/${doomed.feedingId}`)).status).toBe(404);
  expect((await read(`/api/sleep/${doomed.sleepId}`)).status).toBe(404);
  expect(await storedDocsOf(doomed.childId)).toBe(0);
  // The sibling keeps everything.
  expect((await read('/api/children')).body.map((child: { displayName: string }) => child.displayName)).toEqual(['Sib']);
  expect((await read(`/api/feedings?childId=${sibling.childId}`)).body.map((f: { id: string }) => f.id)).toEqual([sibling.feedingId]);
  expect((await read(`/api/sleep/${sibling.sleepId}`)).status).toBe(200);
}

describe('deleting a child', () => {
  it.each([{ confirmText: 'delete' }, { confirmText: 'DELETE ' }, { confirmText: '' }, {}, undefined])('refuses %j with "Please type DELETE to confirm" and changes nothing', async (body) => {
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await write('DELETE', `/api/settings/children/${doomed.childId}`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Please type DELETE to confirm');
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
    const visible = await visibleOf(doomed.childId);
    expect(visible).toMatchObject({ child: 200, daily: 200 });
    expect(visible.feedings).toHaveLength(1);
    expect(visible.sleeps).toHaveLength(1);
  });

  it('with DELETE removes the child, its feedings, sleeps and insights from every read route', async () => {
    const answer = await write('DELETE', `/api/settings/children/${doomed.childId}`, { confirmText: 'DELETE' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true });
    await expectGone();
  });

  it('cannot delete the same child twice, nor log for it or delete its entries', async () => {
    expect((await write('DELETE', `/api/settings/children/${doomed.childId}`, { confirmText: 'DELETE' })).status).toBe(404);
    const feeding = await write('POST', '/api/feedings', { childId: doomed.childId, startedAt: minutesAgo(30), method: 'Nursing' });
    expect(feeding.status).toBe(404);
    const head = await server.server.adapters.eventStore.headPosition();
    const feedingDelete = await write('DELETE', `/api/feedings/${doomed.feedingId}`, undefined);
    expect([feedingDelete.status, feedingDelete.body.message]).toEqual([404, 'Feeding not found']);
    const sleepDelete = await write('DELETE', `/api/sleep/${doomed.sleepId}`, undefined);
    expect([sleepDelete.status, sleepDelete.body.message]).toEqual([404, 'Sleep session not found']);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('stays deleted after a restart rebuilds the read models from the log', async () => {
    await server.restart();
    await expectGone();
  });
});
