import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createRedisSessionStore } from '@nightlight/infrastructure/sessions/redis-session-store';
import type { SessionStore } from '@nightlight/infrastructure/ports/session-store';
import { buildEdgeApp } from '@nightlight/query-api/edge-app';
import { forwardWrites } from '@nightlight/query-api/forward-writes';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The full stack runs several query-api processes, with the sessions in Redis: a revocation made
 * through one (a password change) must end the streams the others hold open. A second edge stands
 * for the second process: its own Redis connections, the same read models (as MongoDB is shared),
 * its writes forwarded to the first.
 */
const redisUrl = process.env['REDIS_URL'];
const PASSWORD = 'Sleepy baby 42';

if (redisUrl) {
  describe('a revocation made through one query-api process', () => {
    let server: TestServer;
    let other: FastifyInstance;
    let otherSessions: SessionStore;
    let otherUrl: string;

    beforeAll(async () => {
      server = await startTestServer({ REDIS_URL: redisUrl });
      const adapters = server.server.adapters;
      otherSessions = createRedisSessionStore({ redisUrl });
      const deps = {
        config: loadConfig({ DATA_DIR: server.dataDir, REDIS_URL: redisUrl }),
        readStore: adapters.readStore,
        cipher: adapters.cipher,
        tokens: adapters.tokens,
        sessions: otherSessions,
        progress: { waitFor: (position: number, timeoutMs: number) => server.server.projector.waitFor(position, timeoutMs), status: async () => ({ position: 0, head: 0, ready: true }) },
        changeFeed: adapters.changeFeed,
        clock: () => new Date(),
      };
      other = await buildEdgeApp(deps, { writes: forwardWrites(server.url) });
      otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await other?.close();
      await otherSessions?.close();
      await server?.close();
    });

    it("ends the stream another process holds for the revoked token within a second", async () => {
      const signUp = await server.call('POST', '/api/auth/register', { body: { email: `across-${randomUUID()}@example.com`, password: PASSWORD, referralCode: 'TEST42' } });
      const token = signUp.body.accessToken as string;
      const child = await server.call('POST', '/api/children', { token, body: { birthDate: '2026-09-01', sex: 'Female', timezone: 'UTC' } });
      await server.server.projector.waitFor(child.body.position, 2000);

      const stream = await fetch(`${otherUrl}/api/children/${child.body.id}/live`, { headers: { authorization: `Bearer ${token}` } });
      expect(stream.status).toBe(200);
      const text = stream.text();
      // Tokens carry their issue time in whole seconds: a revocation "as of now" reaches those of earlier seconds.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
      const changed = Date.now();
      const answer = await server.call('PUT', '/api/settings/user/password', { token, body: { currentPassword: PASSWORD, newPassword: 'Sleepier baby 43', confirmPassword: 'Sleepier baby 43' } });
      expect(answer.status).toBe(200);
      const ended = await Promise.race([text, new Promise((resolve) => setTimeout(() => resolve('still open after 2 s'), 2000))]);
      expect(ended).toBe('retry: 2000\n\nevent: signed-out\ndata: {}\n\n');
      expect(Date.now() - changed).toBeLessThan(1000);
      expect((await fetch(`${otherUrl}/api/children`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    });
  });
} else {
  console.log('SKIPPED live streams across query-api processes: REDIS_URL not set');
}
