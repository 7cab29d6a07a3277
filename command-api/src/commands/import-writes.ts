import { ENTRY_KIND_LIST, entryKind, isSessionKind, type SessionKind } from '@nightlight/domain/entries/all-entry-kinds';
import type { CheckedEntry } from '@nightlight/domain/entries/entry-kind-definition';
import type { EntryKind } from '@nightlight/domain/entries/entry-kinds';
import { overlapMessage, slotDays } from '@nightlight/domain/entry-slots/entry-slot.decider';
import type { EntrySlot } from '@nightlight/domain/entry-slots/entry-slot.events';
import type { GrowthDetails } from '@nightlight/domain/growth/growth.events';
import { TIMELINE_COLLECTION, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import { growthStreamId } from '@nightlight/domain/shared/stream-ids';
import { instantMs } from '@nightlight/domain/time/zoned-time';
import { WrongExpectedRevisionError, type NewEvent } from '@nightlight/infrastructure/ports/event-store';
import { eachInSlices } from '@nightlight/infrastructure/event-loop/in-slices';
import type { CommandDeps } from '../command-deps';
import { commandMetadata, newEventsWith } from '../command-handler';
import type { WriteActor } from '../write-reply';
import { entryWrites, loggedEntryDataNow } from './entry-writes';
import { growthImport } from './growth-import';
import { claimImportSlots, matchImportSlots, type ImportDays, type SessionClaim } from './import-slots';

/**
 * Rows written together: their days' slots claimed while they are sealed, committed with the
 * entries of the group before them, then their own entries appended (docs/benchmarks.md, "Import").
 */
const ROWS_AT_ONCE = 1_000;
const DAY_MS = 86_400_000;

/** A row an import logs: the id of its entry or measurement, the local date it counts on, and what it records. */
export type RowToLog = { line: number; id: string; date: string } & ({ kind: EntryKind; checked: CheckedEntry } | { kind: 'growth'; details: GrowthDetails });

type Session = Extract<RowToLog, { kind: EntryKind }> & { kind: SessionKind };
const isSession = (row: RowToLog): row is Session => row.kind !== 'growth' && isSessionKind(row.kind);
const claimOf = (row: Session): SessionClaim => ({ entryId: row.id, startedAt: row.checked.startedAt, endedAt: row.checked.endedAt });

/**
 * Seals as `seal` does, the empty text once for all (most of a file's rows have no notes): each
 * empty note then records the same sealed value, which says no more than its length already does
 * (nothing), and no IV is used twice for two texts (docs/decisions.md, "Imports").
 */
function sealingEmptyOnce(seal: (text: string) => string): (text: string) => string {
  let sealedEmpty: string | null = null;
  return (text) => (text === '' ? (sealedEmpty ??= seal('')) : seal(text));
}

/** A row with the events that log it, appended to its own new stream. */
type Prepared = { row: RowToLog; streamId: string; events: NewEvent[] };

export interface WrittenRows {
  logged: RowToLog[];
  refused: { line: number; message: string }[];
  /**
   * Rows whose entry was logged after the import looked: by another writer (the same file imported
   * at once elsewhere), or by the same row earlier in the file (a file that repeats a row).
   */
  foundLogged: number;
  position: number;
}

/**
 * The import's writes: every rule of a form's write, decided for many rows at once. The child and
 * the member were checked, and the rows decided, before (entry-import.ts); here each row's event is
 * made as its form's write makes it (notes sealed with the child's key), a day's sessions claim their
 * slots in one append to the day's stream (which decides overlaps with whatever else writes there
 * meanwhile), and each entry is appended to its own new stream, the appends of many rows in one
 * commit of the event store.
 */
export function importWrites(deps: CommandDeps) {
  const { eventStore, readStore, clock, newId } = deps;
  const holders = Object.fromEntries(ENTRY_KIND_LIST.map((kind) => [kind.kind, entryWrites(deps, kind).holderOf])) as Record<EntryKind, ReturnType<typeof entryWrites>['holderOf']>;
  const timeline = readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);

  /**
   * The slots each day of one kind opens with, if it has no stream yet: the entries logged before
   * days had streams, read from the timeline once for all the days from `from` to `to` (ms).
   */
  async function historyOf(kind: SessionKind, childId: string, { from, to }: { from: number; to: number }): Promise<(day: string) => EntrySlot[]> {
    // From the start of the first day to the end of the last: every entry reaching into one of them.
    const firstDay = new Date(Math.floor(from / DAY_MS) * DAY_MS).toISOString();
    const afterLastDay = new Date(Math.ceil(to / DAY_MS) * DAY_MS).toISOString();
    const logged = await timeline.find({ childId, kind, startedAt: { $lt: afterLastDay }, endedAt: { $gt: firstDay } }, { readOnly: true });
    const byDay = new Map<string, EntrySlot[]>();
    const claimedAt = clock().toISOString();
    for (const doc of logged) {
      for (const day of slotDays(doc)) {
        const slot = { entryId: doc._id, startedAt: doc.startedAt, endedAt: doc.endedAt, claimedAt };
        const onDay = byDay.get(day);
        if (onDay) onDay.push(slot);
        else byDay.set(day, [slot]);
      }
    }
    return (day) => byDay.get(day) ?? [];
  }

  /** What logging the row appends, as its form's write would append it. */
  function prepare(row: RowToLog, childId: string, ownerId: string, seal: (text: string) => string, newEvent: (event: DomainEvent) => NewEvent): Prepared {
    let streamId: string;
    let events: DomainEvent[];
    if (row.kind === 'growth') {
      streamId = growthStreamId(row.id);
      events = growthImport.recorded({ measurementId: row.id, childId, ownerId }, row.details);
    } else {
      const entry = entryKind(row.kind);
      const data = loggedEntryDataNow(entry, seal, { id: row.id, childId, ownerId }, row.checked);
      streamId = entry.streamId(row.id);
      events = entry.decider.decide({ type: entry.commands.log, data }, entry.decider.initialState());
    }
    return { row, streamId, events: events.map(newEvent) };
  }

  /**
   * The rows in groups of whole days (by UTC date), about ROWS_AT_ONCE rows each, oldest first, and
   * the times each kind of session spans, in one pass over them.
   */
  async function grouped(rows: readonly RowToLog[]) {
    const days = new Map<string, RowToLog[]>();
    const spans = new Map<SessionKind, { from: number; to: number }>();
    await eachInSlices(rows, (row) => {
      const day = row.kind === 'growth' ? row.date : row.checked.startedAt.slice(0, 10);
      const onDay = days.get(day);
      if (onDay) onDay.push(row);
      else days.set(day, [row]);
      if (!isSession(row)) return;
      let span = spans.get(row.kind);
      if (!span) spans.set(row.kind, (span = { from: Infinity, to: -Infinity }));
      span.from = Math.min(span.from, instantMs(row.checked.startedAt));
      span.to = Math.max(span.to, instantMs(row.checked.endedAt));
    });
    const groups: RowToLog[][] = [];
    let group: RowToLog[] = [];
    for (const day of [...days.keys()].sort()) {
      group.push(...days.get(day)!);
      if (group.length >= ROWS_AT_ONCE) {
        groups.push(group);
        group = [];
      }
    }
    if (group.length > 0) groups.push(group);
    return { groups, spans };
  }

  return {
    /**
     * Logs the rows as the member: a session in the way of an entry logged meanwhile is refused as
     * its form would refuse it; a row whose entry was logged meanwhile counts as found.
     */
    async write(actor: WriteActor, childId: string, rows: readonly RowToLog[]): Promise<WrittenRows> {
      const written: WrittenRows = { logged: [], refused: [], foundLogged: 0, position: 0 };
      const seal = sealingEmptyOnce(await deps.cipher.childSealer(childId));
      const newEvent = newEventsWith(commandMetadata({ userId: actor.userId, correlationId: actor.correlationId, now: clock(), idempotency: actor.idempotent }), newId);
      const { groups, spans } = await grouped(rows);
      const kinds = [...spans.keys()];
      const daysOf = new Map<SessionKind, ImportDays>();
      for (const [kind, span] of spans) daysOf.set(kind, { kind, childId, actor, holderOf: holders[kind], historyOf: await historyOf(kind, childId, span) });
      const claimsOf = (some: readonly RowToLog[], kind: SessionKind) => some.flatMap((row) => (isSession(row) && row.kind === kind ? [claimOf(row)] : []));

      /**
       * Appends the entries whose slots are held; an entry that could not be appended gives its
       * slots back. Only the rows are kept while the event store writes: their events are its now.
       */
      async function append(ready: Prepared[]): Promise<void> {
        const failed: RowToLog[] = [];
        let failure: unknown = null;
        const appended: Promise<void>[] = [];
        await eachInSlices(ready, ({ row, streamId, events }) => {
          const appending = eventStore.append(streamId, events, 'no_stream').then(
            (result) => {
              written.position = Math.max(written.position, result.position);
              written.logged.push(row);
            },
            (error: unknown) => {
              failed.push(row);
              if (error instanceof WrongExpectedRevisionError) written.foundLogged++;
              else failure ??= error;
            },
          );
          appended.push(appending);
        });
        ready.length = 0;
        await Promise.all(appended);
        for (const kind of kinds) {
          const claims = claimsOf(failed, kind);
          if (claims.length > 0) await matchImportSlots(deps, daysOf.get(kind)!, claims).catch(() => undefined);
        }
        if (failure !== null) throw failure;
      }

      /** The ids of the group's sessions refused on their days. */
      async function claim(group: readonly RowToLog[]): Promise<Set<string>> {
        const refused = new Set<string>();
        for (const kind of kinds) {
          const claims = claimsOf(group, kind);
          if (claims.length > 0) for (const entryId of await claimImportSlots(deps, daysOf.get(kind)!, claims)) refused.add(entryId);
        }
        return refused;
      }

      let appending: Promise<void> = Promise.resolve();
      for (const group of groups) {
        // The group's days are claimed while its rows are sealed, their claims committed after the
        // entries of the group before: the writer is kept busy while this thread prepares.
        const claiming = claim(group);
        // Marked handled: awaited once the rows are prepared.
        claiming.catch(() => undefined);
        const prepared: Prepared[] = [];
        await eachInSlices(group, (row) => void prepared.push(prepare(row, childId, actor.userId, seal, newEvent)));
        const refused = await claiming;
        for (const { row } of prepared) {
          if (refused.has(row.id)) written.refused.push({ line: row.line, message: overlapMessage(row.kind as SessionKind) });
        }
        await appending;
        appending = append(prepared.filter(({ row }) => !refused.has(row.id)));
        // Marked handled: awaited with the next group, or at the end.
        appending.catch(() => undefined);
      }
      await appending;
      return written;
    },
  };
}
