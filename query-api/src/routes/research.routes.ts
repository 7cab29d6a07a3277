import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { researchTokenService, type ResearchTokenService } from '@nightlight/infrastructure/auth/research-token-service';
import { InvalidTokenError } from '@nightlight/infrastructure/auth/hs256-jwt';
import type { TokenService } from '@nightlight/infrastructure/auth/token-service';
import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import { bearerToken } from '@nightlight/infrastructure/http/authentication';
import { HttpError, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { mediaAnswer, RESEARCHER, routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import { researchCursorCodec } from '@nightlight/infrastructure/crypto/research-cursor';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import { RESUME_FROM_MESSAGE, researchNdjson } from '@nightlight/projector/research/research-export';

export interface ResearchRouteDeps {
  config: AppConfig;
  /** Parents' tokens, only to tell a parent (403) from no credential at all (401). */
  tokens: TokenService;
  eventStore: EventStore;
  cipher: PersonalDataCipher;
  clock?: () => Date;
}

const researchQuery = z.object({
  from: z.string({ error: RESUME_FROM_MESSAGE }).max(200, RESUME_FROM_MESSAGE).optional(),
});

const researchSchema = routeSchema({
  summary: 'The anonymised research events, from a cursor',
  description: "Grouped by child, ending with `{kind: 'end', lines, resumeFrom}`; `from` is the `resumeFrom` of an earlier export. See docs/research.md.",
  tags: ['Research'],
  security: RESEARCHER,
  querystring: researchQuery,
  answers: { 200: mediaAnswer('application/x-ndjson', 'One JSON object per line.') },
  errors: [400, 401, 403],
});

// Digests have one length, so timingSafeEqual can compare any token without revealing its length.
const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Admits a researcher: a token listed in RESEARCH_TOKENS, or a researcher JWT signed with the
 * research key. A parent's access token is a valid credential of the wrong kind (403); anything else
 * is no credential (401).
 */
function requireResearcher(researchTokens: ResearchTokenService, tokens: TokenService, staticTokens: readonly Buffer[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, 'Authentication required');
    const presented = sha256(token);
    // Every listed token is compared, so the time taken does not tell which one nearly matched.
    const listed = staticTokens.reduce((found, candidate) => timingSafeEqual(candidate, presented) || found, false);
    if (listed) return;
    const researcher = await researchTokens.verify(token).catch(rejectOnly(InvalidTokenError));
    if (researcher) return;
    const parent = await tokens.verifyAccessToken(token).catch(rejectOnly(InvalidTokenError));
    if (parent) throw new HttpError(403, 'Research access requires a researcher credential');
    throw new HttpError(401, 'Invalid or expired researcher credential');
  };
}

/** Turns the expected kind of rejection into null and lets every other error through. */
function rejectOnly(expected: new (...args: never[]) => Error) {
  return (error: unknown): null => {
    if (error instanceof expected) return null;
    throw error;
  };
}

/** GET /api/research/events?from=CURSOR: the anonymised replay as NDJSON, streamed. */
export function researchRoutes(deps: ResearchRouteDeps) {
  const staticTokens = deps.config.RESEARCH_TOKENS.split(',')
    .map((token) => token.trim())
    .filter(Boolean)
    .map(sha256);
  const source = { eventStore: deps.eventStore, cipher: deps.cipher, digest: researchDigest(deps.config), cursor: researchCursorCodec(deps.config) };

  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/api/research/events', { schema: researchSchema, preHandler: requireResearcher(researchTokenService(deps.config, deps.clock), deps.tokens, staticTokens) }, async (request, reply) => {
      const { from } = parseInput(researchQuery, request.query);
      // No `from` (or the 0 of a first export) starts at the beginning; anything else must be a cursor this server issued.
      const fromPosition = from === undefined || from === '0' ? null : source.cursor.decode(from);
      if (fromPosition === null && from !== undefined && from !== '0') throw new HttpError(400, RESUME_FROM_MESSAGE, [{ path: 'from', message: RESUME_FROM_MESSAGE }]);
      // Readable.from pulls the next chunk only when the socket has room: backpressure end to end.
      return reply.type('application/x-ndjson').send(Readable.from(researchNdjson(source, fromPosition)));
    });
  };
}
