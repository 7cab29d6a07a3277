import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '@nightlight/infrastructure/auth/token-service';
import { startTestServer, type TestServer } from './support/test-server';

/** What every API request and answer share: no caching, JSON bodies only, no token from the future. */
const JWT_SECRET = randomBytes(32);
let server: TestServer;
let userId: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: JWT_SECRET.toString('base64') });
  userId = uuidv7();
  token = await server.server.adapters.tokens.issueAccessToken(userId);
});
afterAll(() => server.close());

describe('every API answer', () => {
  it('says Cache-Control: no-store, for data, for errors and for writes', async () => {
    const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Nova', birthDate: '2026-09-01', sex: 'Female', timezone: 'UTC' } });
    expect(child.status).toBe(201);
    expect(child.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/children', `/api/children/${child.body.id}`, `/api/children/${uuidv7()}`, '/api/nothing-here']) {
      const answer = await server.call('GET', path, { token });
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await server.call('GET', '/api/me')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('a request body', () => {
  it('that is not JSON is refused at the door with 415, and nothing is written', async () => {
    const head = await server.server.adapters.eventStore.headPosition();
    const body = JSON.stringify({ displayName: 'Nova', birthDate: '2026-09-01', sex: 'Female', timezone: 'UTC' });
    for (const contentType of ['text/plain', 'text/plain; charset=utf-8', 'application/xml', 'application/x-www-form-urlencoded']) {
      const answer = await fetch(`${server.url}/api/children`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });
      expect(answer.status, contentType).toBe(415);
      expect(await answer.json()).toEqual({ message: 'Content-Type must be application/json' });
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('may be absent on a route that takes none', async () => {
    const answer = await fetch(`${server.url}/api/invitations/ABCDEFGHJK/accept`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: 'Invitation not found' });
  });
});

describe('an access token', () => {
  it('issued a day ahead of the server, though signed with its key, is refused', async () => {
    const ahead = await new TokenService(JWT_SECRET, () => new Date(Date.now() + 86_400_000)).issueAccessToken(userId);
    const answer = await server.call('GET', '/api/children', { token: ahead });
    expect(answer.status).toBe(401);
    expect((await server.call('GET', '/api/children', { token })).status).toBe(200);
  });
});
