import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueAlert } from '@nightlight/domain/milestones/milestone-schedule';
import { startTestServer, type TestServer } from '../api/support/test-server';

/**
 * Hostile and broken input on every route of docs/api.md: malformed JSON, wrong types, huge and odd
 * strings, operator and prototype payloads, path traversal in ids, odd query strings, wrong content
 * types. The server must answer every one with a 4xx carrying a JSON `message` (or a 2xx when the
 * input happens to be acceptable), never a 5xx, and a refused request must write nothing.
 */
const FUZZ_WITH_TOKEN = 9_000;
const FUZZ_WITHOUT_TOKEN = 3_000;
const BATCH = 48;
const BODY_LIMIT = 64 * 1024;

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** An acceptable request is possible (every field may have been drawn valid); otherwise it must be refused. */
  mayWrite: boolean;
}

interface Fixtures {
  parent: string;
  stranger: string;
  ownChild: string;
  ownFeeding: string;
  ownSleep: string;
  otherChild: string;
  otherFeeding: string;
  otherSleep: string;
  otherAlert: string;
}

const DAY = 24 * 60 * 60_000;

/** A birth date, counted back from today, on which a milestone alert window is open (so an alert exists to attack). */
function birthDateWithAnOpenAlertWindow(): string {
  const today = new Date().toISOString().slice(0, 10);
  for (let daysOld = 20; daysOld < 60; daysOld++) {
    const birthDate = new Date(Date.now() - daysOld * DAY).toISOString().slice(0, 10);
    if (dueAlert(birthDate, today)) return birthDate;
  }
  throw new Error(`no birth date in the first two months has an alert due on ${today}`);
}
const BIRTH_DATE = birthDateWithAnOpenAlertWindow();

let server: TestServer;
let fx: Fixtures;

beforeAll(async () => {
  // A short read-your-writes wait: hostile X-Min-Position values must not hold the run up for 2 s each.
  server = await startTestServer({ READ_YOUR_WRITES_TIMEOUT_MS: '100', RATE_LIMIT_PER_IP: '200' });
  const tokens = server.server.adapters.tokens;
  const parent = await tokens.issueAccessToken(uuidv7());
  const stranger = await tokens.issueAccessToken(uuidv7());
  const make = async (token: string) => {
    const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Target', birthDate: BIRTH_DATE, sex: 'Female', timezone: 'UTC' } });
    const startedAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const feeding = await server.call('POST', '/api/feedings', { token, body: { childId: child.body.id, startedAt, method: 'Bottle', amountOz: 4, type: 'Formula' } });
    const sleep = await server.call('POST', '/api/sleep', { token, body: { childId: child.body.id, startedAt, endedAt: new Date(Date.now() - 3_600_000).toISOString() } });
    expect([child.status, feeding.status, sleep.status]).toEqual([201, 201, 201]);
    return { child: child.body.id as string, feeding: feeding.body.id as string, sleep: sleep.body.id as string };
  };
  const own = await make(parent);
  const other = await make(stranger);
  await server.server.adapters.jobs.drained();
  const alert = await server.call('GET', `/api/milestone-alerts/${other.child}`, { token: stranger });
  // The registration scan raised the alert due today: the other parent's alert exists to be attacked.
  expect(alert.status).toBe(200);
  fx = {
    parent,
    stranger,
    ownChild: own.child,
    ownFeeding: own.feeding,
    ownSleep: own.sleep,
    otherChild: other.child,
    otherFeeding: other.feeding,
    otherSleep: other.sleep,
    otherAlert: alert.body.id,
  };
});
afterAll(() => server?.close());

// ---- the generator -------------------------------------------------------------------------

const HOSTILE_ID_SEGMENTS = [
  '..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2f', '....//....//', '%00', '%ZZ', '%', 'null', 'undefined', '0', '-1', '1e309', 'NaN',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E', "'%20OR%201%3D1--", '%7B%22%24ne%22%3Anull%7D', '%5Bobject%20Object%5D', '__proto__', 'constructor',
  '%F0%9F%91%B6', '%E2%80%AE', '%C3%BF', '%EF%BF%BF', 'a'.repeat(99), 'a'.repeat(500), '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-7FFF-BFFF-FFFFFFFFFFFF',
];

const isoLike = fc.constantFrom(
  '2026-02-30T10:00:00Z', '2026-13-01T00:00:00Z', '2026-01-01T25:61:00Z', '9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z', '2026-01-01T00:00:00+99:99', '2026-01-01', '2026-01-01T', 'T10:00', 'NaN', 'Infinity', '1e400', '',
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 4 }),
  fc.constantFrom({ $gt: '' }, { $ne: null }, { $where: 'sleep(1000)' }, { $regex: '.*' }, { __proto__: { admin: true } }, { constructor: { prototype: { admin: true } } }),
  isoLike,
  fc.constantFrom('x'.repeat(1001), 'y'.repeat(20_000), '\u0000', '\uD800', '\u202Eevil', '👶'.repeat(300), '<img src=x onerror=alert(1)>', '${jndi:ldap://evil}'),
);

/** The fields each write route reads, with values that are sometimes the right kind. */
function fieldsFor(path: string, fx: Fixtures): Record<string, fc.Arbitrary<unknown>> {
  const maybe = (valid: fc.Arbitrary<unknown>) => fc.oneof(valid, hostileValue);
  const recent = fc.integer({ min: 10, max: 60 * 24 * 30 }).map((minutes) => new Date(Date.now() - minutes * 60_000).toISOString());
  const child = maybe(fc.constantFrom(fx.ownChild, fx.otherChild, uuidv7()));
  if (path.startsWith('/api/feedings')) {
    return { childId: child, startedAt: maybe(recent), endedAt: maybe(recent), amountOz: maybe(fc.constantFrom(0, 2.5, 4, 20, 20.25, -1, 2.3)), method: maybe(fc.constantFrom('Bottle', 'Nursing', 'bottle')), type: maybe(fc.constantFrom('Formula', 'Breast Milk', 'Water')), notes: maybe(fc.string({ maxLength: 1200 })) };
  }
  if (path.startsWith('/api/sleep')) {
    return { childId: child, startedAt: maybe(recent), endedAt: maybe(recent), environment: maybe(fc.record({ roomTemp: hostileValue, whiteNoise: hostileValue, sleepSackTag: hostileValue })), notes: maybe(fc.string({ maxLength: 1200 })) };
  }
  if (path.includes('children')) {
    return {
      displayName: maybe(fc.string({ maxLength: 60 })), birthDate: maybe(fc.constantFrom('2026-09-01', '2999-01-01', '1990-01-01', '2026-02-30')), sex: maybe(fc.constantFrom('Female', 'Male', 'Other', 'Unknown', 'X')),
      timezone: maybe(fc.constantFrom('UTC', 'Europe/Berlin', 'Mars/Olympus', '../../etc/localtime')), nightWindowStart: maybe(fc.constantFrom('19:00', '25:00', '7pm')), nightWindowEnd: maybe(fc.constantFrom('08:00', '-1:00')),
      confirmText: maybe(fc.constantFrom('delete', 'DELETE ', 'NO')),
    };
  }
  if (path.startsWith('/api/auth')) {
    return { email: maybe(fc.constantFrom('a@b.c', 'not-an-email', 'x@y', '@')), password: hostileValue, referralCode: maybe(fc.constantFrom('ZZZZZZ', 'A', '')), refreshToken: hostileValue };
  }
  return {
    onboardingCompleted: maybe(fc.boolean()), newEmail: maybe(fc.constantFrom('new@example.com', 'bad')), currentPassword: hostileValue, newPassword: hostileValue, confirmPassword: hostileValue,
    password: hostileValue, confirmText: maybe(fc.constantFrom('DELETE', 'delete')),
  };
}

const malformedJson = fc.oneof(
  fc.constantFrom('{', '{"a":', 'nul', '[1,2', '{"childId": undefined}', "{'a':1}", '{"a":1}}', '\u0000', 'NaN', '{"__proto__":{"polluted":1}}', '{"a":"\\ud800"}', ']'),
  fc.string({ maxLength: 100 }),
);

const nested = fc.integer({ min: 100, max: 10_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
const oversized = fc.constantFrom(BODY_LIMIT - 200, BODY_LIMIT + 10, 3 * BODY_LIMIT).map((size) => JSON.stringify({ notes: 'x'.repeat(size) }));

function bodyFor(path: string, fx: Fixtures): fc.Arbitrary<{ body: string; contentType: string; structured: boolean }> {
  const json = (body: fc.Arbitrary<string>, structured = false) => body.map((text) => ({ body: text, contentType: 'application/json', structured }));
  return fc.oneof(
    { weight: 5, arbitrary: json(fc.record(fieldsFor(path, fx), { requiredKeys: [] }).chain((record) => fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 }).map((extra) => JSON.stringify({ ...extra, ...record }))), true) },
    { weight: 2, arbitrary: json(fc.jsonValue().map((value) => JSON.stringify(value))) },
    { weight: 2, arbitrary: json(malformedJson) },
    { weight: 1, arbitrary: json(nested) },
    { weight: 1, arbitrary: json(oversized) },
    { weight: 1, arbitrary: fc.record({ body: fc.string({ maxLength: 200 }), contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-7'), structured: fc.constant(false) }) },
  );
}

function queryFor(): fc.Arbitrary<string> {
  const key = fc.constantFrom('childId', 'date', 'startDate', 'endDate', 'limit', 'days', 'tz', 'from', 'to', 'childId[]', 'days[$gt]', '__proto__[x]', 'constructor');
  const value = fc.oneof(
    fc.constantFrom('1', '0', '-1', '367', '1e9', 'abc', '2026-02-30', '2026-11-01', 'UTC', 'Mars/Olympus', '..%2F..%2F', '%00', '%ZZ', 'a'.repeat(3000)),
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
  );
  return fc.array(fc.tuple(key, value), { maxLength: 5 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
}

function requestArbitrary(fx: Fixtures, token: string | undefined): fc.Arbitrary<FuzzRequest> {
  const id = fc.oneof(
    fc.constantFrom(...HOSTILE_ID_SEGMENTS),
    fc.constantFrom(fx.ownChild, fx.ownFeeding, fx.ownSleep, fx.otherChild, fx.otherFeeding, fx.otherSleep),
    fc.uuid(),
    fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
  );
  // Deleting with the parent's own ids would be a valid write; those are left to the API tests.
  const foreignId = id.filter((value) => ![fx.ownChild, fx.ownFeeding, fx.ownSleep].includes(value));
  const reads: [string, fc.Arbitrary<string>][] = [
    ['/api/me', fc.constant('')], ['/api/settings/user', fc.constant('')], ['/api/children', fc.constant('')], ['/api/settings/children', fc.constant('')],
    ['/api/children/:id', id], ['/api/settings/children/:id', id], ['/api/feedings', fc.constant('')], ['/api/feedings/:id', id], ['/api/sleep', fc.constant('')], ['/api/sleep/:id', id],
    ['/api/children/:id/insights/summary', id], ['/api/children/:id/insights/daily', id], ['/api/children/:id/insights/weekly', id], ['/api/children/:id/insights/correlations', id],
    ['/api/milestone-alerts/:id', id], ['/api/research/events', fc.constant('')], ['/healthz', fc.constant('')], ['/readyz', fc.constant('')], ['/api/no-such-route/:id', id],
  ];
  const writes: [string, string, fc.Arbitrary<string>][] = [
    ['POST', '/api/auth/register', fc.constant('')], ['POST', '/api/auth/login', fc.constant('')], ['POST', '/api/auth/refresh', fc.constant('')],
    ['PATCH', '/api/me', fc.constant('')], ['PUT', '/api/settings/user/email', fc.constant('')], ['PUT', '/api/settings/user/password', fc.constant('')], ['DELETE', '/api/settings/user/account', fc.constant('')],
    ['POST', '/api/children', fc.constant('')], ['PUT', '/api/settings/children/:id', id], ['DELETE', '/api/settings/children/:id', foreignId],
    ['POST', '/api/feedings', fc.constant('')], ['PUT', '/api/feedings/:id', id], ['DELETE', '/api/feedings/:id', foreignId],
    ['POST', '/api/sleep', fc.constant('')], ['PUT', '/api/sleep/:id', id], ['DELETE', '/api/sleep/:id', foreignId],
    ['POST', '/api/milestone-alerts/:id/shown', id], ['POST', '/api/milestone-alerts/:id/dismiss', id], ['POST', '/api/milestone-alerts/:id/remind-later', id],
    ['PATCH', '/api/children', fc.constant('')], ['POST', '/api/feedings/:id', id],
  ];
  const headers: fc.Arbitrary<Record<string, string>> = fc.record(
    {
      'x-min-position': fc.constantFrom('abc', '-1', '1e3', '99999999999999999999', '9007199254740993', '3', ''),
      'idempotency-key': fc.oneof(fc.uuid(), fc.string({ maxLength: 300 }).map((text) => encodeURIComponent(text).slice(0, 300))),
      'x-correlation-id': fc.string({ maxLength: 500 }).map((text) => encodeURIComponent(text).slice(0, 500)),
    },
    { requiredKeys: [] },
  );
  const auth: fc.Arbitrary<Record<string, string>> = token ? fc.constant({ authorization: `Bearer ${token}` }) : fc.constantFrom<Record<string, string>>({}, { authorization: 'Bearer ' }, { authorization: 'Bearer null' }, { authorization: 'Basic YWRtaW46YWRtaW4=' }, { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });

  const read = fc.tuple(fc.constantFrom(...reads), queryFor(), headers, auth).chain(([[template, idArb], query, extra, authHeader]) =>
    idArb.map((value): FuzzRequest => ({ method: 'GET', path: template.replace(':id', value) + query, headers: { ...extra, ...authHeader }, mayWrite: false })),
  );
  const write = fc.tuple(fc.constantFrom(...writes), headers, auth).chain(([[method, template, idArb], extra, authHeader]) =>
    fc.tuple(idArb, bodyFor(template, fx)).map(([value, body]): FuzzRequest => ({
      method,
      path: template.replace(':id', value),
      headers: { ...extra, ...authHeader, 'content-type': body.contentType },
      body: body.body,
      // Only a well-formed body on a real route with a token can be acceptable.
      mayWrite: body.structured && token !== undefined,
    })),
  );
  return fc.oneof({ weight: 2, arbitrary: read }, { weight: 3, arbitrary: write });
}

// ---- running it ----------------------------------------------------------------------------

interface Answer {
  request: FuzzRequest;
  status: number;
  contentType: string;
  text: string;
}

async function send(request: FuzzRequest): Promise<Answer> {
  const response = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
  return { request, status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

function problemsOf(answer: Answer): string | null {
  const where = `${answer.request.method} ${answer.request.path.slice(0, 120)} → ${answer.status}`;
  if (answer.status >= 500) return `${where}: a 5xx (${answer.text.slice(0, 200)})`;
  if (answer.status >= 400) {
    if (!answer.contentType.includes('application/json')) return `${where}: not JSON (${answer.contentType})`;
    try {
      const body = JSON.parse(answer.text) as { message?: unknown };
      if (typeof body.message !== 'string' || body.message === '') return `${where}: no message (${answer.text.slice(0, 200)})`;
      if (/\bat .+\.(ts|js):\d+/.test(answer.text)) return `${where}: a stack trace leaked`;
    } catch {
      return `${where}: unparseable body (${answer.text.slice(0, 200)})`;
    }
  }
  return null;
}

/** Runs the requests in concurrent batches; a batch in which every write was refused must leave the log's head where it was. */
async function fuzz(requests: FuzzRequest[]): Promise<{ problems: string[]; checkedBatches: number; statuses: Map<number, number> }> {
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let checkedBatches = 0;
  const refusable = requests.filter((request) => !request.mayWrite);
  const acceptable = requests.filter((request) => request.mayWrite);
  for (const [group, mustRefuseWrites] of [[refusable, true], [acceptable, false]] as const) {
    for (let start = 0; start < group.length; start += BATCH) {
      const batch = group.slice(start, start + BATCH);
      const head = await server.server.adapters.eventStore.headPosition();
      const answers = await Promise.all(batch.map(send));
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = problemsOf(answer);
        if (problem) problems.push(problem);
        if (mustRefuseWrites && answer.request.method !== 'GET' && answer.status < 400) problems.push(`${answer.request.method} ${answer.request.path.slice(0, 120)}: accepted (${answer.status}) a request that cannot be valid: ${answer.request.body?.slice(0, 200)}`);
      }
      // A batch that may hold acceptable writes is still checkable when every write in it was refused.
      const allWritesRefused = answers.every((answer) => answer.request.method === 'GET' || answer.status >= 400);
      if (mustRefuseWrites || allWritesRefused) {
        checkedBatches += 1;
        const after = await server.server.adapters.eventStore.headPosition();
        if (after !== head) problems.push(`a batch of refused requests moved the event log from ${head} to ${after}: ${batch.map((r) => `${r.method} ${r.path.slice(0, 60)}`).join(', ').slice(0, 500)}`);
      }
    }
  }
  return { problems, checkedBatches, statuses };
}

describe('hostile input', () => {
  it(`${FUZZ_WITH_TOKEN} generated requests with a parent token: no 5xx, JSON messages, refused requests write nothing`, async () => {
    const requests = fc.sample(requestArbitrary(fx, fx.parent), { numRuns: FUZZ_WITH_TOKEN, seed: 20_261_122 });
    const { problems, checkedBatches, statuses } = await fuzz(requests);
    console.log(`hostile-input (token): ${requests.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${checkedBatches} batches head-checked`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(checkedBatches).toBeGreaterThan(50);
    // The parent's own data survived the storm, and the other family's is untouched.
    expect((await server.call('GET', `/api/feedings/${fx.otherFeeding}`, { token: fx.stranger })).status).toBe(200);
    expect((await server.call('GET', `/api/children/${fx.ownChild}`, { token: fx.parent })).status).toBe(200);
  }, 120_000);

  it(`${FUZZ_WITHOUT_TOKEN} generated requests without a valid token: no 5xx, JSON messages, nothing written`, async () => {
    const requests = fc.sample(requestArbitrary(fx, undefined), { numRuns: FUZZ_WITHOUT_TOKEN, seed: 11_22 });
    const { problems, statuses } = await fuzz(requests);
    console.log(`hostile-input (no token): ${requests.length} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(problems.slice(0, 20)).toEqual([]);
    const protectedAnswers = statuses.get(401) ?? 0;
    expect(protectedAnswers).toBeGreaterThan(requests.length / 2);
  }, 60_000);

  it("answers 404 on every child-scoped route for another parent's child, and changes nothing", async () => {
    const head = await server.server.adapters.eventStore.headPosition();
    const recent = new Date(Date.now() - 10 * 60_000).toISOString();
    const childBody = { displayName: 'X', birthDate: BIRTH_DATE, sex: 'Male', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'UTC' };
    const CHILD = { message: 'Child not found', code: 'child.notFound' };
    const FEEDING = { message: 'Feeding not found', code: 'feeding.notFound' };
    const SLEEP = { message: 'Sleep session not found', code: 'sleep.notFound' };
    const ALERT = { message: 'Alert not found', code: 'milestone.alertNotFound' };
    // The same answer as for an id that does not exist: nothing says the child or entry is there.
    const attempts: [string, string, { message: string; code: string }, unknown?][] = [
      ['GET', `/api/children/${fx.otherChild}`, CHILD],
      ['GET', `/api/settings/children/${fx.otherChild}`, CHILD],
      ['PUT', `/api/settings/children/${fx.otherChild}`, CHILD, childBody],
      ['DELETE', `/api/settings/children/${fx.otherChild}`, CHILD, { confirmText: 'DELETE' }],
      ['GET', `/api/feedings?childId=${fx.otherChild}`, CHILD],
      ['GET', `/api/feedings?childId=${fx.otherChild}&date=2026-11-01`, CHILD],
      ['GET', `/api/sleep?childId=${fx.otherChild}`, CHILD],
      ['POST', '/api/feedings', CHILD, { childId: fx.otherChild, startedAt: recent, method: 'Nursing' }],
      ['POST', '/api/sleep', CHILD, { childId: fx.otherChild, startedAt: recent, endedAt: new Date().toISOString() }],
      ['GET', `/api/feedings/${fx.otherFeeding}`, FEEDING],
      ['PUT', `/api/feedings/${fx.otherFeeding}`, CHILD, { childId: fx.otherChild, startedAt: recent, method: 'Nursing' }],
      ['PUT', `/api/feedings/${fx.otherFeeding}`, FEEDING, { childId: fx.ownChild, startedAt: recent, method: 'Nursing' }],
      ['DELETE', `/api/feedings/${fx.otherFeeding}`, FEEDING],
      ['GET', `/api/sleep/${fx.otherSleep}`, SLEEP],
      ['PUT', `/api/sleep/${fx.otherSleep}`, CHILD, { childId: fx.otherChild, startedAt: recent, endedAt: new Date().toISOString() }],
      ['DELETE', `/api/sleep/${fx.otherSleep}`, SLEEP],
      ['GET', `/api/children/${fx.otherChild}/insights/summary?from=2026-11-01&to=2026-11-07`, CHILD],
      ['GET', `/api/children/${fx.otherChild}/insights/daily`, CHILD],
      ['GET', `/api/children/${fx.otherChild}/insights/weekly`, CHILD],
      ['GET', `/api/children/${fx.otherChild}/insights/correlations`, CHILD],
      ['GET', `/api/milestone-alerts/${fx.otherChild}`, CHILD],
      ...['shown', 'dismiss', 'remind-later'].map((action): [string, string, typeof ALERT] => ['POST', `/api/milestone-alerts/${fx.otherAlert}/${action}`, ALERT]),
    ];
    for (const [method, path, refusal, body] of attempts) {
      const answer = await server.call(method, path, { token: fx.parent, body });
      expect({ status: answer.status, body: answer.body }, `${method} ${path}`).toEqual({ status: 404, body: refusal });
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
    const theirs = await server.call('GET', `/api/feedings/${fx.otherFeeding}`, { token: fx.stranger });
    expect(theirs.body).toMatchObject({ id: fx.otherFeeding, childId: fx.otherChild, amountOz: 4 });
    // Their alert is untouched: still new, neither shown, dismissed nor snoozed by the attempts.
    const alert = await server.call('GET', `/api/milestone-alerts/${fx.otherChild}`, { token: fx.stranger });
    expect(alert.body).toMatchObject({ id: fx.otherAlert, isNew: true });
  });

  it('sends the security headers, keeps CORS closed, and refuses a body over 64 KiB with 413', async () => {
    // API answers: JSON that nothing may load, frame or sniff, read from this origin only.
    for (const answer of [await server.call('GET', '/api/children', { token: fx.parent }), await server.call('GET', '/api/children'), await server.call('GET', '/api/nothing-here')]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
    // Pages (the app, the API's reference page) get the whole set for documents.
    for (const answer of [await fetch(`${server.url}/`), await fetch(`${server.url}/api/docs`)]) {
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }

    const origin = 'https://evil.example';
    const preflight = await fetch(`${server.url}/api/feedings`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    expect(preflight.ok).toBe(false);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const simple = await server.call('GET', '/api/children', { token: fx.parent, headers: { origin } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();

    const head = await server.server.adapters.eventStore.headPosition();
    const tooBig = await server.call('POST', '/api/feedings', { token: fx.parent, body: { childId: fx.ownChild, startedAt: new Date().toISOString(), method: 'Nursing', notes: 'x'.repeat(BODY_LIMIT) } });
    expect(tooBig.status).toBe(413);
    expect(typeof tooBig.body.message).toBe('string');
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });
});
