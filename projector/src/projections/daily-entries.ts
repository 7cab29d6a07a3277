import { entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import { byStartMs, type DailyInput, type TimedDiaper, type TimedFeeding, type TimedSleep } from '@nightlight/domain/insights/daily-insights';
import type { EntriesWindow } from '@nightlight/domain/insights/daily-insights-window';
import { detailsOf, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { firstIndexNotBelow } from '@nightlight/domain/shared/first-index';
import { instantMs } from '@nightlight/domain/time/zoned-time';
import type { ProjectionContext } from '../projection';

/** What a child's entries add to their days, by what the insights count them as, each oldest first (byStartMs). */
export interface DailyInputs {
  feedings: TimedFeeding[];
  sleeps: TimedSleep[];
  diapers: TimedDiaper[];
}

/** A child's entries as daily insights count them, for a span of start times known in full. */
interface KnownSpan {
  from: number;
  to: number;
  /** By entry id: what each entry starting in the span adds to its day (null: pumping, nothing). */
  byId: Map<string, DailyInput | null>;
  /** The same, in the order the insights take them: a recompute neither sorts nor sifts the span. */
  inputs: DailyInputs;
}

/**
 * How many entries are kept, over all children (a few hundred bytes each, so about 15 MB): the
 * three days or so a write's dates reach hold 40–200 entries of a child, so this keeps the recent
 * days of several hundred to a thousand children, the least recently written to going first.
 */
const ENTRIES_KEPT = 50_000;

/**
 * What daily insights need of a child's timeline, kept between events: recomputing a date after one
 * entry changed read its whole window of entries from the store again, the largest part of a
 * write's projection (`http.bench.ts`). The timeline projection tells of every entry it writes
 * or deletes (`entryWritten`), so the one entry goes in or out, at its place; a span not known is
 * read once. Per projection context: a rebuild's projector, on a thread of its own, keeps its own.
 */
export class DailyEntries {
  private readonly children = new Map<string, KnownSpan>();
  private kept = 0;
  /** Counts the entries written: a span read while one was written may have missed it, and is not kept. */
  private writes = 0;

  /** What the entries of `childId` starting in [from, to) add to their days, read from the timeline when not known. */
  async within(childId: string, from: number, to: number, read: () => Promise<TimelineDocument[]>): Promise<DailyInputs> {
    const known = this.children.get(childId);
    if (known && from >= known.from && to <= known.to) {
      this.keep(childId, known);
      return inputsWithin(known.inputs, { from, to });
    }
    const writesBefore = this.writes;
    const byId = new Map<string, DailyInput | null>();
    const inputs: DailyInputs = { feedings: [], sleeps: [], diapers: [] };
    for (const doc of await read()) {
      const input = dailyInputOf(doc);
      byId.set(doc._id, input);
      if (input) {
        const { list, part } = placeOf(inputs, input);
        list.push(part);
      }
    }
    inputs.feedings.sort(byStartMs);
    inputs.sleeps.sort(byStartMs);
    inputs.diapers.sort(byStartMs);
    if (this.writes === writesBefore) this.keep(childId, { from, to, byId, inputs });
    // Slices, as for a span known: the kept lists change as entries are written.
    return inputsWithin(inputs, { from, to });
  }

  /** An entry was written to the timeline (`doc`) or deleted from it (null). */
  entryWritten(childId: string, id: string, doc: TimelineDocument | null): void {
    this.writes += 1;
    const known = this.children.get(childId);
    if (!known) return;
    const old = known.byId.get(id);
    if (old !== undefined) {
      known.byId.delete(id);
      this.kept -= 1;
      if (old) {
        const { list, part } = placeOf(known.inputs, old);
        list.splice(list.indexOf(part), 1);
      }
    }
    if (!doc || instantMs(doc.startedAt) < known.from || instantMs(doc.startedAt) >= known.to) return;
    const input = dailyInputOf(doc);
    known.byId.set(id, input);
    this.kept += 1;
    if (input) {
      const { list, part } = placeOf(known.inputs, input);
      list.splice(firstIndexNotBelow(list.length, (index) => byStartMs(list[index]!, part) < 0), 0, part);
    }
  }

  /** The child's timeline was rewritten or removed: nothing of it is known any more. */
  forget(childId: string): void {
    this.writes += 1;
    this.drop(childId);
  }

  /** Most recently used last: the least recently used children go first. */
  private keep(childId: string, span: KnownSpan): void {
    this.drop(childId);
    this.children.set(childId, span);
    this.kept += span.byId.size;
    for (const [oldest] of this.children) {
      if (this.kept <= ENTRIES_KEPT || oldest === childId) break;
      this.drop(oldest);
    }
  }

  private drop(childId: string): void {
    const known = this.children.get(childId);
    if (known) this.kept -= known.byId.size;
    this.children.delete(childId);
  }
}

const dailyInputOf = (doc: TimelineDocument): DailyInput | null =>
  entryKind(doc.kind).timeline.dailyInput({ id: doc._id, startedAt: doc.startedAt, endedAt: doc.endedAt, details: detailsOf(doc) });

type Part = TimedFeeding | TimedSleep | TimedDiaper;

/** Where an entry goes, by what the insights count it as (a feed, a sleep or a diaper change): its list, and what the list holds of it. */
function placeOf(inputs: DailyInputs, input: DailyInput): { list: Part[]; part: Part } {
  if ('feeding' in input) return { list: inputs.feedings, part: input.feeding };
  if ('sleep' in input) return { list: inputs.sleeps, part: input.sleep };
  return { list: inputs.diapers, part: input.diaper };
}

/** The entries (oldest first) that start inside the window, found by two binary searches. */
export function startingWithin<T extends { start: number }>(entries: readonly T[], window: EntriesWindow): T[] {
  const firstAtOrAfter = (ms: number) => firstIndexNotBelow(entries.length, (index) => entries[index]!.start < ms);
  return entries.slice(firstAtOrAfter(window.from), firstAtOrAfter(window.to));
}

const inputsWithin = (inputs: DailyInputs, window: EntriesWindow): DailyInputs => ({
  feedings: startingWithin(inputs.feedings, window),
  sleeps: startingWithin(inputs.sleeps, window),
  diapers: startingWithin(inputs.diapers, window),
});

const byContext = new WeakMap<ProjectionContext, DailyEntries>();

/** The entries kept for this projection context. */
export function dailyEntriesOf(context: ProjectionContext): DailyEntries {
  let entries = byContext.get(context);
  if (!entries) byContext.set(context, (entries = new DailyEntries()));
  return entries;
}
