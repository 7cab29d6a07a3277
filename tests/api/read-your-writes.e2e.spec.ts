import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectorHold } from './support/held-projector';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Read-your-writes (design §4) with the projector held back, so the wait is real: a read that
 * carries X-Min-Position waits for the write it names and then shows it; if the wait runs out it
 * answers what it has and says so with X-Projection-Stale: true.
 */
const HELD_MS = 400;

async function family(server: TestServer) {
  const token = await server.server.adapters.tokens.issueAccessToken(uuidv7());
  const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Waits', birthDate: '2026-06-01', sex: 'Male', timezone: 'UTC' } });
  expect(child.status).toBe(201);
  // Registered and projected before the projector is held.
  await server.call('GET', '/api/children', { token, headers: { 'x-min-position': String(child.body.position) } });
  await server.server.adapters.jobs.drained();
  const logFeeding = async () => {
    const answer = await server.call('POST', '/api/feedings', { token, body: { childId: child.body.id, startedAt: new Date(Date.now() - 3_600_000).toISOString(), method: 'Bottle', amountOz: 3, type: 'Formula' } });
    expect(answer.status).toBe(201);
    expect(Number(answer.headers.get('x-event-position'))).toBe(answer.body.position);
    return answer.body as { id: string; position: number };
  };
  const listFeedings = async (minPosition?: number) => {
    const started = performance.now();
    const answer = await server.call('GET', `/api/feedings?childId=${child.body.id}`, { token, headers: minPosition === undefined ? {} : { 'x-min-position': String(minPosition) } });
    expect(answer.status).toBe(200);
    return { ids: answer.body.map((feeding: { id: string }) => feeding.id) as string[], stale: answer.headers.get('x-projection-stale'), tookMs: performance.now() - started };
  };
  return { logFeeding, listFeedings };
}

describe('read-your-writes with the projector behind', () => {
  const hold = projectorHold();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { projectorEventStore: hold.wrap });
  });
  afterAll(async () => {
    hold.release();
    await server.close();
  });

  it('waits for the position it was given, then answers with the write', async () => {
    const { logFeeding, listFeedings } = await family(server);
    hold.hold();
    const feeding = await logFeeding();
    // Without X-Min-Position the read answers at once, from read models that lack the feeding.
    expect((await listFeedings()).ids).toEqual([]);

    const reading = listFeedings(feeding.position);
    setTimeout(() => hold.release(), HELD_MS);
    const read = await reading;
    expect(read.ids).toEqual([feeding.id]);
    expect(read.stale).toBeNull();
    expect(read.tookMs, 'the read waited for the projector').toBeGreaterThanOrEqual(HELD_MS - 50);
  });
});

describe('read-your-writes when the wait runs out', () => {
  const hold = projectorHold();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ READ_YOUR_WRITES_TIMEOUT_MS: '200' }, { projectorEventStore: hold.wrap });
  });
  afterAll(async () => {
    hold.release();
    await server.close();
  });

  it('answers what it has after the timeout, with X-Projection-Stale: true', async () => {
    const { logFeeding, listFeedings } = await family(server);
    hold.hold();
    const feeding = await logFeeding();

    const stale = await listFeedings(feeding.position);
    expect(stale.ids).toEqual([]);
    expect(stale.stale).toBe('true');
    expect(stale.tookMs).toBeGreaterThanOrEqual(190);

    hold.release();
    const fresh = await listFeedings(feeding.position);
    expect(fresh.ids).toEqual([feeding.id]);
    expect(fresh.stale).toBeNull();
  });
});
