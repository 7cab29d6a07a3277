import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { TokenService } from '@nightlight/infrastructure/auth/token-service';
import { freePort, startServiceProcess, type ServiceProcess } from '../api/support/service-process';
import { killServiceHard, prepareHardKill } from './support/kill-process-tree';

/**
 * The promise to a parent: a feeding the app confirmed is never lost. The embedded server runs as a
 * real process, takes 1,000 concurrent feedings, and is SIGKILLed while they are in flight.
 */
const WRITES = 1000;
const KILL_AFTER_ANSWERS = 50;

interface SentFeeding {
  key: string;
  body: { childId: string; startedAt: string; endedAt: string; amountOz: number; method: 'Bottle'; type: 'Formula'; notes: string };
}

describe('a crash while feedings are being written', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-crash-'));
  const jwtSecret = randomBytes(32);
  const env = { DATA_DIR: dataDir, JWT_SECRET: jwtSecret.toString('base64'), MASTER_KEY: randomBytes(32).toString('base64') };
  let service: ServiceProcess | undefined;

  afterAll(async () => {
    if (service) await killServiceHard(service);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged feeding exactly once, whole, and retries add no duplicates', async () => {
    const port = await freePort();
    service = await startServiceProcess('query-api/embedded/src/server.ts', env, port);
    const token = await new TokenService(jwtSecret).issueAccessToken(uuidv7());
    const request = async (base: string, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json() };
    };

    const child = await request(service.url, 'POST', '/api/children', { displayName: 'Night', birthDate: '2026-05-01', sex: 'Female', timezone: 'UTC' });
    expect(child.status).toBe(201);
    // Twenty minutes apart, fifteen long: no two overlap, so every refusal would be a fault.
    const now = Date.now();
    const sent: SentFeeding[] = Array.from({ length: WRITES }, (_, i) => {
      const start = now - (i + 1) * 20 * 60_000;
      return {
        key: randomUUID(),
        body: { childId: child.body.id, startedAt: new Date(start).toISOString(), endedAt: new Date(start + 15 * 60_000).toISOString(), amountOz: 1 + (i % 16) * 0.25, method: 'Bottle', type: 'Formula', notes: `feed ${i} ✓` },
      };
    });

    const crash = prepareHardKill(service);
    const acknowledged = new Map<number, string>();
    const refused: string[] = [];
    let answers = 0;
    let inFlightAtKill = 0;
    // All 1,000 are sent at once, each on a connection of its own, and the server is killed as the
    // 50th answer arrives, with the rest in flight. Every request has its outcome before the
    // restart, so none is delivered late to the new process, racing its own retry.
    const send = async (i: number) => {
      const answer = await request(service!.url, 'POST', '/api/feedings', sent[i]!.body, { 'idempotency-key': sent[i]!.key }).catch(() => null);
      // null: cut off by the kill; the parent saw no confirmation.
      if (answer?.status === 201) acknowledged.set(i, answer.body.id);
      else if (answer) refused.push(`${i}: ${answer.status} ${JSON.stringify(answer.body)}`);
      answers += 1;
      if (answers === KILL_AFTER_ANSWERS) {
        inFlightAtKill = WRITES - answers;
        crash();
      }
    };
    await Promise.all(sent.map((_, i) => send(i)));
    console.log(`crash-during-writes: killed with ${inFlightAtKill} of ${WRITES} feedings in flight; ${acknowledged.size} confirmed`);
    expect(refused, 'nothing is refused before the crash').toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS - 1);
    expect(WRITES - acknowledged.size, 'most writes were still unanswered when the kill landed').toBeGreaterThan(WRITES / 2);

    service = await startServiceProcess('query-api/embedded/src/server.ts', env, port);
    let seenPosition = 0;
    const listed = async () => {
      const list = await request(service!.url, 'GET', `/api/feedings?childId=${child.body.id}`, undefined, { 'x-min-position': String(seenPosition) });
      expect(list.status).toBe(200);
      return list.body as Array<{ id: string; startedAt: string; endedAt: string; amountOz: number; method: string; type: string; notes: string }>;
    };
    const byStart = new Map(sent.map((feeding, i) => [feeding.body.startedAt, i]));
    const assertWhole = (stored: Awaited<ReturnType<typeof listed>>) => {
      expect(new Set(stored.map((feeding) => feeding.id)).size, 'no id twice').toBe(stored.length);
      for (const feeding of stored) {
        const i = byStart.get(feeding.startedAt);
        expect(i, `stored feeding ${feeding.id} matches a request`).toBeDefined();
        const { body } = sent[i!]!;
        expect(feeding).toMatchObject({ childId: child.body.id, endedAt: body.endedAt, amountOz: body.amountOz, method: 'Bottle', type: 'Formula', notes: body.notes });
      }
    };

    const afterCrash = await listed();
    assertWhole(afterCrash);
    const storedIds = afterCrash.map((feeding) => feeding.id);
    for (const [i, id] of acknowledged) expect(storedIds.filter((stored) => stored === id), `acknowledged feeding ${i}`).toHaveLength(1);
    // Each stored feeding is readable on its own too, not only in the list.
    for (const id of storedIds.slice(0, 50)) expect((await request(service.url, 'GET', `/api/feedings/${id}`)).status).toBe(200);

    // The app retries what it never got an answer for, with the same Idempotency-Key.
    const unanswered = sent.map((_, i) => i).filter((i) => !acknowledged.has(i));
    const retried = await Promise.all(unanswered.map((i) => request(service!.url, 'POST', '/api/feedings', sent[i]!.body, { 'idempotency-key': sent[i]!.key })));
    for (const answer of retried) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      seenPosition = Math.max(seenPosition, answer.body.position);
    }
    // And retries of confirmed ones answer with the first id.
    const confirmedAgain = [...acknowledged].slice(0, 20);
    for (const [i, id] of confirmedAgain) {
      const again = await request(service.url, 'POST', '/api/feedings', sent[i]!.body, { 'idempotency-key': sent[i]!.key });
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(id);
    }

    const final = await listed();
    assertWhole(final);
    expect(final).toHaveLength(WRITES);
    expect(new Set(final.map((feeding) => feeding.startedAt)).size).toBe(WRITES);
  }, 120_000);
});
