import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideWithRetry, emailReservationDecider, userDecider } from '@nightlight/command-api/accounts/account-streams';
import { EventStoreUnavailableError } from '@nightlight/infrastructure/ports/event-store';
import { startTestServer, type TestServer } from './support/test-server';

/** A sign-up that fails half-way must not keep its address from the next attempt. */
let server: TestServer;
let clockOffsetMs = 0;

beforeEach(async () => {
  clockOffsetMs = 0;
  server = await startTestServer({ RATE_LIMIT_PER_EMAIL: '1000' }, { clock: () => new Date(Date.now() + clockOffsetMs) });
});
afterEach(() => server.close());

const PASSWORD = 'Sleepy2night';
const TAKEN = 'An account with this email already exists';
const newEmail = () => `signup-${randomUUID().slice(0, 8)}@example.com`;
const register = (email: string) => server.call('POST', '/api/auth/register', { body: { email, password: PASSWORD, referralCode: 'TEST42' } });
const login = (email: string) => server.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
const emailStream = (email: string) => `email-${server.server.adapters.cipher.emailDigest(email)}`;
const commandDeps = () => ({ eventStore: server.server.adapters.eventStore, clock: () => new Date(Date.now() + clockOffsetMs), newId: () => randomUUID() });

describe('a sign-up that fails after reserving its address', () => {
  it('releases the address, so the next attempt with it succeeds', async () => {
    const email = newEmail();
    const keyStore = server.server.adapters.keyStore;
    const getOrCreate = keyStore.getOrCreateWrappedKey.bind(keyStore);
    keyStore.getOrCreateWrappedKey = async () => {
      throw new EventStoreUnavailableError('disk full');
    };
    const failed = await register(email);
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe('Saving is not possible right now. Nothing was saved; please try again shortly.');
    keyStore.getOrCreateWrappedKey = getOrCreate;

    expect((await server.server.adapters.eventStore.readStream(emailStream(email))).map((event) => event.type)).toEqual(['EmailReserved', 'EmailReleased']);
    expect((await register(email)).status).toBe(201);
    expect((await login(email)).status).toBe(200);
  });
});

describe('a reservation whose account never came', () => {
  it('keeps the address for ten minutes, in case that sign-up is still under way, then lets a new one take it', async () => {
    const email = newEmail();
    // What a process that died between reserving and recording UserRegistered leaves behind.
    const vanished = randomUUID();
    await decideWithRetry(commandDeps(), emailStream(email), emailReservationDecider, { type: 'ReserveEmail', data: { userId: vanished } }, { correlationId: 'crashed' });

    const early = await register(email);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(TAKEN);

    clockOffsetMs = 10 * 60_000;
    const later = await register(email);
    expect(later.status).toBe(201);
    expect((await login(email)).status).toBe(200);
    expect((await server.server.adapters.eventStore.readStream(emailStream(email))).map((event) => [event.type, (event.data as { userId: string }).userId])).toEqual([
      ['EmailReserved', vanished],
      ['EmailReleased', vanished],
      ['EmailReserved', later.body.user.id],
    ]);
  });

  it("passes at once from a deleted account whose deletion has not released it yet, never from a live account's", async () => {
    const email = newEmail();
    const first = await register(email);
    expect(first.status).toBe(201);
    clockOffsetMs = 60 * 60_000;
    // A live account's address is never taken over, however old its reservation.
    expect((await register(email)).status).toBe(409);

    const userId = first.body.user.id as string;
    await decideWithRetry(commandDeps(), `user-${userId}`, userDecider, { type: 'AnonymizeAccount', data: { userId } }, { userId, correlationId: 'deleting' });
    expect((await register(email)).status).toBe(201);
  });
});
