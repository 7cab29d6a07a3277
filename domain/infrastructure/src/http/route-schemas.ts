import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance, FastifySchema, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { errorAnswerSchema } from '@nightlight/domain/shared/answers.schemas';

/**
 * Each route declares its request and answer schemas (zod) where it is registered, for the API
 * description (query-api/src/api-description.ts) and for the tests that check every answer against
 * them. Fastify neither validates nor serializes with them: handlers parse their input with
 * `parseInput`, whose messages are the API's, and answers are written with JSON.stringify as
 * without a schema. A route whose serializer is measured to matter asks for `compiledJson`.
 */
export function registerRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(() => acceptAsSent);
  app.setSerializerCompiler(() => JSON.stringify);
}

const acceptAsSent = () => true;

/**
 * A serializer compiled from the route's answer schemas (fast-json-stringify), for the hottest read:
 * about three times as fast as JSON.stringify on the dashboard's daily insights.
 */
export const compiledJson: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return JSON.stringify;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', reused: 'inline' });
  return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]);
};

/** Who may call a route, as the API description's security requirement says it. */
export type Security = readonly Record<string, readonly string[]>[];
/** A parent's or caregiver's access token: every route but sign-up, sign-in and refresh. */
export const SIGNED_IN: Security = [{ bearerAuth: [] }];
export const PUBLIC: Security = [];
/** A researcher credential (RESEARCH_TOKENS, or a token minted with `npm run research -- token`). */
export const RESEARCHER: Security = [{ researcherAuth: [] }];

/** An answer that is not JSON: its media type, its description and the schema of its text. */
export interface MediaAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export const mediaAnswer = (mediaType: string, description: string, schema: z.ZodType = z.string()): MediaAnswer => ({ description, content: { [mediaType]: { schema } } });

/** The refusals a route names in the API description besides the 4xx and 5xx every route may answer. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface RouteDescription {
  summary: string;
  description?: string;
  tags: readonly string[];
  /** SIGNED_IN unless said otherwise. */
  security?: Security;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The answers by status: a zod schema for JSON, a MediaAnswer for any other media type. */
  answers: Readonly<Record<number, z.ZodType | MediaAnswer>>;
  errors?: readonly ErrorStatus[];
}

/**
 * A route's `schema`: its description and its answers, each error named in `errors` and every other
 * 4xx and 5xx an `Error` (`{message, issues?}`).
 */
export function routeSchema({ answers, errors = [], security = SIGNED_IN, ...description }: RouteDescription): FastifySchema {
  const response: Record<string, z.ZodType | MediaAnswer> = {};
  for (const [status, answer] of Object.entries(answers)) response[status] = answer;
  for (const status of errors) response[status] ??= errorAnswerSchema;
  response['4xx'] = errorAnswerSchema;
  response['5xx'] = errorAnswerSchema;
  return { ...description, security, response } as FastifySchema;
}

/** The schema a route declared for an answer of `statusCode`: its own, else its range's (4xx), else none. */
export function declaredAnswer(schema: FastifySchema | undefined, statusCode: number): z.ZodType | MediaAnswer | undefined {
  const response = schema?.response as Record<string, z.ZodType | MediaAnswer> | undefined;
  return response?.[String(statusCode)] ?? response?.[`${Math.floor(statusCode / 100)}xx`] ?? response?.['default'];
}
