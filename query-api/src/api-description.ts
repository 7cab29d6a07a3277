import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mediaAnswer, PUBLIC, routeSchema, type MediaAnswer } from '@nightlight/infrastructure/http/route-schemas';
import { ENTRY_KIND_LIST } from '@nightlight/domain/entries/all-entry-kinds';

/** An OpenAPI 3.1 document, as far as this edge makes and serves it. */
export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  [key: string]: unknown;
}

export const API_DOCUMENT_PATH = '/api/openapi.json';
export const REFERENCE_PAGE_PATH = '/api/docs';
const DESCRIPTION_TAG = 'API description';

const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '400': "Bad input: `message` is the first issue's message, `issues` lists them all. Nothing was written.",
  '401': 'No token, or a bad or expired one.',
  '403': "A credential of the wrong kind, or a caregiver at a parent's task.",
  '404': 'Unknown, or not in one of your families (an id that is not a UUID too).',
  '409': 'A conflict: a duplicate, an overlap, or a change made at the same time (may be retried).',
  '410': 'The invitation was used, withdrawn or has expired.',
  '413': 'The body is too large.',
  '415': 'Content-Type must be application/json.',
  '422': 'This Idempotency-Key was already used for a different request.',
  '429': 'Too many attempts: wait a minute.',
  '503': 'A store cannot take the write, or the server is starting up: try again after Retry-After.',
  '4xx': 'Any other refusal.',
  '5xx': "A failure on the server's side; the body never carries a stack.",
};

const toComponent = (id: string) => `#/components/schemas/${id}`;

/** zod's bounds of a whole number are JavaScript's safe integers: true of every number, so left out. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: { minimum?: unknown; maximum?: unknown } }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

const jsonSchemaOptions = { unrepresentable: 'any', override: withoutSafeIntegerBounds } as const;

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests as they are sent (`input`),
 * answers as they are written (`output`). A named schema (see domain/src/shared/view-schema.ts) is
 * a reference to its component.
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const id = z.globalRegistry.get(schema)?.id;
  if (id) return { $ref: toComponent(id) };
  const { $schema: _dialect, $defs: _named, ...json } = z.toJSONSchema(schema, { ...jsonSchemaOptions, io, reused: 'inline' });
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${toComponent('')}`));
}

function responseOf(status: string, answer: z.ZodType | MediaAnswer): Record<string, unknown> {
  if (answer instanceof z.ZodType) {
    const description = z.globalRegistry.get(answer)?.description ?? STATUS_DESCRIPTIONS[status] ?? status;
    return { description, content: { 'application/json': { schema: jsonSchemaOf(answer, 'output') } } };
  }
  const content = Object.fromEntries(Object.entries(answer.content).map(([mediaType, { schema }]) => [mediaType, { schema: jsonSchemaOf(schema, 'output') }]));
  return { description: answer.description, content };
}

/** The reference page is served by @fastify/swagger-ui, which registers its routes hidden; it is described here. */
const referencePage = routeSchema({
  summary: 'This reference, as a web page',
  tags: [DESCRIPTION_TAG],
  security: PUBLIC,
  answers: { 200: mediaAnswer('text/html', 'The API reference, made from the document at /api/openapi.json.') },
});

/**
 * Each route's own schemas in the document. Only /api is the API: the health checks, the web app's
 * files and the reference page's own files are left out.
 */
const transform: SwaggerTransform = ({ schema, url: registered }) => {
  // The page's route is registered as /api/docs/ and answers /api/docs too.
  const isReferencePage = registered === `${REFERENCE_PAGE_PATH}/`;
  const url = isReferencePage ? REFERENCE_PAGE_PATH : registered;
  const described = isReferencePage ? referencePage : (schema ?? {});
  if (!url.startsWith('/api/') || described.hide) return { schema: { ...schema, hide: true }, url };
  const { params, querystring, body, headers, response, hide: _hide, ...operation } = described as Record<string, unknown>;
  const requests = Object.entries({ params, querystring, body, headers }).filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType);
  const answers = Object.entries((response ?? {}) as Record<string, z.ZodType | MediaAnswer>);
  return {
    url,
    schema: {
      ...operation,
      ...Object.fromEntries(requests.map(([part, request]) => [part, jsonSchemaOf(request, 'input')])),
      ...(answers.length > 0 ? { response: Object.fromEntries(answers.map(([status, answer]) => [status, responseOf(status, answer)])) } : {}),
    },
  };
};

/** Every named schema of the answers, as a component. */
function withComponents({ openapiObject }: { openapiObject: Partial<ApiDocument> }): ApiDocument {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { ...jsonSchemaOptions, io: 'output', uri: toComponent });
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return { ...openapiObject, components: { ...openapiObject.components, schemas } } as ApiDocument;
}

const DOCUMENT: ApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Nightlight API',
    version: '1.0.0',
    description: [
      'Feedings, sleep, diaper changes, pumping, growth, timers, insights and families of a baby tracker.',
      'Every write answers with `X-Event-Position` and `position`: send the highest seen as `X-Min-Position` on reads to read your writes.',
      'Writes of children, entries, timers, imports and milestone alerts take an `Idempotency-Key` (a new UUID for each thing the parent does).',
      'The conventions, rules and messages are in docs/api.md.',
    ].join('\n\n'),
  },
  servers: [{ url: '/' }],
  tags: [
    { name: 'Accounts', description: 'Sign-up, sign-in, tokens and your own account.' },
    { name: 'Children', description: 'The children you are a member of, and their profiles.' },
    { name: 'Families', description: "Parents and caregivers of a child: invitations, roles, leaving, and the child's live changes." },
    // One group for each kind of entry, named by its definition.
    ...ENTRY_KIND_LIST.map(({ schemas }) => ({ name: schemas.tag })),
    { name: 'Timers', description: "Running timers, stopped into entries, and the dashboard's glance." },
    { name: 'Insights', description: "Every number belongs to a local date of the child's profile zone." },
    { name: 'Growth', description: 'Measurements with WHO percentiles, and the curves.' },
    { name: 'Reports', description: 'The one-page summary for the pediatrician.' },
    { name: 'Milestone alerts', description: "The feeding guide's alerts on the dashboard." },
    { name: 'Export and import', description: "A child's entries as CSV, all your data as JSON, and imports of CSV files." },
    { name: 'Research', description: 'The anonymised event streams, for researchers.' },
    { name: DESCRIPTION_TAG, description: 'This document, and the page that shows it.' },
  ],
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from sign-up, sign-in or refresh (15 minutes).' },
      researcherAuth: { type: 'http', scheme: 'bearer', description: 'A researcher credential: a token of RESEARCH_TOKENS, or one minted with `npm run research -- token`.' },
    },
  },
};

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="190" height="40" viewBox="0 0 190 40"><text x="0" y="28" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="#ffffff">Nightlight API</text></svg>';

/**
 * The API description: the OpenAPI 3.1 document at GET /api/openapi.json and a reference page made
 * from it at GET /api/docs (Swagger UI's own files from its npm package: no inline script, so the
 * edge's Content-Security-Policy holds there too). Registered before every route: the document is
 * made from the routes registered after it, with their schemas. An edge that forwards its writes
 * is given the document made by an edge that registers them (describeApi in edge-app.ts).
 */
export async function registerApiDescription(app: FastifyInstance, document?: ApiDocument): Promise<void> {
  if (document) await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  else await app.register(fastifySwagger, { openapi: DOCUMENT as never, transform, transformObject: withComponents as never });

  app.get(
    API_DOCUMENT_PATH,
    {
      schema: routeSchema({
        summary: 'This API description (OpenAPI 3.1)',
        tags: [DESCRIPTION_TAG],
        security: PUBLIC,
        answers: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1 document of every route of the API.') },
      }),
    },
    async () => app.swagger(),
  );
  await app.register(fastifySwaggerUi, {
    routePrefix: REFERENCE_PAGE_PATH,
    theme: { title: 'Nightlight API' },
    // Given here, not read from the package's folder at every start: that read would let the read
    // models' rebuild run ahead of the edge listening.
    logo: { type: 'image/svg+xml', content: LOGO },
    uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
  });
}
