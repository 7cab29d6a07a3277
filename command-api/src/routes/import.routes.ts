import type { FastifyInstance, FastifyRequest } from 'fastify';
import { importBody, IMPORT_BODY_LIMIT_BYTES } from '@nightlight/domain/imports/import-request';
import { importSummarySchema, writtenImportSummarySchema } from '@nightlight/domain/imports/import-summary.schemas';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { CommandDeps } from '../command-deps';
import { entryImport } from '../commands/entry-import';
import { idempotentWrites } from '../idempotency';
import { sendWritten, writeActorOf } from '../write-reply';

const TAGS = ['Export and import'];
const csvDescription =
  "This app's CSV export (csv), or Baby Buddy's export of feedings, sleep, diaper changes, pumping, weight, height or head circumference, as CSV (csv) or XLSX (xlsx, in base64); each row goes through its kind's own rules. A file of several Baby Buddy children imports the one named (babyBuddyChild). The body may be up to 16 MB.";
const previewSchema = routeSchema({ summary: 'What an import would do: writes nothing', description: csvDescription, tags: TAGS, body: importBody, answers: { 200: importSummarySchema }, errors: [400, 404, 413] });
const importSchema = routeSchema({
  summary: "Import a file into a child's entries",
  description: `${csvDescription} Nothing is imported twice: an entry's id comes from the child and the row.`,
  tags: TAGS,
  body: importBody,
  answers: { 200: writtenImportSummarySchema },
  errors: [400, 404, 413, 422],
});

/** POST /api/children/:id/import/preview and /import: an export of this app or of Baby Buddy into a child. */
export function importRoutes(deps: CommandDeps) {
  const imports = entryImport(deps);
  const idempotency = idempotentWrites(deps);
  const childIdOf = (request: FastifyRequest) => parseIdParam(request.params, 'Child not found');

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/api/children/:id/import/preview', { bodyLimit: IMPORT_BODY_LIMIT_BYTES, schema: previewSchema }, async (request) => imports.preview(request.userId, childIdOf(request), request.body));

    app.post('/api/children/:id/import', { bodyLimit: IMPORT_BODY_LIMIT_BYTES, schema: importSchema }, async (request, reply) => {
      const { summary, position } = await imports.run(await writeActorOf(idempotency, request), childIdOf(request), request.body);
      return sendWritten(reply, 200, summary, position);
    });
  };
}
