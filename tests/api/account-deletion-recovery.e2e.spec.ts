import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideWithRetry, userDecider } from '@nightlight/command-api/accounts/account-streams';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Deleting an account is decided when AccountDeleted is recorded; everything after it (the address,
 * the referral code, the children, the key) must be finished even when a step fails or the process
 * dies in between. Faults are made at the key store, the step a deletion ends with.
 */
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_EMAIL: '1000' });
});
afterEach(() => server.close());

const PASSWORD = 'Sleepy2night';

async function family() {
  const email = `deleting-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await server.call('POST', '/api/auth/register', { body: { email, password: PASSWORD, referralCode: 'TEST42' } });
  expect(registered.status).toBe(201);
  const token = registered.body.accessToken as string;
  const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Pip', birthDate: '2026-06-15', sex: 'Male', timezone: 'UTC' } });
  expect(child.status).toBe(201);
  return { email, token, userId: registered.body.user.id as string, referralCode: registered.body.user.referralCode as string, childId: child.body.id as string };
}

const eventTypes = async (streamId: string) => (await server.server.adapters.eventStore.readStream(streamId)).map((event) => event.type);

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not finished in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What a finished deletion leaves: the key gone for good, the child anonymised, the address and the code free of the account. */
async function expectFinished(account: Awaited<ReturnType<typeof family>>): Promise<void> {
  expect(await eventTypes(`user-${account.userId}`)).toEqual(['UserRegistered', 'ChildLinkedToAccount', 'AccountDeleted', 'DataKeyDestroyed']);
  expect(await server.server.adapters.keyStore.getWrappedKey(account.userId)).toBeNull();
  expect((await eventTypes(`child-${account.childId}`)).at(-1)).toBe('ChildAnonymized');
  expect((await server.call('POST', '/api/auth/login', { body: { email: account.email, password: PASSWORD } })).status).toBe(401);
  expect((await server.call('GET', '/api/me', { token: account.token })).status).toBe(401);
  const withCode = await server.call('POST', '/api/auth/register', { body: { email: `invited-${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD, referralCode: account.referralCode } });
  expect(withCode.status).toBe(400);
  expect(withCode.body.message).toBe('Invalid referral code');
  const again = await server.call('POST', '/api/auth/register', { body: { email: account.email, password: PASSWORD, referralCode: 'TEST42' } });
  expect(again.status).toBe(201);
}

describe('finishing an account deletion', () => {
  it('retries in a job when the key store fails once, and the parent is told the account is deleted', async () => {
    const account = await family();
    const keyStore = server.server.adapters.keyStore;
    const destroyKey = keyStore.destroyKey.bind(keyStore);
    let failures = 0;
    keyStore.destroyKey = async (ownerId) => {
      if (failures === 0) {
        failures += 1;
        throw new Error('key store unreachable');
      }
      return destroyKey(ownerId);
    };

    const deleted = await server.call('DELETE', '/api/settings/user/account', { token: account.token, body: { password: PASSWORD, confirmText: 'DELETE' } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true, position: expect.any(Number) });
    expect(failures).toBe(1);
    // Until the job ran, the key still exists; the deletion is recorded, so nobody can sign in.
    expect(await eventTypes(`user-${account.userId}`)).toContain('AccountDeleted');

    await eventually(async () => (await eventTypes(`user-${account.userId}`)).includes('DataKeyDestroyed'));
    await expectFinished(account);
  });

  it('is finished at the next start when the process stopped right after AccountDeleted', async () => {
    const account = await family();
    // What a crash right after the decision leaves behind: AccountDeleted and nothing else.
    const deps = { eventStore: server.server.adapters.eventStore, clock: () => new Date(), newId: () => randomUUID() };
    await decideWithRetry(deps, `user-${account.userId}`, userDecider, { type: 'AnonymizeAccount', data: { userId: account.userId } }, { userId: account.userId, correlationId: 'crashed' });
    expect(await server.server.adapters.keyStore.getWrappedKey(account.userId)).not.toBeNull();

    await server.restart();

    await eventually(async () => (await eventTypes(`user-${account.userId}`)).includes('DataKeyDestroyed'));
    await expectFinished(account);
  });
});
