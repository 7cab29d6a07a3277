import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TokenService } from '@nightlight/infrastructure/auth/token-service';
import { followLiveReadModels, type LiveReadModels } from '@nightlight/infrastructure/read-store/live-read-models';
import { createPostgresReadStore } from '@nightlight/infrastructure/read-store/postgres-read-store';
import { describeOnPostgres } from '../contracts/reachability';
import { startThrowawayRedis, type ThrowawayRedis } from '../stack/throwaway-redis';
import { buildServicesIfOutdated, startPostgresStack, type PostgresStack } from './support/postgres-stack';

/**
 * The full stack on PostgreSQL as separate processes, tested for real: two command-api, two
 * projector workers and two query-api processes on one database. A write through one query-api is
 * read at once through the other; each kind of service is killed with SIGKILL in turn while
 * parents keep writing, and nothing a parent was told was saved is lost.
 */
const MINUTE = 60_000;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

describeOnPostgres('the stack on PostgreSQL as separate processes', (database) => {
  let redis: ThrowawayRedis;
  let stack: PostgresStack;
  let readers: LiveReadModels;
  let token: string;
  let childId: string;
  // Born four months ago: every bottle the tests log is after the birth.
  const birthDate = new Date(Date.now() - 120 * 24 * 60 * MINUTE).toISOString().slice(0, 10);
  const newChild = async () => {
    const child = await call(stack.queryApis[0]!, 'POST', '/api/children', { displayName: 'Ada', birthDate, sex: 'Female', timezone: 'UTC' });
    expect(child.status).toBe(201);
    return child.body.id as string;
  };

  const call = async (base: string, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: await response.json(), headers: response.headers };
  };

  /** A bottle `i` twenty minutes apart from the others, so none overlaps another and every refusal is a fault. */
  const feeding = (i: number, ofChild = childId) => {
    const start = Date.now() - (i + 1) * 20 * MINUTE;
    return { childId: ofChild, startedAt: new Date(start).toISOString(), endedAt: new Date(start + 15 * MINUTE).toISOString(), amountOz: 1 + (i % 8) * 0.5, method: 'Bottle', type: 'Formula', notes: `bottle ${i}` };
  };

  beforeAll(async () => {
    await buildServicesIfOutdated();
    redis = await startThrowawayRedis();
    stack = await startPostgresStack({ databaseUrl: database.url(), redisUrl: redis.url });
    readers = await followLiveReadModels(await createPostgresReadStore({ connectionString: database.url() }));
    token = await new TokenService(stack.jwtSecret).issueAccessToken(uuidv7());
    childId = await newChild();
  }, 120_000);
  afterAll(async () => {
    await readers?.close();
    await stack?.stop();
    await redis?.stop();
  });

  it('reads a write through one query-api at once through the other, both ways', async () => {
    const [one, two] = stack.queryApis as [string, string];
    const ofChild = await newChild();
    for (let i = 0; i < 20; i += 1) {
      const [writeThrough, readThrough] = i % 2 === 0 ? [one, two] : [two, one];
      const written = await call(writeThrough, 'POST', '/api/feedings', feeding(i, ofChild), { 'idempotency-key': randomUUID() });
      expect(written.status).toBe(201);
      const read = await call(readThrough, 'GET', `/api/feedings/${written.body.id}`, undefined, { 'x-min-position': written.headers.get('x-event-position')! });
      expect(read.status, `feeding ${i} read through the other query-api`).toBe(200);
      expect(read.headers.get('x-projection-stale')).toBeNull();
      expect(read.body).toMatchObject({ id: written.body.id, notes: `bottle ${i}`, amountOz: written.body.amountOz });
    }
  });

  it('loses no confirmed write while a command-api, a projector and a query-api are each killed in turn under load', async () => {
    const acknowledged = new Map<number, { id: string; position: number }>();
    const refusals: string[] = [];
    let next = 0;
    let writing = true;
    // Six parents' phones, each sending one bottle after another. A request that gets no answer, or
    // 503, is sent again with its key, to the other query-api, as a load balancer would send it.
    const phone = async (lane: number) => {
      while (writing) {
        const i = next++;
        // The same request each time it is sent again: its body and its key.
        const [body, key] = [feeding(i), randomUUID()];
        for (let attempt = 0; ; attempt += 1) {
          const base = stack.queryApis[(lane + attempt) % 2]!;
          const answer = await call(base, 'POST', '/api/feedings', body, { 'idempotency-key': key }).catch(() => null);
          if (answer?.status === 201) {
            acknowledged.set(i, { id: answer.body.id, position: answer.body.position });
            break;
          }
          if (answer && answer.status !== 503) refusals.push(`${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
          if (!writing || (answer && answer.status !== 503)) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, lane) => phone(lane)));
    const confirmed = async (more: number) => {
      const target = acknowledged.size + more;
      await expect.poll(() => acknowledged.size, { timeout: 20_000 }).toBeGreaterThanOrEqual(target);
    };
    await confirmed(10);

    // A command-api dies: its query-api answers 503, and the writes go on through the other one.
    await stack.kill('command-api', 0);
    const refused = await call(stack.queryApis[0]!, 'POST', '/api/feedings', feeding(5000), { 'idempotency-key': randomUUID() });
    expect(refused.status).toBe(503);
    await confirmed(10);
    await stack.restart('command-api', 0);
    await confirmed(10);

    // A projector dies: started again, it takes up from its stored checkpoint, not from the start.
    const checkpoint = await readers.collection<{ _id: string; position: number }>('checkpoints').findOne({ _id: 'projector/0-of-2' });
    expect(checkpoint?.position).toBeGreaterThan(0);
    await stack.kill('projector', 0);
    await confirmed(10);
    const projector = await stack.restart('projector', 0, 'alive');
    const takenUp = Number(/taking up from position (\d+)/.exec(projector.output())?.[1]);
    expect(takenUp).toBeGreaterThanOrEqual(checkpoint!.position);
    await confirmed(10);

    // A query-api dies: the other one answers reads and writes meanwhile.
    await stack.kill('query-api', 0);
    const listed = await call(stack.queryApis[1]!, 'GET', `/api/feedings?childId=${childId}&limit=5`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(5);
    await confirmed(10);
    await stack.restart('query-api', 0);
    await confirmed(10);

    writing = false;
    await load;
    expect(refusals).toEqual([]);

    // Everything confirmed is there exactly once, read through either query-api.
    const position = Math.max(...[...acknowledged.values()].map((ack) => ack.position));
    // The restarted projector may still be catching up with what was written meanwhile.
    const slowest = async () => Math.min(...(await readers.collection<{ _id: string; position: number }>('checkpoints').find({})).map((doc) => doc.position));
    await expect.poll(slowest, { timeout: 30_000 }).toBeGreaterThanOrEqual(position);
    for (const base of stack.queryApis) {
      const list = await call(base, 'GET', `/api/feedings?childId=${childId}`, undefined, { 'x-min-position': String(position) });
      expect(list.headers.get('x-projection-stale')).toBeNull();
      const ids = (list.body as { id: string }[]).map((entry) => entry.id);
      expect(new Set(ids).size, 'no feeding twice').toBe(ids.length);
      const stored = new Set(ids);
      const lost = [...acknowledged].filter(([, ack]) => !stored.has(ack.id)).map(([i]) => i);
      expect(lost, 'confirmed feedings lost').toEqual([]);
    }
    console.log(`postgres stack: ${acknowledged.size} feedings confirmed while a command-api, a projector and a query-api were each killed; none lost`);
  }, 120_000);
});
