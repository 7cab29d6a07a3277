import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommandApp } from '@nightlight/command-api/command-app';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * X-Forwarded-For and X-Forwarded-Proto are only believed from the proxies TRUST_PROXY names. A
 * client that sends them itself cannot pick a new address per attempt to escape the per-address
 * sign-in limit, nor claim HTTPS to get headers that blank the page over plain HTTP.
 */
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
// Pinned to the middle of a minute, so the one-minute windows cannot roll over during a test.
const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
const clock = () => new Date(now);

const loginFrom = (server: TestServer, forwardedFor: string, email: string, headers: Record<string, string> = {}) =>
  server.call('POST', '/api/auth/login', { body: { email, password: 'Wrong1password' }, headers: { 'x-forwarded-for': forwardedFor, ...headers } });

describe('the edge with the default TRUST_PROXY (off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_IP: '3' }, { clock });
  });
  afterAll(() => server.close());

  it('counts sign-in attempts against the connecting address, whatever X-Forwarded-For says', async () => {
    for (let i = 1; i <= 3; i++) expect((await loginFrom(server, `198.51.100.${i}`, `parent${i}@example.com`)).status).toBe(401);
    const fourth = await loginFrom(server, '198.51.100.4', 'parent4@example.com');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: TOO_MANY, code: 'auth.tooManyAttempts' });
  });

  it('sends neither upgrade-insecure-requests nor HSTS over plain HTTP, even when a client claims HTTPS', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const answer = await server.call('GET', '/healthz', { headers });
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(answer.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('the edge behind a proxy on the loopback (TRUST_PROXY=loopback)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_IP: '3', TRUST_PROXY: 'loopback' }, { clock });
  });
  afterAll(() => server.close());

  it("limits each client by the address the proxy reports", async () => {
    for (let i = 1; i <= 3; i++) expect((await loginFrom(server, '203.0.113.7', `first${i}@example.com`)).status).toBe(401);
    expect((await loginFrom(server, '203.0.113.7', 'first4@example.com')).status).toBe(429);
    // Another client behind the same proxy has attempts of its own.
    expect((await loginFrom(server, '203.0.113.8', 'second@example.com')).status).toBe(401);
  });

  it('sends upgrade-insecure-requests and HSTS when the proxy says the request came over HTTPS', async () => {
    const secure = await server.call('GET', '/healthz', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(secure.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    const plain = await server.call('GET', '/healthz');
    expect(plain.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(plain.headers.get('strict-transport-security')).toBeNull();

    // API answers, whose own policy loads nothing, carry HSTS over HTTPS too.
    const api = await server.call('GET', '/api/children', { headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await server.call('GET', '/api/children')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('command-api behind query-api', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { clock });
  });
  afterAll(() => server.close());

  const commandApp = (env: Record<string, string>) =>
    buildCommandApp({ ...server.server.adapters, config: loadConfig({ DATA_DIR: server.dataDir, RATE_LIMIT_PER_IP: '2', ...env }), clock, newId: () => uuidv7() });
  const login = (app: Awaited<ReturnType<typeof commandApp>>, remoteAddress: string, forwardedFor: string, email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: { email, password: 'Wrong1password' } });

  it("takes the client's address from query-api's network only", async () => {
    const app = await commandApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      // query-api at 10.0.0.5 forwards two clients: each has its own limit.
      for (const email of ['a@example.com', 'b@example.com']) expect((await login(app, '10.0.0.5', '203.0.113.1', email)).statusCode).toBe(401);
      expect((await login(app, '10.0.0.5', '203.0.113.1', 'c@example.com')).statusCode).toBe(429);
      expect((await login(app, '10.0.0.5', '203.0.113.2', 'd@example.com')).statusCode).toBe(401);

      // A caller outside that network that reaches the port directly is limited by its own address.
      for (const [i, email] of ['e@example.com', 'f@example.com'].entries()) expect((await login(app, '192.0.2.9', `198.51.100.${i}`, email)).statusCode).toBe(401);
      const spoofed = await login(app, '192.0.2.9', '198.51.100.99', 'g@example.com');
      expect(spoofed.statusCode).toBe(429);
      expect(spoofed.json()).toEqual({ message: TOO_MANY, code: 'auth.tooManyAttempts' });
    } finally {
      await app.close();
    }
  });

  it('trusts no forwarded address by default', async () => {
    const app = await commandApp({});
    try {
      for (const [i, email] of ['h@example.com', 'i@example.com'].entries()) expect((await login(app, '10.0.0.5', `203.0.113.${i}`, email)).statusCode).toBe(401);
      expect((await login(app, '10.0.0.5', '203.0.113.50', 'j@example.com')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
