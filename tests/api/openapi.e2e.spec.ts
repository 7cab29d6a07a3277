import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '@nightlight/domain/exports/account-export.schemas';
import { ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import { feedingKind } from '@nightlight/domain/feedings/feeding.kind';
import { errorAnswerSchema } from '@nightlight/domain/shared/answers.schemas';
import { mediaAnswer, routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import { answerProblem } from './support/answer-check';
import { REPO_ROOT } from './support/service-process';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The API description (GET /api/openapi.json) against what the server does: every route of
 * docs/api.md and every route the server registers is in it with its answers, it holds together as
 * OpenAPI 3.1, and an edge that forwards its writes serves the same document. That every answer
 * matches it is checked by the test server itself, over every API and browser suite.
 */

type Operation = { summary?: string; tags?: string[]; security?: Record<string, string[]>[]; parameters?: { in: string; name: string; required?: boolean }[]; responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }> };
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme?: string }> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const registered: { method: string; url: string; schema: FastifySchema | undefined }[] = [];
let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer({}, { instrument: (app) => app.addHook('onRoute', ({ method, url, schema }) => void [method].flat().forEach((one) => registered.push({ method: one, url, schema }))) });
  const answer = await server.call('GET', '/api/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(() => server.close());

/** `| GET, PUT, DELETE | /api/feedings/{id} |` rows of docs/api.md's tables, with the query left out. */
function documentedRoutes(): { method: string; path: string }[] {
  const markdown = readFileSync(path.join(REPO_ROOT, 'docs/api.md'), 'utf8');
  const routes: { method: string; path: string }[] = [];
  for (const [, methods, route] of markdown.matchAll(/^\| *((?:GET|POST|PUT|PATCH|DELETE)(?:, *(?:GET|POST|PUT|PATCH|DELETE))*) *\| *(\/[^ |]*) *\|/gm)) {
    for (const method of methods!.split(',')) routes.push({ method: method.trim().toLowerCase(), path: route!.split('?')[0]! });
  }
  return routes;
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
/**
 * The API is /api. The reference page's routes are its library's (hidden, with its script, styles
 * and a copy of the document): the page itself is described by hand, checked with the media types.
 */
const isApiRoute = (url: string) => url.startsWith('/api/') && url !== '/api/docs' && !url.startsWith('/api/docs/');
/** A path parameter's name is only a label: /api/milestone-alerts/{childId} is the route /api/milestone-alerts/{id}. */
const template = (route: string) => route.replace(/\{\w+\}/g, '{}');
const operationAt = (route: string, method: string) => Object.entries(document.paths).find(([candidate]) => template(candidate) === template(route))?.[1][method];
const operations = () => Object.entries(document.paths).flatMap(([route, item]) => Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, operation]) => ({ route, method, operation })));

describe('the API description', () => {
  it('is OpenAPI 3.1 for the Nightlight API, on relative servers, with bearer tokens as its security scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Nightlight API' });
    expect(document.info.version).toBeTruthy();
    expect(document.servers.length).toBeGreaterThan(0);
    for (const { url } of document.servers) expect(url.startsWith('/')).toBe(true);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every route of docs/api.md with its method', () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter(({ method, path: route }) => !operationAt(route, method)).map(({ method, path: route }) => `${method.toUpperCase()} ${route}`);
    expect(missing).toEqual([]);
  });

  it('lists every route the server registers, each with a declared answer', () => {
    const api = registered.filter(({ method, url }) => method !== 'HEAD' && isApiRoute(url));
    expect(api.length).toBeGreaterThan(60);
    const missing = api.filter(({ method, url }) => !document.paths[openApiPath(url)]?.[method.toLowerCase()]).map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
    const undeclared = api
      .filter(({ schema }) => !Object.keys((schema?.response ?? {}) as object).some((status) => status.startsWith('2')))
      .map(({ method, url }) => `${method} ${url}`);
    expect(undeclared).toEqual([]);
    for (const { method, url } of api) {
      const { responses = {} } = document.paths[openApiPath(url)]![method.toLowerCase()]!;
      const success = Object.entries(responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, `${method} ${url}`).toBeGreaterThan(0);
      for (const [, answer] of success) expect(Object.values(answer.content ?? {}).every((media) => media.schema !== undefined), `${method} ${url}`).toBe(true);
    }
  });

  it('holds together: every operation has a summary, tags and described answers, every path parameter is declared, every $ref and security scheme resolves', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(60);
    for (const { route, method, operation } of all) {
      const where = `${method.toUpperCase()} ${route}`;
      expect(operation.summary, where).toBeTruthy();
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      for (const tag of operation.tags!) expect(document.tags.map(({ name }) => name), `${where} ${tag}`).toContain(tag);
      expect(Object.keys(operation.responses ?? {}).length, where).toBeGreaterThan(0);
      for (const [status, answer] of Object.entries(operation.responses!)) {
        expect(status, where).toMatch(/^(?:[1-5](?:\d\d|XX)|default)$/);
        expect(answer.description, `${where} ${status}`).toBeTruthy();
      }
      const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      for (const [, name] of route.matchAll(/\{(\w+)\}/g)) expect(pathParameters.find((parameter) => parameter.name === name)?.required, `${where} {${name}}`).toBe(true);
      expect(pathParameters.length, where).toBe([...route.matchAll(/\{(\w+)\}/g)].length);
      for (const requirement of operation.security ?? []) for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes[scheme], `${where} ${scheme}`).toBeDefined();
    }
    const unresolved: string[] = [];
    const resolve = (pointer: string) => pointer.slice(2).split('/').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], document);
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string' && (!value.startsWith('#/') || resolve(value) === undefined)) unresolved.push(value);
          else walk(value);
        }
      }
    };
    walk(document);
    expect(unresolved).toEqual([]);
  });

  it('says which routes need no token, and which take a researcher credential', () => {
    const security = (route: string, method: string) => document.paths[route]![method]!.security;
    expect(security('/api/auth/login', 'post')).toEqual([]);
    expect(security('/api/auth/register', 'post')).toEqual([]);
    expect(security('/api/openapi.json', 'get')).toEqual([]);
    expect(security('/api/feedings', 'post')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/research/events', 'get')).toEqual([{ researcherAuth: [] }]);
    for (const table of ['entries', 'children']) for (const format of ['csv', 'parquet']) expect(security(`/api/research/${table}.${format}`, 'get')).toEqual([{ researcherAuth: [] }]);
  });

  it('describes each research line by its kind: the codebook as JSON Schema', () => {
    const lines = document.paths['/api/research/events']!.get!.responses!['200']!.content!['application/x-ndjson']!.schema;
    expect(lines).toEqual({ $ref: '#/components/schemas/ResearchLine' });
    const union = document.components.schemas.ResearchLine as { oneOf: { $ref: string }[]; discriminator?: unknown };
    const kinds = union.oneOf.map(({ $ref }) => (document.components.schemas[$ref.split('/').at(-1)!] as { properties: { kind: { const: string } } }).properties.kind.const);
    expect(kinds).toEqual(expect.arrayContaining(['child-registered', 'child-anonymized', 'feeding-logged', 'feeding-corrected', 'feeding-deleted', 'feeding-restored', 'growth-logged', 'stream-restated', 'child-withdrawn', 'end']));
    // Logged, corrected, restored and withdrawn lines of every kind of entry and of measurements, and five others.
    expect(kinds).toHaveLength((ENTRY_KIND_NAMES.length + 1) * 4 + 5);
    const feeding = document.components.schemas.FeedingLoggedLine as { properties: Record<string, { description?: string }>; required: string[] };
    expect(feeding.properties.schemaVersion).toMatchObject({ const: 2 });
    expect(feeding.properties.amountOz!.description).toContain('quarter ounce');
    expect(feeding.properties.minute!.description).toContain('exact elapsed minutes');
    expect(feeding.required).toEqual(expect.arrayContaining(['schemaVersion', 'stream', 'seq', 'kind', 'entry', 'shiftedAt', 'minute', 'leftMinutes', 'weightKg']));
  });

  it("declares the answers that are not JSON with their media types, and a write's body as its route parses it", () => {
    const media = (route: string) => Object.keys(document.paths[route]!.get!.responses!['200']!.content!);
    expect(media('/api/children/{id}/export.csv')).toEqual(['text/csv']);
    expect(media('/api/children/{id}/live')).toEqual(['text/event-stream']);
    expect(media('/api/research/events')).toEqual(['application/x-ndjson']);
    expect(media('/api/research/entries.csv')).toEqual(['text/csv']);
    expect(media('/api/research/children.parquet')).toEqual(['application/vnd.apache.parquet']);
    expect(media('/api/docs')).toEqual(['text/html']);
    const body = (document.paths['/api/feedings']!.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> } }).requestBody.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['childId', 'startedAt', 'amountOz', 'amountMl', 'method', 'sides', 'notes']));
    expect(body.required).toEqual(expect.arrayContaining(['childId', 'startedAt', 'method']));
    expect(document.paths['/api/feedings']!.post!.responses!['201']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/WrittenFeeding' });
    expect(document.paths['/api/timers']!.post!.responses!['409']!.content!['application/json']!.schema).toMatchObject({ anyOf: [{ $ref: '#/components/schemas/RunningTimerConflict' }, { $ref: '#/components/schemas/Error' }] });
  });

  it('is served the same by an edge that forwards its writes to command-api (the full stack)', async () => {
    const forwarding = await startTestServer({ COMMAND_API_URL: 'http://127.0.0.1:9' });
    try {
      const answer = await forwarding.call('GET', '/api/openapi.json');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(document);
    } finally {
      await forwarding.close();
    }
  });
});

describe('the reference page', () => {
  it('is served from the library\'s own files, with no inline script and nothing from another origin', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      expect(src.startsWith('/api/docs/')).toBe(true);
      const script = await fetch(`${server.url}${src}`);
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-type'), src).toMatch(/javascript/);
    }
    for (const [, link] of html.matchAll(/(?:href|src)="([^"]+)"/g)) expect(link!.startsWith('/api/docs/'), link).toBe(true);
  });
});

describe('the check of every answer against its route', () => {
  const schema = routeSchema({ summary: 'A feeding', tags: ['Feedings'], answers: { 200: feedingKind.schemas.answer, 201: mediaAnswer('text/csv', 'CSV') }, errors: [404] });
  const feeding = {
    id: randomUUID(),
    childId: randomUUID(),
    notes: '',
    loggedBy: { memberId: randomUUID(), displayName: 'Parent' },
    entry: { id: 'x', datetime: '2026-03-01T08:30', type: 'Feeding', icon: '🍼', amount: '4 oz', duration: '15m', notes: '', status: 'completed', loggedBy: { memberId: 'm', displayName: 'Parent' } },
    startedAt: '2026-03-01T13:30:00.000Z',
    endedAt: '2026-03-01T13:45:00.000Z',
    amountOz: 4,
    amountMl: 118.3,
    enteredAmount: { value: 4, unit: 'oz' },
    method: 'Bottle',
    type: 'Formula',
    sides: null,
  };
  const check = (status: number, contentType: string, body: unknown) => answerProblem(schema, status, contentType, typeof body === 'string' ? body : JSON.stringify(body));

  it('passes an answer that matches, and an error as Error', () => {
    expect(check(200, 'application/json; charset=utf-8', feeding)).toBeNull();
    expect(check(404, 'application/json', { message: 'Feeding not found', code: 'feeding.notFound' })).toBeNull();
    expect(check(401, 'application/json', { message: 'Authentication required', code: 'auth.required' })).toBeNull();
    expect(errorAnswerSchema.safeParse({ message: 'x', code: 'y', issues: [{ path: 'a', message: 'b', code: 'y' }] }).success).toBe(true);
    // Every refusal carries its code, and so does each of its issues.
    expect(errorAnswerSchema.safeParse({ message: 'x', issues: [{ path: 'a', message: 'b', code: 'y' }] }).success).toBe(false);
  });

  it('fails a missing field, an extra one, a wrong type, a status or media type not declared', () => {
    const { entry: _entry, ...withoutEntry } = feeding;
    expect(check(200, 'application/json', withoutEntry)).toMatch(/^entry: /);
    expect(check(200, 'application/json', { ...feeding, ownerId: 'someone' })).toMatch(/ownerId/);
    expect(check(200, 'application/json', { ...feeding, amountOz: '4' })).toMatch(/^amountOz: /);
    expect(check(404, 'application/json', { message: 'Feeding not found', stack: 'at …' })).toMatch(/stack/);
    expect(answerProblem(routeSchema({ summary: 's', tags: ['t'], answers: { 201: feedingKind.schemas.answer } }), 200, 'application/json', '{}')).toBe('no answer declared for this status');
    expect(check(200, 'text/csv', 'a,b')).toMatch(/not declared/);
    expect(check(201, 'text/csv; charset=utf-8', 'a,b')).toBeNull();
  });

  it("checks the account export, which is streamed, against its declared schema", async () => {
    const email = `openapi-${randomUUID().slice(0, 8)}@example.com`;
    const signedUp = await server.call('POST', '/api/auth/register', { body: { email, password: 'Sleepy baby 42', referralCode: 'TEST42' } });
    const token = signedUp.body.accessToken as string;
    const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Robin', birthDate: '2026-01-01', sex: 'Female', timezone: 'UTC' } });
    const childId = child.body.id as string;
    const entries = [
      await server.call('POST', '/api/feedings', { token, body: { childId, startedAt: '2026-02-01T08:00:00Z', endedAt: '2026-02-01T08:20:00Z', amountMl: 120, method: 'Bottle', type: 'Formula' } }),
      await server.call('POST', '/api/sleep', { token, body: { childId, startedAt: '2026-02-01T09:00:00Z', endedAt: '2026-02-01T10:00:00Z', environment: { whiteNoise: true, sleepSackTag: 'TOG 1.0' } } }),
      await server.call('POST', '/api/diapers', { token, body: { childId, occurredAt: '2026-02-01T11:00:00Z', contents: 'both', color: 'green' } }),
      await server.call('POST', '/api/pumpings', { token, body: { childId, startedAt: '2026-02-01T12:00:00Z', durationMinutes: 15, leftAmount: 60, unit: 'mL' } }),
      await server.call('POST', '/api/growth', { token, body: { childId, measuredOn: '2026-02-01', weightKg: 4.2 } }),
    ];
    expect(entries.map((entry) => entry.status)).toEqual([201, 201, 201, 201, 201]);
    const position = entries.at(-1)!.headers.get('x-event-position')!;
    const exported = await server.call('GET', '/api/me/export', { token, headers: { 'x-min-position': position } });
    expect(exported.status).toBe(200);
    const parsed = accountExportSchema.safeParse(exported.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(exported.body.children[0].entries.map((entry: { kind: string }) => entry.kind).sort()).toEqual(['diaper', 'feeding', 'pumping', 'sleep']);
  });
});
