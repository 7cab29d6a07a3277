import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { declaredAnswer, type MediaAnswer } from '@nightlight/infrastructure/http/route-schemas';

/**
 * What is wrong with an answer against the schema its route declared for its status, or null when
 * it matches: a JSON answer is parsed with the zod schema (strict objects: no field it does not
 * name), any other answer must be of a media type the route declared.
 */
export function answerProblem(schema: FastifySchema | undefined, statusCode: number, contentType: string, body: string | null): string | null {
  const declared = declaredAnswer(schema, statusCode);
  if (!declared) return 'no answer declared for this status';
  const mediaType = contentType.split(';')[0]!.trim();
  const zodSchema = declared instanceof z.ZodType ? (mediaType === 'application/json' ? declared : null) : ((declared as MediaAnswer).content[mediaType]?.schema ?? null);
  if (!zodSchema) return `answered ${mediaType || 'without a media type'}, which is not declared`;
  // A streamed answer is not read here; text answers are declared as text.
  if (body === null || mediaType !== 'application/json') return null;
  const result = zodSchema.safeParse(JSON.parse(body));
  if (result.success) return null;
  return result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Checks every answer of the app's API routes against its route's declared schemas (added before
 * any route, through the edge's `instrument` option), and keeps what did not match. The reference
 * page's own routes (hidden from the description) and paths outside /api are not the API.
 */
export function answerChecker() {
  const mismatches = new Set<string>();
  const instrument = (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const { url, schema } = request.routeOptions;
      if (!url?.startsWith('/api/') || schema?.hide) return payload;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      const problem = answerProblem(schema, reply.statusCode, String(reply.getHeader('content-type') ?? ''), body);
      if (problem) mismatches.add(`${request.method} ${url} ${reply.statusCode}: ${problem}${body ? ` (answer: ${body.slice(0, 300)})` : ''}`);
      return payload;
    });
  };
  return { instrument, mismatches };
}
