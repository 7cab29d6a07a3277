import { entryKind, isSessionKind, type SessionKind } from '@nightlight/domain/entries/all-entry-kinds';
import { ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import { overlapMessage } from '@nightlight/domain/entry-slots/entry-slot.decider';
import { CsvError, csvRows, type CsvRow } from '@nightlight/domain/exports/csv';
import { childrenInFile, rowsOfChild, severalChildren } from '@nightlight/domain/imports/import-children';
import { importBody, type ImportSummary } from '@nightlight/domain/imports/import-request';
import { importReader, ImportFormatError, type BabyBuddyChildRef, type ImportOptions, type ImportRow } from '@nightlight/domain/imports/import-rows';
import { overlapSweep, type Span } from '@nightlight/domain/imports/overlap-sweep';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { growthStreamId } from '@nightlight/domain/shared/stream-ids';
import { instantMs, localDateOf } from '@nightlight/domain/time/zoned-time';
import { checkNotBeforeBirth } from '@nightlight/domain/entries/entry-birth-rule';
import { HttpError, parseInput, refusalMessage } from '@nightlight/infrastructure/http/http-errors';
import { nameBasedIds, orderedNameBasedIds } from '@nightlight/infrastructure/ids/name-based-id';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import { eachInSlices, otherWorkFirst } from '@nightlight/infrastructure/event-loop/in-slices';
import type { CommandDeps } from '../command-deps';
import { KEY_REUSED, type IdempotentRequest } from '../idempotency';
import type { WriteActor } from '../write-reply';
import { loadChildAs } from './child-access';
import { growthImport } from './growth-import';
import { importWrites, type RowToLog } from './import-writes';
import { previewedFiles } from './previewed-files';
import { xlsxRows } from './xlsx-rows';

// An imported row's entry id, from the child and the row's source: imported again, it names the same
// entry, which is then already logged. The namespace never changes.
const IMPORT_NAMESPACE = '8b1f4c52-6a0e-4d8f-9a57-3f2e1c7d9b40';
const importedEntryId = nameBasedIds(IMPORT_NAMESPACE);
const orderedImportedEntryId = orderedNameBasedIds(IMPORT_NAMESPACE);
/** A Baby Buddy row's source: its table, and its id there, the table's sequence (12 digits fit an ordered id's 40 bits). */
const BABY_BUDDY_SOURCE = /^(babybuddy:[a-z-]+):(\d{1,12})$/;

/**
 * The id a row is logged under, and the one it may have been logged under before (`formerId`).
 * A Baby Buddy row's id is ordered by its id in Baby Buddy, so that a file's rows are written side
 * by side in the stores' indexes (orderedNameBasedIds); rows imported before 2026-11-28 have the
 * plain name-based id of the same name, looked up as well. A row of this app's own export may be
 * that very entry, under its id there. Any other row's id is name-based.
 */
function importedIdsOf(childId: string, row: { sourceId: string; kind: string; body: unknown }): { id: string; formerId: string | null } {
  const name = `${childId}:${row.sourceId || `${row.kind}:${JSON.stringify(row.body)}`}`;
  const babyBuddy = BABY_BUDDY_SOURCE.exec(row.sourceId);
  if (babyBuddy) return { id: orderedImportedEntryId(`${childId}:${babyBuddy[1]}`, Number(babyBuddy[2]), name), formerId: importedEntryId(name) };
  const exportedId = row.sourceId !== '' && !row.sourceId.includes(':') ? row.sourceId : null;
  return { id: importedEntryId(name), formerId: exportedId };
}

/**
 * A row that passed its kind's rules, with the id it is logged under and the local date it counts
 * on. `loggedAt`: this very request logged it before (its Idempotency-Key, sent again), at that position.
 */
type AcceptedRow = RowToLog & { loggedAt?: number };

/**
 * A row of the file as the import keeps it, one object a row: refused with the reason, or checked
 * (`formerId`: the id its entry may have been logged under before, importedIdsOf).
 */
type CheckedRow = RowToLog & { child: BabyBuddyChildRef | null; formerId: string | null };
type FileRow = CheckedRow | { line: number; child: BabyBuddyChildRef | null; refused: string };

/** A session's times, in milliseconds. */
const spanOf = (times: { startedAt: string; endedAt: string }): Span => ({ start: instantMs(times.startedAt), end: instantMs(times.endedAt) });

/** Rows looked up in the event store at once, whether they were imported before: one query each. */
const LOOKUPS_AT_ONCE = 500;

/** The items in lists of `size`. */
function* slicesOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

const isGrowthFormat = (format: string) => ['babybuddy-weight', 'babybuddy-height', 'babybuddy-head-circumference'].includes(format);

/** A file's refusal as the API says it. */
const asBadRequest = (error: unknown): never => {
  if (error instanceof ImportFormatError || error instanceof CsvError) throw new HttpError(400, error.message);
  throw error;
};

/**
 * Imports a file (this app's CSV export, or one of Baby Buddy's tables as CSV or XLSX) into a
 * child: every row through its kind's own rules and writes, so what is refused is refused for the
 * reason a form would give. The preview decides the same without writing. A large file is read,
 * checked and written in slices, so that other requests are answered meanwhile.
 */
export function entryImport(deps: CommandDeps) {
  const { eventStore, readStore, clock, cipher } = deps;
  const writes = importWrites(deps);
  const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
  const previewed = previewedFiles<{ format: string; rows: FileRow[] }>();

  /**
   * The file's rows, read in slices (CSV text, or an XLSX workbook's first sheet), each kept only as
   * `keep` makes it: a large file's rows are many.
   */
  async function readFile<Kept>(body: { csv?: string; xlsx?: string }, options: ImportOptions, keep: (row: ImportRow) => Kept) {
    const source: IterableIterator<CsvRow> = body.xlsx ? (await xlsxRows(body.xlsx)).values() : csvRows(body.csv ?? '');
    try {
      const { format, rowOf } = importReader(source.next().value ?? undefined, options);
      const rows: Kept[] = [];
      await eachInSlices(source, (row) => void rows.push(keep(rowOf(row))));
      return { format, rows };
    } catch (error) {
      return asBadRequest(error);
    }
  }

  /** The stream of a row's entry or measurement under an id. */
  const streamUnder = (row: AcceptedRow, id: string): string => (row.kind === 'growth' ? growthStreamId(id) : entryKind(row.kind).streamId(id));

  /**
   * Whether each row was imported before (its entry exists, or was deleted since, under its id or
   * its former id), or is this child's own entry exported earlier: 'before'. An entry this very
   * request logged (the same Idempotency-Key, sent again) is not: it counts as imported, as the
   * first answer said (its position); the same key sent with another file is refused as a form's
   * write refuses it. Looked up a slice of rows at a time, each slice's streams in one read.
   */
  async function earlier(rows: readonly CheckedRow[], childId: string, key: IdempotentRequest | null) {
    const found: ('new' | 'before' | 'key-reused' | number)[] = [];
    await eachInSlices(slicesOf(rows, LOOKUPS_AT_ONCE), async (slice) => {
      const streams = slice.map((row) => streamUnder(row, row.id));
      const logged = await eventStore.readStreams(streams);
      const formerStreams = slice.map((row, index) => (logged.has(streams[index]!) || !row.formerId ? null : streamUnder(row, row.formerId)));
      const former = formerStreams.some((stream) => stream !== null) ? await eventStore.readStreams(formerStreams.filter((stream) => stream !== null)) : new Map();
      for (const [index, stream] of streams.entries()) {
        const events = logged.get(stream);
        const first = former.get(formerStreams[index] ?? '')?.[0];
        // Nothing is logged under a former id any more: one not found now is not looked up again
        // by the import that takes the rows this preview kept.
        if (formerStreams[index] && !first) slice[index]!.formerId = null;
        if (events) {
          const mine = key && events.findLast((event) => event.metadata.idempotencyKey === key.key);
          found.push(!mine ? 'before' : mine.metadata.idempotencyRequest === key.request ? mine.position : 'key-reused');
        } else found.push((first?.data as { childId?: string } | undefined)?.childId === childId ? 'before' : 'new');
      }
    });
    return found;
  }

  /**
   * What importing the file would do. A preview keeps the file's checked rows for the import that
   * follows it, which then checks none of them again: it only looks again at what they meet in the
   * store (previewed-files.ts).
   */
  async function plan(userId: string, childId: string, input: unknown, { key = null, preview = false }: { key?: IdempotentRequest | null; preview?: boolean }) {
    const body = parseInput(importBody, input);
    const child = await loadChildAs(eventStore, childId, userId);
    const timezone = child.profile.timezone;
    const units = await readerUnits(readStore, userId);
    const options = { timezone, amountUnit: body.amountUnit ?? units?.volume ?? 'oz', growthUnits: body.growthUnits ?? units?.growth ?? 'metric' } satisfies ImportOptions;
    const now = clock();
    const birthDate = (await cipher.openForChild(childId, child.ownerId, child.profile.birthDate)) ?? '';
    const today = localDateOf(now, timezone);

    /**
     * A row through its kind's rules, as it is read: only what the import needs of it is kept. A body
     * the reader made in its schema's form goes to the rules as it is; any other is parsed first.
     */
    const checkRow = (row: ImportRow): FileRow => {
      if ('refused' in row) return row;
      const { line, child } = row;
      const { id, formerId } = importedIdsOf(childId, row);
      try {
        if (row.kind === 'growth') {
          const details = growthImport.check({ ...row.body, childId }, { birthDate, today });
          return { line, child, formerId, id, kind: 'growth', details, date: details.measuredOn };
        }
        const kind = entryKind(row.kind);
        const entry = kind.check(row.asParsed ? row.body : parseInput(kind.body, { ...row.body, childId }), now, 'file');
        checkNotBeforeBirth(entry.startedAt, { birthDate, timezone }, kind.startField);
        return { line, child, formerId, id, kind: row.kind, checked: entry, date: localDateOf(entry.startedAt, timezone) };
      } catch (error) {
        const message = refusalMessage(error);
        if (message === null) throw error;
        return { line: row.line, child: row.child, refused: message };
      }
    };

    const checkedKey = await previewed.keyOf([userId, childId, birthDate, JSON.stringify(options), body.csv ?? '', body.xlsx ?? '']);
    const { format, rows } = (preview ? undefined : previewed.take(checkedKey, now)) ?? (await readFile(body, options, checkRow));
    if (preview) previewed.keep(checkedKey, { format, rows }, rows.length, now);
    const children = childrenInFile(rows);
    const chosen = (() => {
      try {
        return rowsOfChild(rows, children, body.babyBuddyChild);
      } catch (error) {
        return asBadRequest(error);
      }
    })();
    const refused: ImportSummary['refused'] = [];
    const accepted: AcceptedRow[] = [];
    const found = { format, children, growthUnits: isGrowthFormat(format) ? options.growthUnits : null, timezone, refused, accepted, alreadyImported: 0 };
    // Several children and none chosen: the preview names them, to choose from.
    if (!chosen) return { ...found, child: null, rows: rows.length };

    const candidates: CheckedRow[] = [];
    await eachInSlices(chosen.rows, (row) => {
      if ('refused' in row) refused.push({ line: row.line, message: row.refused });
      else candidates.push(row);
    });
    const before = await earlier(candidates, childId, key);
    // A row the file repeats (no id column, the same times) names the entry of the one before it:
    // logged once. Sessions are left to the overlap rule, which names the line.
    const repeated = new Set<string>();
    await eachInSlices(candidates, (row, index) => {
      const earlierOne = before[index]!;
      const session = row.kind !== 'growth' && isSessionKind(row.kind);
      if (earlierOne === 'key-reused') refused.push({ line: row.line, message: KEY_REUSED });
      else if (earlierOne === 'before' || (!session && repeated.has(row.id))) found.alreadyImported++;
      else accepted.push(earlierOne === 'new' ? row : { ...row, loggedAt: earlierOne });
      if (!session) repeated.add(row.id);
    });
    return { ...found, child: chosen.child, rows: chosen.rows.length, accepted: await withoutOverlaps(childId, accepted, refused) };
  }

  /** Sessions that overlap one logged already, or an earlier row of the file, are refused as their form would refuse them. */
  async function withoutOverlaps(childId: string, rows: AcceptedRow[], refused: ImportSummary['refused']): Promise<AcceptedRow[]> {
    // The file's own rows logged by this very request before (sent again) are not in their own way.
    const ownIds = new Set<string>();
    const sessionsOf = new Map<SessionKind, { rows: AcceptedRow[]; spans: Span[]; from: number; to: number }>();
    await eachInSlices(rows, (row) => {
      if (row.loggedAt !== undefined) ownIds.add(row.id);
      if (row.kind === 'growth' || !isSessionKind(row.kind)) return;
      let sessions = sessionsOf.get(row.kind);
      if (!sessions) sessionsOf.set(row.kind, (sessions = { rows: [], spans: [], from: Infinity, to: -Infinity }));
      const span = spanOf(row.checked);
      sessions.rows.push(row);
      sessions.spans.push(span);
      sessions.from = Math.min(sessions.from, span.start);
      sessions.to = Math.max(sessions.to, span.end);
    });
    const dropped = new Set<AcceptedRow>();
    for (const [kind, sessions] of sessionsOf) {
      const range = { startedAt: { $lt: new Date(sessions.to).toISOString() }, endedAt: { $gt: new Date(sessions.from).toISOString() } };
      const logged = (await timeline.find({ childId, kind, ...range }, { readOnly: true })).filter((doc) => !ownIds.has(doc._id));
      await eachInSlices(overlapSweep(sessions.spans, logged.map(spanOf)), (overlap, index) => {
        if (overlap === null) return;
        const row = sessions.rows[index]!;
        dropped.add(row);
        refused.push({ line: row.line, message: overlap === 'logged' ? overlapMessage(kind) : `${overlapMessage(kind)} (line ${sessions.rows[overlap]!.line})` });
      });
    }
    if (dropped.size === 0) return rows;
    const kept: AcceptedRow[] = [];
    await eachInSlices(rows, (row) => void (dropped.has(row) || kept.push(row)));
    return kept;
  }

  function summary(planned: Awaited<ReturnType<typeof plan>>, imported: readonly AcceptedRow[]): ImportSummary {
    const entries = Object.fromEntries(ENTRY_KIND_NAMES.map((kind) => [kind, 0])) as ImportSummary['entries'];
    let measurements = 0;
    let from: string | null = null;
    let to: string | null = null;
    for (const row of imported) {
      if (row.kind === 'growth') measurements++;
      else entries[row.kind]++;
      if (from === null || row.date < from) from = row.date;
      if (to === null || row.date > to) to = row.date;
    }
    return {
      format: planned.format,
      rows: planned.rows,
      entries,
      measurements,
      alreadyImported: planned.alreadyImported,
      from,
      to,
      refused: [...planned.refused].sort((a, b) => a.line - b.line),
      children: planned.children,
      child: planned.child,
      growthUnits: planned.growthUnits,
    };
  }

  return {
    /** POST /api/children/:id/import/preview: what the import would do; writes nothing. */
    async preview(userId: string, childId: string, input: unknown): Promise<ImportSummary> {
      const planned = await plan(userId, childId, input, { preview: true });
      return summary(planned, planned.accepted);
    },

    /**
     * POST /api/children/:id/import: logs every accepted row as the importing member. A row refused
     * now (an overlap logged since the preview) is reported, not fatal; sent again with its key, or
     * the same file again, nothing is logged twice.
     */
    async run(actor: WriteActor, childId: string, input: unknown): Promise<{ summary: ImportSummary; position: number }> {
      const planned = await plan(actor.userId, childId, input, { key: actor.idempotent });
      if (planned.child === null && planned.children.length > 1) throw new HttpError(400, severalChildren(planned.children).message);
      await otherWorkFirst();
      const again = planned.accepted.filter((row) => row.loggedAt !== undefined);
      const written = await writes.write(
        actor,
        childId,
        planned.accepted.filter((row) => row.loggedAt === undefined),
      );
      const position = again.reduce((last, row) => Math.max(last, row.loggedAt!), written.position);
      const done = { ...planned, refused: [...planned.refused, ...written.refused], alreadyImported: planned.alreadyImported + written.foundLogged };
      return { summary: summary(done, [...again, ...written.logged]), position };
    },
  };
}
