import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChild, joinFamily, PASSWORD, registerParent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * GET /api/children/{id}/live: a member's open stream hears of every change to the child's read
 * models, with the position to read at, and ends when they leave the family, or at once when the
 * session that opened it is revoked. An account holds at most 10 at once.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());


const BOY = { birthDate: '2026-09-01', sex: 'Male' };

interface LiveEvent {
  event: string;
  data: string;
  at: number;
}

/** Reads the stream as a browser's fetch would, collecting its events as they arrive. */
async function openLive(childId: string, token: string) {
  // As the dashboard does: the stream is opened once the child's page has been read (after the writes before it).
  await server.call('GET', `/api/children/${childId}`, { token });
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/children/${childId}/live`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const events: LiveEvent[] = [];
  let ended = false;
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) events.push({ event, data, at: Date.now() });
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  const next = async (event: string, timeoutMs = 1000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events.find((seen) => seen.event === event);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no ${event} event within ${timeoutMs} ms (saw ${JSON.stringify(events)})`);
  };
  return { response, events, next, ended: () => ended, close: () => controller.abort(), reading };
}

describe('live updates', () => {
  it("tells the other parent within a second that a feeding was logged, with the position to read it at, and ends when they leave", async () => {
    const first = await registerParent(server, 'live');
    const second = await registerParent(server, 'live');
    const childId = await addChild(server, first.token, { displayName: 'Lumi', birthDate: '2026-09-01' });
    await joinFamily(server, childId, first.token, second.token, 'parent');

    const live = await openLive(childId, second.token);
    expect(live.response.status).toBe(200);
    expect(live.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(live.response.headers.get('cache-control')).toBe('no-store');

    const sent = Date.now();
    const feeding = await server.call('POST', '/api/feedings', { token: first.token, body: { childId, startedAt: new Date(Date.now() - 3_600_000).toISOString(), method: 'Nursing' } });
    const change = await live.next('change');
    expect(change.at - sent).toBeLessThan(1000);
    const { position } = JSON.parse(change.data) as { position: number };
    expect(position).toBeGreaterThanOrEqual(feeding.body.position);
    const read = await server.call('GET', `/api/feedings?childId=${childId}`, { token: second.token, headers: { 'x-min-position': String(position) } });
    expect(read.body.map((entry: { id: string }) => entry.id)).toEqual([feeding.body.id]);

    await server.call('DELETE', `/api/children/${childId}/members/${second.id}`, { token: first.token });
    await live.next('closed');
    await live.reading;
    expect(live.ended()).toBe(true);
  });

  it('is 404 for someone outside the family and 401 without a token', async () => {
    const parent = await registerParent(server, 'live');
    const stranger = await registerParent(server, 'live');
    const childId = await addChild(server, parent.token, BOY);
    expect((await server.call('GET', `/api/children/${childId}/live`, { token: stranger.token })).status).toBe(404);
    expect((await fetch(`${server.url}/api/children/${childId}/live`)).status).toBe(401);
  });
});

/** A parent signed in on two devices, with a child: each device's session and its stream of the child. */
async function twoDevices() {
  const parent = await registerParent(server, 'live');
  const childId = await addChild(server, parent.token, { displayName: 'Orla', birthDate: '2026-09-01' });
  const login = await server.call('POST', '/api/auth/login', { body: { email: parent.email, password: PASSWORD } });
  expect(login.status).toBe(200);
  const tablet = { token: login.body.accessToken as string, refreshToken: login.body.refreshToken as string };
  const phoneLive = await openLive(childId, parent.token);
  const tabletLive = await openLive(childId, tablet.token);
  expect([phoneLive.response.status, tabletLive.response.status]).toEqual([200, 200]);
  return { parent, tablet, childId, phoneLive, tabletLive };
}

/** Tokens carry their issue time in whole seconds: a revocation "as of now" reaches those of earlier seconds. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));

const logFeeding = (token: string, childId: string, minutesAgo: number) =>
  server.call('POST', '/api/feedings', { token, body: { childId, startedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(), method: 'Nursing' } });

describe('a revoked session', () => {
  it("ends its streams at once when the password changes, before any change; the new tokens' stream goes on", async () => {
    const { parent, childId, phoneLive, tabletLive } = await twoDevices();
    await nextSecond();
    const changed = Date.now();
    const answer = await server.call('PUT', '/api/settings/user/password', { token: parent.token, body: { currentPassword: PASSWORD, newPassword: 'Sleepier baby 43', confirmPassword: 'Sleepier baby 43' } });
    expect(answer.status).toBe(200);
    for (const live of [phoneLive, tabletLive]) {
      expect((await live.next('signed-out')).at - changed).toBeLessThan(1000);
      await live.reading;
      expect(live.events.map((event) => event.event)).toEqual(['signed-out']);
    }
    expect((await server.call('GET', '/api/children', { token: parent.token })).status).toBe(401);

    const renewed = await openLive(childId, answer.body.accessToken);
    expect(renewed.response.status).toBe(200);
    await logFeeding(answer.body.accessToken, childId, 60);
    await renewed.next('change');
    renewed.close();
  });

  it("ends only that session's streams when one device signs out; the other's refresh token and stream go on", async () => {
    const { parent, tablet, childId, phoneLive, tabletLive } = await twoDevices();
    const signedOut = Date.now();
    expect(await server.call('POST', '/api/auth/logout', { token: parent.token })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await phoneLive.next('signed-out')).at - signedOut).toBeLessThan(1000);
    await phoneLive.reading;
    expect((await server.call('GET', '/api/children', { token: parent.token })).status).toBe(401);
    expect((await server.call('POST', '/api/auth/refresh', { body: { refreshToken: parent.refreshToken } })).status).toBe(401);

    await logFeeding(tablet.token, childId, 90);
    await tabletLive.next('change');
    expect(tabletLive.ended()).toBe(false);
    expect((await server.call('POST', '/api/auth/refresh', { body: { refreshToken: tablet.refreshToken } })).status).toBe(200);
    tabletLive.close();
  });

  it('ends every stream of the account when it signs out everywhere, or is deleted', async () => {
    const everywhere = await twoDevices();
    expect((await server.call('POST', '/api/auth/logout', { token: everywhere.tablet.token, body: { everywhere: true } })).status).toBe(200);
    for (const live of [everywhere.phoneLive, everywhere.tabletLive]) await live.next('signed-out');
    for (const token of [everywhere.parent.token, everywhere.tablet.token]) expect((await server.call('GET', '/api/children', { token })).status).toBe(401);

    const deleted = await twoDevices();
    const answer = await server.call('DELETE', '/api/settings/user/account', { token: deleted.parent.token, body: { password: PASSWORD, confirmText: 'DELETE' } });
    expect(answer.status).toBe(200);
    for (const live of [deleted.phoneLive, deleted.tabletLive]) {
      await live.next('signed-out');
      await live.reading;
    }
  });

  it('refuses a body that is not a yes or no for everywhere, and signs nothing out', async () => {
    const { parent, phoneLive, tabletLive } = await twoDevices();
    const refused = await server.call('POST', '/api/auth/logout', { token: parent.token, body: { everywhere: 'yes' } });
    expect([refused.status, refused.body.message]).toEqual([400, 'everywhere must be true or false']);
    expect((await server.call('GET', '/api/children', { token: parent.token })).status).toBe(200);
    expect(phoneLive.ended()).toBe(false);
    for (const live of [phoneLive, tabletLive]) live.close();
  });
});

describe('open streams per account', () => {
  it('are at most 10: the 11th is 429 in the API shape, and closing one makes room', async () => {
    const parent = await registerParent(server, 'live');
    const childId = await addChild(server, parent.token, BOY);
    const open = await Promise.all(Array.from({ length: 10 }, () => openLive(childId, parent.token)));
    expect(open.map((live) => live.response.status)).toEqual(Array(10).fill(200));

    const refused = await fetch(`${server.url}/api/children/${childId}/live`, { headers: { authorization: `Bearer ${parent.token}` } });
    expect([refused.status, refused.headers.get('cache-control'), await refused.json()]).toEqual([
      429,
      'no-store',
      { message: 'Too many live updates are open for this account (at most 10). Please close another tab or app and try again.', code: 'live.tooMany' },
    ]);
    // Another account is not held to this one's streams.
    const other = await registerParent(server, 'live');
    const theirs = await addChild(server, other.token, BOY);
    const otherLive = await openLive(theirs, other.token);
    expect(otherLive.response.status).toBe(200);

    open[0]!.close();
    await open[0]!.reading;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await openLive(childId, parent.token);
    expect(again.response.status).toBe(200);
    for (const live of [...open, again, otherLive]) live.close();
  });
});

describe('a server shutting down', () => {
  it('ends its open streams and closes, instead of waiting for them for ever', async () => {
    const own = await startTestServer();
    const parent = await registerParent(own, 'live');
    const childId = await addChild(own, parent.token, BOY);
    expect((await own.call('GET', `/api/children/${childId}`, { token: parent.token })).status).toBe(200);
    const response = await fetch(`${own.url}/api/children/${childId}/live`, { headers: { authorization: `Bearer ${parent.token}` } });
    expect(response.status).toBe(200);
    const reading = response.text();
    await own.close();
    expect(await reading).toBe('retry: 2000\n\n');
  }, 10_000);
});
