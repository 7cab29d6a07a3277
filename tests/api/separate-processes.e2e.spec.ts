import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '@nightlight/infrastructure/auth/token-service';
import { freePort, startServiceProcess, type ServiceProcess } from './support/service-process';

/**
 * The full stack's shape with the stores that run here: command-api and query-api as two processes,
 * query-api forwarding writes to command-api over real HTTP, both on one SQLite event log.
 */
describe('query-api and command-api as separate processes', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-processes-'));
  const jwtSecret = randomBytes(32);
  const env = { DATA_DIR: dataDir, JWT_SECRET: jwtSecret.toString('base64'), MASTER_KEY: randomBytes(32).toString('base64'), REFERRAL_CODES: 'APART1' };
  let commandApi: ServiceProcess;
  let queryApi: ServiceProcess;
  let token: string;

  beforeAll(async () => {
    // query-api reaches it on the loopback and passes on the client's address, as in the full stack.
    commandApi = await startServiceProcess('command-api/src/server.ts', { ...env, TRUST_PROXY: 'loopback' }, await freePort());
    queryApi = await startServiceProcess('query-api/embedded/src/server.ts', { ...env, COMMAND_API_URL: commandApi.url }, await freePort());
    token = await new TokenService(jwtSecret).issueAccessToken(uuidv7());
  });
  afterAll(async () => {
    await queryApi?.stop();
    await commandApi?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${queryApi.url}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };

  it('forwards a write and reads it back at once through the other process', async () => {
    const created = await call('POST', '/api/children', { displayName: 'Ada', birthDate: '2026-09-10', sex: 'Female', timezone: 'UTC' });
    expect(created.status).toBe(201);
    const position = created.headers.get('x-event-position');
    expect(Number(position)).toBeGreaterThan(0);
    const read = await call('GET', '/api/children', undefined, { 'x-min-position': position! });
    expect(read.headers.get('x-projection-stale')).toBeNull();
    expect(read.body).toEqual([expect.objectContaining({ id: created.body.id, displayName: 'Ada' })]);
  });

  it('passes command-api refusals through unchanged', async () => {
    const refused = await call('POST', '/api/children', { sex: 'Female' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Birth date is required');
  });

  it("ends a live stream in query-api's process at once when command-api's process signs its session out", async () => {
    const signUp = await call('POST', '/api/auth/register', { email: 'apart@example.com', password: 'Sleepy baby 42', referralCode: 'APART1' });
    expect(signUp.status).toBe(201);
    const own = { authorization: `Bearer ${signUp.body.accessToken}` };
    const child = await call('POST', '/api/children', { birthDate: '2026-09-10', sex: 'Female', timezone: 'UTC' }, own);
    const stream = await fetch(`${queryApi.url}/api/children/${child.body.id}/live`, { headers: { ...own, 'x-min-position': child.headers.get('x-event-position')! } });
    expect(stream.status).toBe(200);
    const text = stream.text();
    // The session store is one SQLite file: command-api writes the revocation, query-api sees the file change.
    const signedOut = Date.now();
    expect((await call('POST', '/api/auth/logout', undefined, own)).status).toBe(200);
    const ended = await Promise.race([text, new Promise((resolve) => setTimeout(() => resolve('still open after 2 s'), 2000))]);
    expect(ended).toBe('retry: 2000\n\nevent: signed-out\ndata: {}\n\n');
    expect(Date.now() - signedOut).toBeLessThan(1000);
  });

  it('answers 503 when command-api is down, and nothing is written', async () => {
    await commandApi.stop();
    const refused = await call('POST', '/api/children', { birthDate: '2026-09-10', sex: 'Male' });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe('Saving is not possible right now. Nothing was saved; please try again shortly.');
  });
});
