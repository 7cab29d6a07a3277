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
import { researchLineSchema } from '@nightlight/domain/research/research-line.schemas';
import { prepareResearchRelease, ReleaseTooSmallError, ResumeCursorError, RESUME_FROM_MESSAGE, resumePosition, type ResearchSource } from '@nightlight/projector/research/research-export';
import { csvChunks, parquetStream, TABLE_COLUMNS, tableRows, type ResearchTable, type TableFormat } from '@nightlight/projector/research/research-tables-writer';

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
  summary: 'The anonymised research lines, from a cursor',
  description:
    "One JSON object per line (each a `ResearchLine`), grouped by child, ending with `{kind: 'end', lines, children, shiftedThrough, resumeFrom}`; `from` is the `resumeFrom` of an earlier export. 409 when the release would hold fewer children than RESEARCH_MIN_CHILDREN. See docs/research.md, the codebook.",
  tags: ['Research'],
  security: RESEARCHER,
  querystring: researchQuery,
  answers: { 200: mediaAnswer('application/x-ndjson', 'One `ResearchLine` per line.', researchLineSchema) },
  errors: [400, 401, 403, 409],
});

const TABLE_MEDIA: Record<TableFormat, { type: string; text: string }> = {
  csv: { type: 'text/csv; charset=utf-8', text: 'CSV with a header row.' },
  parquet: { type: 'application/vnd.apache.parquet', text: 'Parquet (snappy), one column per field, every column nullable.' },
};

const tableSchema = (table: ResearchTable, format: TableFormat) =>
  routeSchema({
    summary: table === 'entries' ? `Every entry as it finally stands, as ${format === 'csv' ? 'CSV' : 'Parquet'}` : `Every child of the release, as ${format === 'csv' ? 'CSV' : 'Parquet'}`,
    description:
      table === 'entries'
        ? 'One row per entry of the release: corrections applied, deleted entries left out; the columns of the research lines (docs/research.md). 409 below RESEARCH_MIN_CHILDREN.'
        : "One row per child: its pseudonym, sex, shifted birth date, night window and how many entries stand. 409 below RESEARCH_MIN_CHILDREN.",
    tags: ['Research'],
    security: RESEARCHER,
    answers: { 200: mediaAnswer(TABLE_MEDIA[format].type.split(';')[0]!, TABLE_MEDIA[format].text, format === 'parquet' ? z.string().meta({ format: 'binary' }) : z.string()) },
    errors: [401, 403, 409],
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

/** The release, or the refusal a researcher is told when it would hold too few children (409, before anything is sent). */
async function releaseOf(source: ResearchSource, fromPosition: number | null, minChildren: number) {
  try {
    return await prepareResearchRelease(source, fromPosition, { minChildren });
  } catch (error) {
    if (error instanceof ReleaseTooSmallError) throw new HttpError(409, error.message);
    throw error;
  }
}

/**
 * GET /api/research/events?from=CURSOR: the anonymised lines as NDJSON, streamed; and the release's
 * final state as tables: GET /api/research/{entries,children}.{csv,parquet}.
 */
export function researchRoutes(deps: ResearchRouteDeps) {
  const staticTokens = deps.config.RESEARCH_TOKENS.split(',')
    .map((token) => token.trim())
    .filter(Boolean)
    .map(sha256);
  const source: ResearchSource = { eventStore: deps.eventStore, cipher: deps.cipher, digest: researchDigest(deps.config), cursor: researchCursorCodec(deps.config) };
  const minChildren = deps.config.RESEARCH_MIN_CHILDREN;

  return async function routes(app: FastifyInstance): Promise<void> {
    const preHandler = requireResearcher(researchTokenService(deps.config, deps.clock), deps.tokens, staticTokens);
    app.get('/api/research/events', { schema: researchSchema, preHandler }, async (request, reply) => {
      const { from } = parseInput(researchQuery, request.query);
      // No `from` (or the 0 of a first export) starts at the beginning; anything else must be a cursor this server issued.
      let fromPosition: number | null;
      try {
        fromPosition = resumePosition(source.cursor, from);
      } catch (error) {
        if (!(error instanceof ResumeCursorError)) throw error;
        throw new HttpError(400, error.message, [{ path: 'from', message: error.message }]);
      }
      const release = await releaseOf(source, fromPosition, minChildren);
      // Readable.from pulls the next chunk only when the socket has room: backpressure end to end.
      return reply.type('application/x-ndjson').send(Readable.from(release.ndjson()));
    });

    for (const table of ['entries', 'children'] as const) {
      for (const format of ['csv', 'parquet'] as const) {
        app.get(`/api/research/${table}.${format}`, { schema: tableSchema(table, format), preHandler }, async (_request, reply) => {
          const release = await releaseOf(source, null, minChildren);
          const columns = TABLE_COLUMNS[table];
          const body = format === 'csv' ? Readable.from(csvChunks(columns, tableRows(release, table))) : parquetStream(columns, tableRows(release, table));
          return reply.type(TABLE_MEDIA[format].type).header('content-disposition', `attachment; filename="${table}.${format}"`).send(body);
        });
      }
    }
  };
}
