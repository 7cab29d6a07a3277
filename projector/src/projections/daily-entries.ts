import { entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import type { DailyInput } from '@nightlight/domain/insights/daily-insights';
import type { TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
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
 * The children whose recent entries are kept: each costs about 200 bytes an entry over the three
 * days or so a write's dates reach, so thousands of children are a few megabytes.
 */
const CHILDREN_KEPT = 2_000;

/**
 * What daily insights need of a child's timeline, kept between events: recomputing a date after one
 * entry changed read its whole window of entries from the store again, the largest part of a
 * write's projection (docs/benchmarks.md). The timeline projection tells of every entry it writes
 * or deletes (`entryWritten`), so the one entry goes in or out; a span not known is read once.
 * Per projection context: a rebuild's projector, on a thread of its own, keeps its own.
 */
export class DailyEntries {
  private readonly children = new Map<string, KnownSpan>();

  /** What the entries of `childId` starting in [from, to) add to their days, read from the timeline when not known. */
  async within(childId: string, from: number, to: number, read: () => Promise<TimelineDocument[]>): Promise<DailyInput[]> {
    const known = this.children.get(childId);
    const inputs: DailyInput[] = [];
    if (known && from >= known.from && to <= known.to) {
      this.keep(childId, known);
      for (const input of known.entries.values()) if (input && startOf(input) >= from && startOf(input) < to) inputs.push(input);
      return inputs;
    }
    const entries = new Map<string, DailyInput | null>();
    for (const doc of await read()) {
      const input = dailyInputOf(doc);
      entries.set(doc._id, input);
      if (input) inputs.push(input);
    }
    this.keep(childId, { from, to, entries });
    return inputs;
  }

  /** Most recently used last: the least recently used child goes first. */
  private keep(childId: string, span: KnownSpan): void {
    this.children.delete(childId);
    this.children.set(childId, span);
    if (this.children.size > CHILDREN_KEPT) this.children.delete(this.children.keys().next().value!);
  }

  /** An entry was written to the timeline (`doc`) or deleted from it (null). */
  entryWritten(childId: string, id: string, doc: TimelineDocument | null): void {
    const known = this.children.get(childId);
    if (!known) return;
    known.entries.delete(id);
    if (doc && instantMs(doc.startedAt) >= known.from && instantMs(doc.startedAt) < known.to) known.entries.set(id, dailyInputOf(doc));
  }

  /** The child's timeline was rewritten or removed: nothing of it is known any more. */
  forget(childId: string): void {
    this.children.delete(childId);
  }
}

const dailyInputOf = (doc: TimelineDocument): DailyInput | null => entryKind(doc.kind).timeline.dailyInput(doc);
const startOf = (input: DailyInput): number => ('feeding' in input ? input.feeding.start : 'sleep' in input ? input.sleep.start : input.diaper.start);

const byContext = new WeakMap<ProjectionContext, DailyEntries>();

/** The entries kept for this projection context. */
export function dailyEntriesOf(context: ProjectionContext): DailyEntries {
  let entries = byContext.get(context);
  if (!entries) byContext.set(context, (entries = new DailyEntries()));
  return entries;
}
