import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * GET /api/children/{id}/live: a member's open stream hears of every change to the child's read
 * models, with the position to read at, and ends when they leave the family.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function register() {
  const answer = await server.call('POST', '/api/auth/register', { body: { email: `live-${randomUUID()}@example.com`, password: 'Sleepy baby 42', referralCode: 'TEST42' } });
  return { id: answer.body.user.id as string, token: answer.body.accessToken as string };
}

interface LiveEvent {
  event: string;
  data: string;
  at: number;
}

/** Reads the stream as a browser's fetch would, collecting its events as they arrive. */
async function openLive(childId: string, token: string) {
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
    const first = await register();
    const second = await register();
    const child = await server.call('POST', '/api/children', { token: first.token, body: { displayName: 'Lumi', birthDate: '2026-09-01', sex: 'Female', timezone: 'UTC' } });
    const childId = child.body.id;
    const { body: invitation } = await server.call('POST', `/api/children/${childId}/invitations`, { token: first.token, body: { role: 'parent' } });
    await server.call('POST', `/api/invitations/${invitation.code}/accept`, { token: second.token });

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
    const parent = await register();
    const stranger = await register();
    const child = await server.call('POST', '/api/children', { token: parent.token, body: { birthDate: '2026-09-01', sex: 'Male', timezone: 'UTC' } });
    expect((await server.call('GET', `/api/children/${child.body.id}/live`, { token: stranger.token })).status).toBe(404);
    expect((await fetch(`${server.url}/api/children/${child.body.id}/live`)).status).toBe(401);
  });
});
