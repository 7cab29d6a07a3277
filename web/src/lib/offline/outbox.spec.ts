import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn, testUser } from '../../testing/auth-fixtures.ts';
import { server } from '../../testing/msw-server.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { ApiError } from '../api-client.ts';
import { registerNavigate } from '../navigation.ts';
import { signOut } from '../sign-out.ts';
import { outbox as appOutbox } from './app-outbox.ts';
import { offlineDb, OUTBOX_STORE } from './offline-db.ts';
import { createOutbox, offlineId, type OutboxDeps, type OutboxItem, type OutboxWrite } from './outbox.ts';

const OVERLAP = 'This feeding overlaps another feeding from 2:00 AM to 2:20 AM';

function feeding(key: string, startedAt = '2026-11-25T07:00:00.000Z'): OutboxWrite {
  return {
    method: 'POST',
    path: '/api/feedings',
    body: { childId: 'child-1', startedAt, method: 'Bottle', amountOz: 4 },
    idempotencyKey: key,
    childId: 'child-1',
    view: { kind: 'entry-added', entry: { id: `offline-${key}` }, form: null },
  };
}

const deletion = (key: string, entryId: string): OutboxWrite => ({
  method: 'DELETE',
  path: `/api/sleep/${entryId}`,
  idempotencyKey: key,
  childId: 'child-1',
  view: { kind: 'entry-deleted', entryId },
});

/** An outbox over the real IndexedDB store (fake-indexeddb), with the network and the session as the test says. */
function testOutbox(overrides: Partial<OutboxDeps> = {}) {
  const state = { online: false, userId: 'user-1' as string | null };
  const sent: { path: string; method: string; key: string }[] = [];
  const send = vi.fn(async (write: OutboxWrite): Promise<unknown> => {
    sent.push({ path: write.path, method: write.method, key: write.idempotencyKey });
    return { id: `server-${write.idempotencyKey}` };
  });
  const onSynced = vi.fn();
  const outbox = createOutbox({ send, isOnline: () => state.online, currentUserId: () => state.userId, onSynced, ...overrides });
  return { outbox, state, sent, send, onSynced };
}

const stored = () => offlineDb.getAll<OutboxItem>(OUTBOX_STORE);

describe('the outbox', () => {
  it('keeps writes made offline in order, shows them at once, and sends them in that order with their own keys', async () => {
    const { outbox, state, sent } = testOutbox();
    await outbox.submit(feeding('key-1'));
    await outbox.submit(deletion('key-2', 'sleep-9'));
    await outbox.submit(feeding('key-3', '2026-11-25T08:00:00.000Z'));

    expect(sent).toEqual([]);
    expect(outbox.getItems().map((item) => [item.idempotencyKey, item.refusal])).toEqual([
      ['key-1', null],
      ['key-2', null],
      ['key-3', null],
    ]);
    expect((await stored()).map((item) => item.idempotencyKey).sort()).toEqual(['key-1', 'key-2', 'key-3']);

    state.online = true;
    await outbox.flush();

    expect(sent).toEqual([
      { method: 'POST', path: '/api/feedings', key: 'key-1' },
      { method: 'DELETE', path: '/api/sleep/sleep-9', key: 'key-2' },
      { method: 'POST', path: '/api/feedings', key: 'key-3' },
    ]);
    expect(outbox.getItems()).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('keeps a refused write with the server message, and still sends the ones after it', async () => {
    const send = vi.fn(async (write: OutboxWrite) => {
      if (write.idempotencyKey === 'key-1') throw new ApiError(409, OVERLAP);
      return {};
    });
    const { outbox, state, onSynced } = testOutbox({ send });
    await outbox.submit(feeding('key-1'));
    await outbox.submit(feeding('key-2', '2026-11-25T09:00:00.000Z'));
    state.online = true;
    await outbox.flush();

    expect(send.mock.calls.map(([write]) => write.idempotencyKey)).toEqual(['key-1', 'key-2']);
    expect(outbox.getItems()).toHaveLength(1);
    expect(outbox.getItems()[0]).toMatchObject({ idempotencyKey: 'key-1', refusal: { status: 409, message: OVERLAP } });
    expect(await stored()).toMatchObject([{ idempotencyKey: 'key-1', refusal: { status: 409, message: OVERLAP } }]);
    expect(onSynced).toHaveBeenCalledWith(['child-1']);

    // Nothing is dropped by sending again: only Discard does.
    await outbox.flush();
    expect(send).toHaveBeenCalledTimes(2);
    await outbox.discard('key-1');
    expect(outbox.getItems()).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('Edit after a refusal: the corrected write takes the same place and key, and is sent', async () => {
    let refuse = true;
    const send = vi.fn(async (_write: OutboxWrite) => {
      if (refuse) throw new ApiError(400, 'Cannot select future date and time');
      return {};
    });
    const { outbox, state } = testOutbox({ send });
    state.online = true;
    await outbox.submit(feeding('key-1')).catch(() => undefined);
    // Online and nothing waiting: sent at once, and the refusal is the form's to show.
    await expect(outbox.submit(feeding('key-1'))).rejects.toThrow('Cannot select future date and time');

    state.online = false;
    await outbox.submit(feeding('key-2'));
    state.online = true;
    await outbox.flush();
    expect(outbox.getItems()[0]?.refusal?.message).toBe('Cannot select future date and time');

    refuse = false;
    await outbox.replace('key-2', feeding('another-key', '2026-11-25T06:00:00.000Z'));
    await outbox.flush();
    expect(send.mock.lastCall?.[0]).toMatchObject({ idempotencyKey: 'key-2', body: { startedAt: '2026-11-25T06:00:00.000Z' } });
    expect(outbox.getItems()).toEqual([]);
  });

  it('stops at a network failure, keeping that write and every one after it, and tries again later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let reachable = false;
    const send = vi.fn(async (write: OutboxWrite) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return { key: write.idempotencyKey };
    });
    const { outbox, state } = testOutbox({ send });
    await outbox.submit(feeding('key-1'));
    await outbox.submit(feeding('key-2'));
    state.online = true;
    await outbox.flush();

    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.getItems().map((item) => [item.idempotencyKey, item.refusal])).toEqual([
      ['key-1', null],
      ['key-2', null],
    ]);

    reachable = true;
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(outbox.getItems()).toEqual([]));
    expect(send.mock.calls.map(([write]) => write.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it("never sends one account's writes as another account; the same account's next sign-in sends them", async () => {
    const { outbox, state, send } = testOutbox();
    await outbox.submit(feeding('key-1'));
    outbox.stop();

    state.online = true;
    state.userId = 'user-2';
    await outbox.start('user-2');
    expect(outbox.getItems()).toEqual([]);
    expect(send).not.toHaveBeenCalled();
    expect(await stored()).toMatchObject([{ idempotencyKey: 'key-1', userId: 'user-1' }]);
    outbox.stop();

    state.userId = 'user-1';
    await outbox.start('user-1');
    expect(send.mock.calls.map(([write]) => write.idempotencyKey)).toEqual(['key-1']);
    expect(await stored()).toEqual([]);
  });

  it('sends what was done offline to a timer started offline with the id its start was given', async () => {
    const { outbox, state, sent } = testOutbox();
    const placeholder = offlineId('start-key');
    await outbox.submit({ method: 'POST', path: '/api/timers', body: { childId: 'child-1', kind: 'sleep' }, idempotencyKey: 'start-key', childId: 'child-1', view: { kind: 'timer-started', timer: { id: placeholder } } });
    await outbox.submit({ method: 'POST', path: `/api/timers/${placeholder}/stop`, body: {}, idempotencyKey: 'stop-key', childId: 'child-1', view: { kind: 'timer-stopped', timerId: placeholder, stoppedAt: '2026-11-25T08:00:00.000Z' } });
    expect(outbox.getItems()[1]?.path).toBe(`/api/timers/${placeholder}/stop`);

    state.online = true;
    await outbox.flush();
    expect(sent.map(({ path, key }) => `${path} ${key}`)).toEqual(['/api/timers start-key', '/api/timers/server-start-key/stop stop-key']);
  });

  it('drops what was done to a timer started offline with its start', async () => {
    const { outbox } = testOutbox();
    const placeholder = offlineId('start-key');
    await outbox.submit({ method: 'POST', path: '/api/timers', idempotencyKey: 'start-key', childId: 'child-1', view: { kind: 'timer-started', timer: { id: placeholder } } });
    await outbox.submit({ method: 'POST', path: `/api/timers/${placeholder}/switch-side`, idempotencyKey: 'switch-key', childId: 'child-1', view: { kind: 'timer-switched', timerId: placeholder, side: 'right' } });
    await outbox.submit(feeding('key-3'));
    await outbox.discard('start-key');
    expect(outbox.getItems().map((item) => item.idempotencyKey)).toEqual(['key-3']);
  });
});

/** An access token as the server signs them, whose `exp` passed an hour ago (the signature is never read here). */
const expiredAccessToken = () => `header.${btoa(JSON.stringify({ sub: testUser.id, exp: Math.floor(Date.now() / 1000) - 3600 }))}.signature`;

describe('the app outbox with the session', () => {
  const feedingAnswer = () => HttpResponse.json({ id: 'feeding-1', position: 7 }, { status: 201, headers: { 'X-Event-Position': '7' } });

  it('refreshes a session that expired while offline before the waiting write is sent, and sends it with its key', async () => {
    useAuthStore.getState().setAuth(testUser, expiredAccessToken(), 'refresh-1');
    onlineManager.setOnline(false);
    await appOutbox.submit(feeding('key-1'));
    const seen: string[] = [];
    server.use(
      http.post('/api/feedings', ({ request }) => {
        seen.push(`${request.headers.get('Authorization')} ${request.headers.get('Idempotency-Key')}`);
        return request.headers.get('Authorization') === 'Bearer access-2' ? feedingAnswer() : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }),
      http.post('/api/auth/refresh', () => HttpResponse.json({ accessToken: 'access-2', refreshToken: 'refresh-2' })),
      // What the screens read again once the write is sent.
      http.get('/api/*', () => HttpResponse.json([])),
    );

    onlineManager.setOnline(true);
    await appOutbox.flush();
    // Nothing went out with the expired token.
    expect(seen).toEqual(['Bearer access-2 key-1']);
    expect(appOutbox.getItems()).toEqual([]);
  });

  it('keeps the waiting writes when the refresh is refused, until the same account signs in again', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    useAuthStore.getState().setAuth(testUser, expiredAccessToken(), 'refresh-1');
    onlineManager.setOnline(false);
    await appOutbox.submit(feeding('key-1'));
    const sent: string[] = [];
    server.use(
      http.post('/api/feedings', ({ request }) => {
        sent.push(`${request.headers.get('Authorization')} ${request.headers.get('Idempotency-Key')}`);
        return request.headers.get('Authorization') === 'Bearer access-9' ? feedingAnswer() : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });
      }),
      http.post('/api/auth/refresh', () => HttpResponse.json({ message: 'Invalid refresh token' }, { status: 401 })),
      http.get('/api/*', () => HttpResponse.json([])),
    );

    onlineManager.setOnline(true);
    await appOutbox.flush();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
    expect(await stored()).toMatchObject([{ idempotencyKey: 'key-1', userId: testUser.id, refusal: null }]);

    expect(sent).toEqual([]);

    // Another account on this device sends nothing of it.
    useAuthStore.getState().setAuth({ ...testUser, id: 'user-2' }, 'access-5', 'refresh-5');
    await appOutbox.start('user-2');
    expect(sent).toEqual([]);

    useAuthStore.getState().setAuth(testUser, 'access-9', 'refresh-9');
    await appOutbox.start(testUser.id);
    expect(sent).toEqual(['Bearer access-9 key-1']);
    expect(await stored()).toEqual([]);
  });

  it('is emptied for the account by Logout, and not by a session that ran out', async () => {
    signIn();
    onlineManager.setOnline(false);
    await appOutbox.submit(feeding('key-1'));
    await offlineDb.put(OUTBOX_STORE, { ...(await stored())[0]!, id: 'other', idempotencyKey: 'other', userId: 'user-2' });

    await signOut();
    expect((await stored()).map((item) => item.id).sort()).toEqual(['key-1', 'other']);

    signIn();
    await signOut({ forgetDevice: true });
    expect((await stored()).map((item) => item.id)).toEqual(['other']);
  });
});
