import type { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { ReadStore } from '@nightlight/infrastructure/ports/read-store';

export interface ProjectionContext {
  readStore: ReadStore;
  cipher: PersonalDataCipher;
  /**
   * Set while catching up: derived documents (daily insights) are marked here and computed once per
   * batch instead of once per event. The runner settles it before it saves a checkpoint.
   */
  deferred?: DeferredWork;
}

/** Work keyed so that asking twice in one batch does it once. */
export class DeferredWork {
  private readonly pending = new Map<string, () => Promise<void>>();

  add(key: string, work: () => Promise<void>): void {
    this.pending.set(key, work);
  }

  /** Does every pending piece; one that fails stays pending, with those after it, for the next settle. */
  async settle(): Promise<void> {
    for (const [key, work] of this.pending) {
      await work();
      this.pending.delete(key);
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
