import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandDeps } from '@nightlight/command-api/command-deps';
import { registerMilestoneJobs, SCAN_CHILD_JOB, scanAll, scanChild } from '@nightlight/command-api/jobs/milestone-scan.job';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createBullmqJobQueue } from '@nightlight/infrastructure/jobs/bullmq-job-queue';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import type { JobQueue } from '@nightlight/infrastructure/ports/job-queue';
import { startTestServer, type TestServer } from './support/test-server';

// Children here are born on 28 February 2026 in UTC: one month old on 28 March, warned from 21 to 27 March.
const DAY = 24 * 60 * 60_000;
let now = Date.parse('2026-03-20T12:00:00Z');
const clock = () => new Date(now);

/** The write side of a test server, with another job queue or event store when given. */
function commandDepsOf(server: TestServer, overrides: Partial<CommandDeps> = {}): CommandDeps {
  return { ...server.server.adapters, config: loadConfig({ DATA_DIR: server.dataDir }), clock, newId: () => uuidv7(), ...overrides };
}

async function addChild(server: TestServer): Promise<string> {
  const token = await server.server.adapters.tokens.issueAccessToken(uuidv7());
  const created = await server.call('POST', '/api/children', { token, body: { birthDate: '2026-02-28', sex: 'Male', timezone: 'UTC' } });
  expect(created.status).toBe(201);
  await server.server.adapters.jobs.drained();
  // The sweep lists children from the read model.
  await server.server.projector.waitFor(created.body.position, 2000);
  return created.body.id;
}

async function raisedAlerts(server: TestServer, childId: string): Promise<string[]> {
  const events = await server.server.adapters.eventStore.readStream(childStreamId(childId));
  return events.filter((event) => event.type === 'MilestoneAlertRaised').map((event) => (event.data as { alertId: string }).alertId);
}

describe('milestone scans running at the same time', () => {
  let server: TestServer;
  let conflicts = 0;

  /** The real event store, counting the appends refused for a stale revision: the race is real. */
  function countingConflicts(eventStore: EventStore): EventStore {
    return {
      ...eventStore,
      async append(streamId, events, expected) {
        try {
          return await eventStore.append(streamId, events, expected);
        } catch (error) {
          conflicts += 1;
          throw error;
        }
      },
    };
  }

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
  });
  afterAll(() => server.close());

  it('raise an alert once when one child is scanned twice at once', async () => {
    now = Date.parse('2026-03-20T12:00:00Z');
    const childId = await addChild(server);
    expect(await raisedAlerts(server, childId)).toEqual([]);

    now += DAY;
    conflicts = 0;
    const deps = commandDepsOf(server, { eventStore: countingConflicts(server.server.adapters.eventStore) });
    await Promise.all([scanChild(deps, childId), scanChild(deps, childId)]);
    expect(await raisedAlerts(server, childId)).toEqual([`${childId}:1-month:ONE_WEEK_WARNING`]);
    expect(conflicts).toBe(1);
  });

  it('raise an alert once per child from two sweeps and two queued scans on concurrent workers', async () => {
    // Registered inside the warning window: the registration itself raises the warning.
    now = Date.parse('2026-03-21T12:00:00Z');
    const first = await addChild(server);
    const second = await addChild(server);

    now += 7 * DAY;
    const deps = commandDepsOf(server);
    await Promise.all([scanAll(deps), scanAll(deps)]);
    // Without a job id the queue runs both, side by side on the worker's concurrency.
    await deps.jobs.enqueue(SCAN_CHILD_JOB, { childId: first });
    await deps.jobs.enqueue(SCAN_CHILD_JOB, { childId: first });
    await deps.jobs.drained();

    for (const childId of [first, second]) {
      expect(await raisedAlerts(server, childId)).toEqual([`${childId}:1-month:ONE_WEEK_WARNING`, `${childId}:1-month:MILESTONE_REACHED`]);
    }
  });
});

const redisUrl = process.env['REDIS_URL'];
if (redisUrl) {
  describe('milestone scan on BullMQ', () => {
    // A prefix of its own keeps this run's jobs apart from other runs on the same Redis.
    const prefix = `nightlight-milestones-${randomUUID().slice(0, 8)}`;
    let server: TestServer;
    let workers: JobQueue[];
    const drained = () => Promise.all(workers.map((jobs) => jobs.drained()));

    beforeAll(async () => {
      server = await startTestServer({}, { clock });
      // Two worker processes on one Redis, sharing the server's event log and read models.
      workers = [createBullmqJobQueue({ redisUrl, prefix }), createBullmqJobQueue({ redisUrl, prefix })];
      for (const jobs of workers) await registerMilestoneJobs(commandDepsOf(server, { jobs }));
    });
    afterAll(async () => {
      await Promise.all(workers.map((jobs) => jobs.close()));
      await server.close();
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('raises the due alert once, however many workers scan the child', async () => {
      now = Date.parse('2026-03-20T12:00:00Z');
      const childId = await addChild(server);
      expect(await raisedAlerts(server, childId)).toEqual([]);

      now += DAY;
      for (const jobs of workers) {
        await jobs.enqueue(SCAN_CHILD_JOB, { childId });
        await jobs.enqueue(SCAN_CHILD_JOB, { childId });
      }
      await drained();
      expect(await raisedAlerts(server, childId)).toEqual([`${childId}:1-month:ONE_WEEK_WARNING`]);

      await workers[0]!.enqueue(SCAN_CHILD_JOB, { childId });
      await drained();
      expect(await raisedAlerts(server, childId)).toEqual([`${childId}:1-month:ONE_WEEK_WARNING`]);
    });
  });
} else {
  console.log('SKIPPED milestone scan on BullMQ: REDIS_URL not set');
}
