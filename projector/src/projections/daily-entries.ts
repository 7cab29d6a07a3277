import { entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import type { DailyInput } from '@nightlight/domain/insights/daily-insights';
import { detailsOf, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { instantMs } from '@nightlight/domain/time/zoned-time';
import type { ProjectionContext } from '../projection';

/** A child's entries as daily insights count them, for a span of start times known in full. */
interface KnownSpan {
  from: number;
  to: number;
  /** By entry id: what each entry starting in the span adds to its day (null: pumping, nothing). */
  entries: Map<string, DailyInput | null>;
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
 * write's projection (docs/benchmarks.md). The timeline projection tells of every entry it writes
 * or deletes (`entryWritten`), so the one entry goes in or out; a span not known is read once.
 * Per projection context: a rebuild's projector, on a thread of its own, keeps its own.
 */
export class DailyEntries {
  private readonly children = new Map<string, KnownSpan>();
  private kept = 0;
  /** Counts the entries written: a span read while one was written may have missed it, and is not kept. */
  private writes = 0;

  /** What the entries of `childId` starting in [from, to) add to their days, read from the timeline when not known. */
  async within(childId: string, from: number, to: number, read: () => Promise<TimelineDocument[]>): Promise<DailyInput[]> {
    const known = this.children.get(childId);
    const inputs: DailyInput[] = [];
    if (known && from >= known.from && to <= known.to) {
      this.keep(childId, known);
      for (const input of known.entries.values()) if (input && startOf(input) >= from && startOf(input) < to) inputs.push(input);
      return inputs;
    }
    const writesBefore = this.writes;
    const entries = new Map<string, DailyInput | null>();
    for (const doc of await read()) {
      const input = dailyInputOf(doc);
      entries.set(doc._id, input);
      if (input) inputs.push(input);
    }
    if (this.writes === writesBefore) this.keep(childId, { from, to, entries });
    return inputs;
  }

  /** An entry was written to the timeline (`doc`) or deleted from it (null). */
  entryWritten(childId: string, id: string, doc: TimelineDocument | null): void {
    this.writes += 1;
    const known = this.children.get(childId);
    if (!known) return;
    if (known.entries.delete(id)) this.kept -= 1;
    if (doc && instantMs(doc.startedAt) >= known.from && instantMs(doc.startedAt) < known.to) {
      known.entries.set(id, dailyInputOf(doc));
      this.kept += 1;
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
    this.kept += span.entries.size;
    for (const [oldest] of this.children) {
      if (this.kept <= ENTRIES_KEPT || oldest === childId) break;
      this.drop(oldest);
    }
  }

  private drop(childId: string): void {
    const known = this.children.get(childId);
    if (known) this.kept -= known.entries.size;
    this.children.delete(childId);
  }
}

const dailyInputOf = (doc: TimelineDocument): DailyInput | null =>
  entryKind(doc.kind).timeline.dailyInput({ id: doc._id, startedAt: doc.startedAt, endedAt: doc.endedAt, details: detailsOf(doc) });
const startOf = (input: DailyInput): number => ('feeding' in input ? input.feeding.start : 'sleep' in input ? input.sleep.start : input.diaper.start);

const byContext = new WeakMap<ProjectionContext, DailyEntries>();

/** The entries kept for this projection context. */
export function dailyEntriesOf(context: ProjectionContext): DailyEntries {
  let entries = byContext.get(context);
  if (!entries) byContext.set(context, (entries = new DailyEntries()));
  return entries;
}
