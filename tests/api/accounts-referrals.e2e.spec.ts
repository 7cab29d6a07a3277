import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintReferralCode } from '@nightlight/command-api/accounts/referral-codes';
import { REPO_ROOT } from './support/service-process';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_EMAIL: '10000' });
});
afterAll(() => server.close());

const PASSWORD = 'Sleepy2night';
const newEmail = () => `invited-${randomUUID().slice(0, 8)}@example.com`;
const register = (referralCode: string, email = newEmail()) => server.call('POST', '/api/auth/register', { body: { email, password: PASSWORD, referralCode } });

/** `npm run referral -- create`, against the running server's DATA_DIR (and so its keys and event log). */
function createCodeWithCli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('npm', ['run', '--silent', 'referral', '--', 'create', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr };
}

describe('referral codes', () => {
  it('mints a code from the command line that works once, typed in any case', async () => {
    const minted = createCodeWithCli(['--uses', '1']);
    expect(minted.status, minted.stderr).toBe(0);
    expect(minted.stdout).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{6}$/);

    expect((await register(minted.stdout.toLowerCase())).status).toBe(201);
    const second = await register(minted.stdout);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('Invalid referral code');
  });

  it('never lets 20 simultaneous sign-ups use a one-use code more than once', async () => {
    const { adapters } = server.server;
    const code = await mintReferralCode({ eventStore: adapters.eventStore, clock: () => new Date(), newId: uuidv7, config: { REFERRAL_CODES: '' } }, 1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(code)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual(Array(19).fill(400));
    expect(new Set(refused.map((answer) => answer.body.message))).toEqual(new Set(['Invalid referral code']));
  });

  it('gives every account a three-use code of its own and counts down as friends join', async () => {
    const host = await register('TEST42');
    expect(host.body.user.referralUsesLeft).toBe(3);
    const friend = await register(host.body.user.referralCode);
    expect(friend.status).toBe(201);
    const me = await server.call('GET', '/api/me', { token: host.body.accessToken, headers: { 'x-min-position': friend.headers.get('x-event-position')! } });
    expect(me.body.referralUsesLeft).toBe(2);

    // The read model is rebuilt from the log on start and comes back the same.
    await server.restart();
    expect((await server.call('GET', '/api/me', { token: host.body.accessToken })).body).toEqual(me.body);
  });

  it('issues the configured codes with many uses', async () => {
    for (let index = 0; index < 3; index += 1) expect((await register('FAMILY')).status).toBe(201);
  });
});

describe('starter code', () => {
  it('mints one five-use code on the first start of an installation without codes, and none after', async () => {
    const fresh = await startTestServer({ REFERRAL_CODES: '' });
    try {
      const code = fresh.server.starterReferralCode;
      expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{6}$/);
      const answer = await fresh.call('POST', '/api/auth/register', { body: { email: newEmail(), password: PASSWORD, referralCode: code } });
      expect(answer.status).toBe(201);
      await fresh.restart();
      expect(fresh.server.starterReferralCode).toBeUndefined();
      expect(server.server.starterReferralCode).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });
});
