import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';

export interface ProjectionContext {
  readStore: ReadStore;
  cipher: PersonalDataCipher;
  /**
   * Derived documents (daily insights) are marked here and computed once for all the events that
   * touch them, when the runner settles it. Without it (a one-off use of a projection), at once.
   */
  deferred?: DeferredWork;
}

/**
 * Work marked by key within a group (a child's dates), done once per group for all the keys marked
 * by then: asking twice in one batch does it once, and a group's keys are settled together. Keys
 * come in two parts, so marking work needs no new string: this runs for every event of a replay.
 */
export class DeferredWork {
  private readonly pending = new Map<string, { keys: Set<string>; work: GroupWork }>();

  has(group: string, key: string): boolean {
    return this.pending.get(group)?.keys.has(key) ?? false;
  }

  /** Marks `key`; `work` is the group's, used when the group has nothing pending yet. */
  add(group: string, key: string, work: GroupWork): void {
    let marked = this.pending.get(group);
    if (!marked) this.pending.set(group, (marked = { keys: new Set(), work }));
    marked.keys.add(key);
  }

  /**
   * Does every group's pending work, including groups marked meanwhile. Work that fails stops the
   * settlement; its keys stay pending for the next one when `retryable` says so, and are dropped otherwise.
   */
  async settle(retryable: (error: unknown) => boolean = () => true): Promise<void> {
    for (const [group, { keys, work }] of this.pending) {
      // Taken out first: marked again while its work runs, the group must run again.
      this.pending.delete(group);
      try {
        await work(group, [...keys]);
      } catch (error) {
        if (retryable(error)) for (const key of keys) this.add(group, key, work);
        throw error;
      }
    }
  }
}

export type GroupWork = (group: string, keys: readonly string[]) => Promise<void>;

/**
 * A read model kept up to date from events. apply() must be idempotent (an event seen twice
 * changes nothing) and deterministic (a rebuild from position 0 gives the same documents).
 */
export interface Projection {
  name: string;
  /**
   * Raised when what the projection writes changes (a new field, a fixed computation): the next
   * start builds the read models of the new version beside the old ones (1 when not given).
   */
  version?: number;
  handles: ReadonlySet<string>;
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
}

/** The child an event is about, used to split work between projector shards. */
export function childIdOf(event: RecordedEvent): string | null {
  const data = event.data as { childId?: unknown };
  return typeof data?.childId === 'string' ? data.childId : null;
}
