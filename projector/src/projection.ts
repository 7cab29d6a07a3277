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
 * Work keyed so that asking twice in one batch does it once. Keys come in two parts (a child and a
 * date), so marking work needs no new string: this runs for every event of a replay.
 */
export class DeferredWork {
  private readonly pending = new Map<string, Map<string, () => Promise<void>>>();

  has(group: string, key: string): boolean {
    return this.pending.get(group)?.has(key) ?? false;
  }

  add(group: string, key: string, work: () => Promise<void>): void {
    let works = this.pending.get(group);
    if (!works) this.pending.set(group, (works = new Map()));
    works.set(key, work);
  }

  /**
   * Does every pending piece, including pieces added meanwhile. A piece that fails stops the
   * settlement; it stays pending for the next one when `retryable` says so, and is dropped otherwise.
   */
  async settle(retryable: (error: unknown) => boolean = () => true): Promise<void> {
    for (const [group, works] of this.pending) {
      for (const [key, work] of works) {
        // Taken out first: asked for again while it runs, it must run again.
        works.delete(key);
        try {
          await work();
        } catch (error) {
          if (retryable(error) && !works.has(key)) works.set(key, work);
          throw error;
        }
      }
      if (works.size === 0) this.pending.delete(group);
    }
  }
}

/**
 * A read model kept up to date from events. apply() must be idempotent (an event seen twice
 * changes nothing) and deterministic (a rebuild from position 0 gives the same documents).
 */
export interface Projection {
  name: string;
  handles: ReadonlySet<string>;
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
}

/** The child an event is about, used to split work between projector shards. */
export function childIdOf(event: RecordedEvent): string | null {
  const data = event.data as { childId?: unknown };
  return typeof data?.childId === 'string' ? data.childId : null;
}
