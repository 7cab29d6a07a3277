import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * What a phone downloads from the API: answers of 1 KB or more compressed as its Accept-Encoding
 * allows, smaller ones as they are. Read with node:http, which (unlike fetch) hands over the bytes
 * as they came.
 */

const NOW = Date.parse('2026-11-20T18:00:00Z');
let server: TestServer;
let token: string;
let childId: string;
beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(NOW) });
  const email = `compression-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await server.call('POST', '/api/auth/register', { body: { email, password: 'Sleepy baby 42', referralCode: 'TEST42' } });
  token = await server.server.adapters.tokens.issueAccessToken(registered.body.user.id);
  const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Robin', birthDate: '2026-09-01', sex: 'Female', timezone: 'UTC' } });
  childId = child.body.id;
  for (let hour = 0; hour < 12; hour++) {
    const startedAt = new Date(NOW - (hour + 1) * 3_600_000).toISOString();
    const feeding = await server.call('POST', '/api/feedings', { token, body: { childId, startedAt, method: 'Bottle', amountOz: 3.5, type: 'Formula', notes: `bottle ${hour}` } });
    expect(feeding.status).toBe(201);
  }
  await server.server.projector.waitFor(await server.server.adapters.eventStore.headPosition(), 2000);
});
afterAll(() => server.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function get(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
    const call = request(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

const insightsPath = () => `/api/children/${childId}/insights/daily`;

describe('compressed API answers', () => {
  it('sends a 1 KB or larger answer Brotli-compressed to a client that takes br, and the same JSON once decompressed', async () => {
    const plain = await get(insightsPath());
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('accept-encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.bytes.length);
    expect(plain.bytes.length).toBeGreaterThanOrEqual(1024);

    const brotli = await get(insightsPath(), 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toBe('accept-encoding');
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.bytes.length);
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
  });

  it('sends gzip to a client that takes gzip only, or refuses Brotli', async () => {
    const plain = await get(insightsPath());
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const gzip = await get(insightsPath(), acceptEncoding);
      expect(gzip.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(gunzipSync(gzip.bytes).toString()).toBe(plain.bytes.toString());
    }
  });

  it("sends a kept answer's compressed form again until a write changes the answer, then the new one", async () => {
    const decompressed = async (encoding: 'br' | 'gzip') => {
      const answer = await get(insightsPath(), encoding);
      expect(answer.headers['content-encoding']).toBe(encoding);
      return JSON.parse((encoding === 'br' ? brotliDecompressSync : gunzipSync)(answer.bytes).toString()) as { today: { feeding: { feedCount: number } } };
    };
    const before = JSON.parse((await get(insightsPath())).bytes.toString());
    for (const encoding of ['br', 'gzip', 'br', 'gzip'] as const) expect(await decompressed(encoding)).toEqual(before);

    const feeding = await server.call('POST', '/api/feedings', { token, body: { childId, startedAt: new Date(NOW - 30 * 60_000).toISOString(), method: 'Bottle', amountOz: 2 } });
    expect(feeding.status).toBe(201);
    await server.server.projector.waitFor(Number(feeding.headers.get('x-event-position')), 2000);
    for (const encoding of ['br', 'gzip'] as const) expect((await decompressed(encoding)).today.feeding.feedCount).toBe(before.today.feeding.feedCount + 1);
  });

  it('sends the answer as it is to a client that takes neither', async () => {
    for (const acceptEncoding of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const answer = await get(insightsPath(), acceptEncoding);
      expect(answer.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(JSON.parse(answer.bytes.toString()).days).toHaveLength(7);
    }
  });

  it('sends an answer under 1 KB as it is, whatever the client takes', async () => {
    const child = await get(`/api/children/${childId}`, 'br, gzip');
    expect(child.status).toBe(200);
    expect(child.bytes.length).toBeLessThan(1024);
    expect(child.headers['content-encoding']).toBeUndefined();
    expect(child.headers['vary']).toBeUndefined();
    expect(JSON.parse(child.bytes.toString()).displayName).toBe('Robin');

    const missing = await get(`/api/children/${randomUUID()}`, 'br, gzip');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('compresses an answer over 64 KB as a stream, losing nothing (the API description)', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.status).toBe(200);
    expect(plain.bytes.length).toBeGreaterThan(64 * 1024);
    for (const [encoding, decompress] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const compressed = await get('/api/openapi.json', encoding);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['content-length']).toBeUndefined();
      expect(decompress(compressed.bytes).equals(plain.bytes)).toBe(true);
    }
  });

  it('compresses a file of 1 KB or more that has no compressed copy (the API docs), and not a smaller one', async () => {
    const plain = await get('/api/docs/static/swagger-ui.css');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await get('/api/docs/static/swagger-ui.css', 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['etag']).toMatch(/^W\//);
    expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);

    const small = await get('/api/docs/static/index.css', 'br');
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a streamed export as it streams, losing nothing', async () => {
    const plain = await get(`/api/children/${childId}/export.csv`);
    expect(plain.status).toBe(200);
    const text = plain.bytes.toString();
    expect(text.split('\n').filter((line) => line.includes('bottle '))).toHaveLength(12);

    const brotli = await get(`/api/children/${childId}/export.csv`, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(brotli.bytes).toString()).toBe(text);

    const gzip = await get(`/api/children/${childId}/export.csv`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(text);
  });
});
