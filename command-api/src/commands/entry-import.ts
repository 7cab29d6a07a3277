import { ENTRY_KIND_LIST, entryKind, isSessionKind } from '@nightlight/domain/entries/all-entry-kinds';
import { ENTRY_KIND_NAMES, type EntryKind } from '@nightlight/domain/entries/entry-kinds';
import { overlapMessage } from '@nightlight/domain/entry-slots/entry-slot.decider';
import { importRows, ImportFormatError, type ImportRow } from '@nightlight/domain/imports/import-rows';
import { importBody, type ImportSummary } from '@nightlight/domain/imports/import-request';
import { CsvError } from '@nightlight/domain/exports/csv';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { localDateOf } from '@nightlight/domain/time/zoned-time';
import { HttpError, parseInput, refusalMessage } from '@nightlight/infrastructure/http/http-errors';
import { nameBasedIds } from '@nightlight/infrastructure/ids/name-based-id';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import type { CommandDeps } from '../command-deps';
import { loadChildAs } from './child-access';
import type { WriteActor } from '../write-reply';
import { entryWrites } from './entry-writes';

// An imported row's entry id, from the child and the row's source: imported again, it names the same
// entry, which is then already logged. The namespace never changes.
const importedEntryId = nameBasedIds('8b1f4c52-6a0e-4d8f-9a57-3f2e1c7d9b40');

type Interval = { startedAt: string; endedAt: string };
/** A row that passed its kind's rules, with the id it is logged under. */
type AcceptedRow = { line: number; kind: EntryKind; entryId: string; body: Record<string, unknown>; interval: Interval };

const overlaps = (a: Interval, b: Interval) => a.startedAt < b.endedAt && b.startedAt < a.endedAt;

/**
 * Imports a CSV export (this app's, or Baby Buddy's feedings, sleep or diaper changes) into a
 * child: every row through its kind's own rules and writes, so what is refused is refused for the
 * reason a form would give. The preview decides the same without writing.
 */
export function entryImport(deps: CommandDeps) {
  const { eventStore, readStore, clock } = deps;
  const writes = Object.fromEntries(ENTRY_KIND_LIST.map((kind) => [kind.kind, entryWrites(deps, kind)])) as Record<EntryKind, ReturnType<typeof entryWrites>>;
  const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);

  /**
   * Whether the row was imported before (its entry exists, or was deleted since), or is this child's
   * own entry exported earlier. An entry this very request logged (the same Idempotency-Key, sent
   * again) is not: it counts as imported, as the first answer said.
   */
  async function alreadyThere(kind: EntryKind, entryId: string, childId: string, row: Extract<ImportRow, { kind: EntryKind }>, key: string | null): Promise<boolean> {
    const logged = await eventStore.readStream(entryKind(kind).streamId(entryId));
    if (logged.length > 0) return !logged.some((event) => key !== null && event.metadata.idempotencyKey === key);
    if (!row.sourceId || row.sourceId.includes(':')) return false;
    const [first] = await eventStore.readStream(entryKind(kind).streamId(row.sourceId));
    return (first?.data as { childId?: string } | undefined)?.childId === childId;
  }

  async function plan(userId: string, childId: string, input: unknown, key: string | null = null) {
    const body = parseInput(importBody, input);
    const child = await loadChildAs(eventStore, childId, userId);
    const timezone = child.profile.timezone;
    const amountUnit = body.amountUnit ?? (await readerUnits(readStore, userId))?.volume ?? 'oz';
    let parsed: ReturnType<typeof importRows>;
    try {
      parsed = importRows(body.csv, { timezone, amountUnit });
    } catch (error) {
      if (error instanceof ImportFormatError || error instanceof CsvError) throw new HttpError(400, error.message);
      throw error;
    }
    const refused: ImportSummary['refused'] = [];
    const accepted: AcceptedRow[] = [];
    let alreadyImported = 0;
    const now = clock();
    for (const row of parsed.rows) {
      if ('refused' in row) {
        refused.push({ line: row.line, message: row.refused });
        continue;
      }
      const entryId = importedEntryId(`${childId}:${row.sourceId || `${row.kind}:${JSON.stringify(row.body)}`}`);
      const request = { ...row.body, childId };
      let interval: Interval;
      try {
        const kind = entryKind(row.kind);
        const checked = kind.check(parseInput(kind.body, request), now);
        interval = { startedAt: checked.startedAt, endedAt: checked.endedAt };
      } catch (error) {
        const message = refusalMessage(error);
        if (message === null) throw error;
        refused.push({ line: row.line, message });
        continue;
      }
      if (await alreadyThere(row.kind, entryId, childId, row, key)) {
        alreadyImported++;
        continue;
      }
      accepted.push({ line: row.line, kind: row.kind, entryId, body: request, interval });
    }
    return { format: parsed.format, rows: parsed.rows.length, timezone, accepted: await withoutOverlaps(childId, accepted, refused), refused, alreadyImported };
  }

  /** Sessions that overlap one logged already, or an earlier row of the file, are refused as their form would refuse them. */
  async function withoutOverlaps(childId: string, rows: AcceptedRow[], refused: ImportSummary['refused']): Promise<AcceptedRow[]> {
    const kept: AcceptedRow[] = [];
    for (const row of rows) {
      const { kind } = row;
      if (isSessionKind(kind)) {
        const logged = await timeline.findOne({ childId, kind, _id: { $ne: row.entryId }, startedAt: { $lt: row.interval.endedAt }, endedAt: { $gt: row.interval.startedAt } }, { readOnly: true });
        const earlier = kept.find((other) => other.kind === kind && overlaps(other.interval, row.interval));
        if (logged || earlier) {
          refused.push({ line: row.line, message: earlier ? `${overlapMessage(kind)} (line ${earlier.line})` : overlapMessage(kind) });
          continue;
        }
      }
      kept.push(row);
    }
    return kept;
  }

  function summary(planned: Awaited<ReturnType<typeof plan>>, imported: AcceptedRow[]): ImportSummary {
    const entries = Object.fromEntries(ENTRY_KIND_NAMES.map((kind) => [kind, 0])) as ImportSummary['entries'];
    for (const row of imported) entries[row.kind]++;
    const dates = imported.map((row) => localDateOf(Date.parse(row.interval.startedAt), planned.timezone)).sort();
    return {
      format: planned.format,
      rows: planned.rows,
      entries,
      alreadyImported: planned.alreadyImported,
      from: dates[0] ?? null,
      to: dates.at(-1) ?? null,
      refused: [...planned.refused].sort((a, b) => a.line - b.line),
    };
  }

  return {
    /** POST /api/children/:id/import/preview: what the import would do; writes nothing. */
    async preview(userId: string, childId: string, input: unknown): Promise<ImportSummary> {
      const planned = await plan(userId, childId, input);
      return summary(planned, planned.accepted);
    },

    /**
     * POST /api/children/:id/import: logs every accepted row as the importing member. A row refused
     * now (an overlap logged since the preview) is reported, not fatal; sent again with its key, or
     * the same file again, nothing is logged twice.
     */
    async run(actor: WriteActor, childId: string, input: unknown): Promise<{ summary: ImportSummary; position: number }> {
      const planned = await plan(actor.userId, childId, input, actor.idempotent?.key ?? null);
      const imported: AcceptedRow[] = [];
      let position = 0;
      for (const row of planned.accepted) {
        try {
          const written = await writes[row.kind].write(actor, row.body, row.entryId, entryKind(row.kind).commands.log);
          position = Math.max(position, written.position);
          imported.push(row);
        } catch (error) {
          const message = refusalMessage(error);
          if (message === null) throw error;
          planned.refused.push({ line: row.line, message });
        }
      }
      return { summary: summary(planned, imported), position };
    },
  };
}
