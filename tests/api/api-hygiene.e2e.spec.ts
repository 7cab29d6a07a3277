import { randomBytes } from 'node:crypto';
import net from 'node:net';
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
    // The reference page's files come from a static file plugin that sets a Cache-Control of its own.
    const style = await fetch(`${server.url}/api/docs/static/index.css`);
    expect([style.status, style.headers.get('cache-control')]).toEqual([200, 'no-store']);
  });
});

describe('a request body', () => {
  it('that is not JSON is refused at the door with 415, and nothing is written', async () => {
    const head = await server.server.adapters.eventStore.headPosition();
    const body = JSON.stringify({ displayName: 'Nova', birthDate: '2026-09-01', sex: 'Female', timezone: 'UTC' });
    for (const contentType of ['text/plain', 'text/plain; charset=utf-8', 'application/xml', 'application/x-www-form-urlencoded']) {
      const answer = await fetch(`${server.url}/api/children`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });
      expect(answer.status, contentType).toBe(415);
      expect(await answer.json()).toEqual({ message: 'Content-Type must be application/json', code: 'http.jsonOnly' });
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('may be absent on a route that takes none', async () => {
    const answer = await fetch(`${server.url}/api/invitations/ABCDEFGHJK/accept`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: 'Invitation not found', code: 'family.invitationNotFound' });
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

/** Sends bytes as they are on a connection of its own and reads what comes back until the server closes it. */
function rawExchange(url: string, request: string, { halfClose = false } = {}): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1', () => (halfClose ? socket.end(request) : socket.write(request)));
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      if (!statusLine) reject(new Error('no answer'));
      else resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('what the framework refuses before a route runs', () => {
  const refusal = async (answer: Response) => ({ status: answer.status, cache: answer.headers.get('cache-control'), body: await answer.json() });
  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body });

  it('a path parameter too long for the router: 414 in the API shape, the address not echoed', async () => {
    const code = 'A'.repeat(200);
    for (const [method, path] of [['GET', `/api/invitations/${code}`], ['POST', `/api/invitations/${code}/accept`], ['GET', `/api/children/${code}`]] as const) {
      const answer = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
      expect(await refusal(answer), path).toEqual({ status: 414, cache: 'no-store', body: { message: 'The address is too long', code: 'http.urlTooLong' } });
    }
  });

  it('a malformed %-escape in the path: 400', async () => {
    const answer = await fetch(`${server.url}/api/children/%E0%A4%A`, { headers: { authorization: `Bearer ${token}` } });
    expect(await refusal(answer)).toEqual({ status: 400, cache: 'no-store', body: { message: 'The address is not valid: it holds a malformed %-escape', code: 'http.badUrl' } });
  });

  it('a body that is not JSON, an empty one, or one with a prototype key: 400', async () => {
    const head = await server.server.adapters.eventStore.headPosition();
    for (const body of ['{"displayName":', 'Nova', '{"__proto__":{"admin":true},"birthDate":"2026-09-01","sex":"Female"}']) {
      expect(await refusal(await post('/api/children', body)), body).toEqual({ status: 400, cache: 'no-store', body: { message: 'The request body must be valid JSON', code: 'http.invalidJson' } });
    }
    expect(await refusal(await post('/api/children', ''))).toEqual({ status: 400, cache: 'no-store', body: { message: 'The request body is empty: send JSON, or no Content-Type', code: 'http.emptyJson' } });
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('a body over the limit: 413 saying the limit', async () => {
    const body = JSON.stringify({ displayName: 'x'.repeat(70 * 1024), birthDate: '2026-09-01', sex: 'Female' });
    expect(await refusal(await post('/api/children', body))).toEqual({ status: 413, cache: 'no-store', body: { message: 'The request body is too large: at most 64 KB', code: 'http.bodyTooLarge' } });
  });

  it('a body of another media type: 415', async () => {
    expect(await refusal(await post('/api/feedings', '<feeding/>', 'application/xml'))).toEqual({ status: 415, cache: 'no-store', body: { message: 'Content-Type must be application/json', code: 'http.jsonOnly' } });
  });

  it('no route, or no such method on a route: 404', async () => {
    const unknown = await fetch(`${server.url}/api/nothing-here?x=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(await refusal(unknown)).toEqual({ status: 404, cache: 'no-store', body: { message: 'No route for GET /api/nothing-here', code: 'http.noRoute' } });
    const method = await fetch(`${server.url}/api/children`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` } });
    expect(await refusal(method)).toEqual({ status: 404, cache: 'no-store', body: { message: 'No route for PATCH /api/children', code: 'http.noRoute' } });
  });

  it('what the HTTP parser cannot read: a bad or short Content-Length, huge headers, a broken request line, no Host, an odd Expect', async () => {
    const auth = `Authorization: Bearer ${token}\r\n`;
    const cases: Array<[string, string, { halfClose?: boolean }, number, string, string]> = [
      ['bad Content-Length', `POST /api/children HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ten\r\n\r\n{}`, {}, 400, 'The request could not be read', 'http.unreadable'],
      ['body shorter than its Content-Length', `POST /api/children HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{"sex":"Female"}`, { halfClose: true }, 400, 'The request could not be read', 'http.unreadable'],
      ['headers over 16 KB', `GET /api/children HTTP/1.1\r\nHost: x\r\n${auth}X-Padding: ${'a'.repeat(20_000)}\r\n\r\n`, {}, 431, 'The request headers are too large', 'http.headersTooLarge'],
      ['a broken request line', 'HELLO THERE\r\n\r\n', {}, 400, 'The request could not be read', 'http.unreadable'],
      ['no Host', `GET /api/children HTTP/1.1\r\n${auth}Connection: close\r\n\r\n`, {}, 400, 'The Host header is required', 'http.hostRequired'],
      ['Expect other than 100-continue', `POST /api/children HTTP/1.1\r\nHost: x\r\n${auth}Expect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`, {}, 417, 'Only Expect: 100-continue is understood', 'http.expectation'],
    ];
    for (const [label, request, options, status, message, code] of cases) {
      const answer = await rawExchange(server.url, request, options);
      expect({ status: answer.status, cache: answer.headers['cache-control'], type: answer.headers['content-type'], body: JSON.parse(answer.body) }, label).toEqual({
        status,
        cache: 'no-store',
        type: 'application/json; charset=utf-8',
        body: { message, code },
      });
    }
  });

  it('a request arriving while the server closes: 503 in the API shape', async () => {
    const closing = await startTestServer();
    const socket = net.connect(Number(new URL(closing.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    // A request in progress keeps the connection open while the server closes; the next one on it arrives after.
    socket.write('POST /api/children HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = closing.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write('{}GET /api/children HTTP/1.1\r\nHost: x\r\n\r\n');
    await ended;
    await closed;
    const second = text.slice(text.lastIndexOf('HTTP/1.1 '));
    expect(second.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(second).toContain('\r\ncache-control: no-store\r\n');
    expect(second).toContain('\r\nretry-after: 1\r\n');
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({ message: 'The server is restarting, please try again in a moment', code: 'http.restarting' });
  });
});
