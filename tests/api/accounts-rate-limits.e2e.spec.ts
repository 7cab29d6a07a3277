import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
// Pinned to the middle of a minute, so the one-minute windows cannot roll over during a test.
let now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: '4', RATE_LIMIT_PER_EMAIL: '2' }, { clock: () => new Date(now) });
});
afterAll(() => server.close());

const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
const login = (email: string) => server.call('POST', '/api/auth/login', { body: { email, password: 'Wrong1password' } });

describe('rate limits', () => {
  it('limits sign-in attempts per e-mail, then per address, for a minute', async () => {
    expect((await login('target@example.com')).status).toBe(401);
    expect((await login('TARGET@example.com')).status).toBe(401);
    const limited = await login('target@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: TOO_MANY, code: 'auth.tooManyAttempts' });
    expect(Number(limited.headers.get('retry-after'))).toBe(30);

    // Another address is still let through until this address has made 4 attempts.
    expect((await login('other@example.com')).status).toBe(401);
    expect((await login('third@example.com')).status).toBe(429);

    now += 60_000;
    expect((await login('target@example.com')).status).toBe(401);
  });

  it('limits refreshes and sign-ups per address', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await server.call('POST', '/api/auth/refresh', { body: { refreshToken: 'a.b' } })).status).toBe(401);
    const refresh = await server.call('POST', '/api/auth/refresh', { body: { refreshToken: 'a.b' } });
    expect(refresh.status).toBe(429);
    expect(refresh.body.message).toBe(TOO_MANY);

    for (let attempt = 0; attempt < 4; attempt += 1) expect((await server.call('POST', '/api/auth/register', { body: {} })).status).toBe(400);
    const register = await server.call('POST', '/api/auth/register', { body: {} });
    expect(register.status).toBe(429);
    expect(register.body.message).toBe(TOO_MANY);
  });
});

describe('rate limits per e-mail and per account', () => {
  const register = (email: string) => server.call('POST', '/api/auth/register', { body: { email, password: 'Sleepy2night', referralCode: 'TEST42' } });

  it('limits sign-ups per e-mail address, in any letter case', async () => {
    now += 60_000;
    expect((await register('twice@example.com')).status).toBe(201);
    expect((await register('twice@example.com')).status).toBe(409);
    const limited = await register('TWICE@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: TOO_MANY, code: 'auth.tooManyAttempts' });
  });

  it('limits current-password checks per account, across changing the e-mail, the password and deleting the account', async () => {
    now += 60_000;
    const signedUp = await register('guessed@example.com');
    expect(signedUp.status).toBe(201);
    const token = signedUp.body.accessToken as string;
    const changePassword = (currentPassword: string) =>
      server.call('PUT', '/api/settings/user/password', { token, body: { currentPassword, newPassword: 'Brand9newpass', confirmPassword: 'Brand9newpass' } });
    const changeEmail = (currentPassword: string) => server.call('PUT', '/api/settings/user/email', { token, body: { newEmail: 'elsewhere@example.com', currentPassword } });
    const deleteAccount = (password: string) => server.call('DELETE', '/api/settings/user/account', { token, body: { password, confirmText: 'DELETE' } });

    expect((await changePassword('Guess1one')).body.message).toBe('Current password is incorrect');
    expect((await changeEmail('Guess2two')).body.message).toBe('Current password is incorrect');
    // Over the limit even with the right password: the guesser must not learn that it was right.
    const limited = await deleteAccount('Sleepy2night');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: TOO_MANY, code: 'auth.tooManyAttempts' });
    expect(Number(limited.headers.get('retry-after'))).toBe(30);
    expect((await changePassword('Sleepy2night')).status).toBe(429);
    expect((await server.call('GET', '/api/me', { token })).status).toBe(200);

    now += 60_000;
    const again = await changeEmail('Guess3three');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Current password is incorrect');
  });
});

const redisUrl = process.env['REDIS_URL'];
if (redisUrl) {
  describe('rate limits shared through Redis', () => {
    it('counts sign-in attempts per e-mail in Redis', async () => {
      // The per-address limit is left high: Redis keeps counts from other runs in the same minute.
      const shared = await startTestServer({ REDIS_URL: redisUrl, RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_EMAIL: '2' }, { clock: () => new Date(now) });
      try {
        const attempt = () => shared.call('POST', '/api/auth/login', { body: { email: 'shared@example.com', password: 'Wrong1password' } });
        expect((await attempt()).status).toBe(401);
        expect((await attempt()).status).toBe(401);
        const limited = await attempt();
        expect(limited.status).toBe(429);
        expect(limited.body.message).toBe(TOO_MANY);
      } finally {
        await shared.close();
      }
    });
  });
} else {
  console.log('SKIPPED rate limits shared through Redis: REDIS_URL not set');
}
