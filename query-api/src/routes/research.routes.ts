import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { InvalidTokenError, type TokenService } from '@nightlight/infrastructure/auth/token-service';
import type { AppConfig } from '@nightlight/infrastructure/config/app-config';
import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import { bearerToken } from '@nightlight/infrastructure/http/authentication';
import { HttpError, parseInput } from '@nightlight/infrastructure/http/http-errors';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import { researchNdjson } from '@nightlight/projector/research/research-export';

export interface ResearchRouteDeps {
  config: AppConfig;
  tokens: TokenService;
  eventStore: EventStore;
  cipher: PersonalDataCipher;
}

const researchQuery = z.object({
  from: z
    .string()
    .regex(/^\d+$/, 'from must be a whole number, 0 or more')
    .transform(Number)
    .default(0),
});

// Digests have one length, so timingSafeEqual can compare any token without revealing its length.
const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Admits a researcher: a token listed in RESEARCH_TOKENS, or a research JWT. A parent's access token
 * is a valid credential of the wrong kind (403); anything else is no credential (401).
 */
function requireResearcher(tokens: TokenService, staticTokens: readonly Buffer[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, 'Authentication required');
    const presented = sha256(token);
    // Every listed token is compared, so the time taken does not tell which one nearly matched.
    const listed = staticTokens.reduce((found, candidate) => timingSafeEqual(candidate, presented) || found, false);
    if (listed) return;
    const researcher = await tokens.verifyResearchToken(token).catch(rejectOnly(InvalidTokenError));
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

/** GET /api/research/events?from=POSITION: the anonymised replay as NDJSON, streamed. */
export function researchRoutes(deps: ResearchRouteDeps) {
  const staticTokens = deps.config.RESEARCH_TOKENS.split(',')
    .map((token) => token.trim())
    .filter(Boolean)
    .map(sha256);
  const source = { eventStore: deps.eventStore, cipher: deps.cipher, digest: researchDigest(deps.config) };

  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/api/research/events', { preHandler: requireResearcher(deps.tokens, staticTokens) }, async (request, reply) => {
      const { from } = parseInput(researchQuery, request.query);
      // Readable.from pulls the next chunk only when the socket has room: backpressure end to end.
      return reply.type('application/x-ndjson').send(Readable.from(researchNdjson(source, from)));
    });
  };
}
