import type { ReadStore } from '../ports/read-store';
import { liveReadModelVersion, readModelsOfVersion } from './read-model-versions';
import { createSwitchableReadStore } from './switchable-read-store';

export interface LiveReadModels extends ReadStore {
  /** The version read now (null: the read models from before versions). */
  version(): string | null;
  /** Looks at the pointer now rather than at the next poll: for the process that just moved it. */
  follow(): Promise<void>;
}

/** How often readers look whether a rebuild has moved the pointer; the old version is kept well beyond this. */
export const LIVE_VERSION_POLL_MS = 1000;

/**
 * What the full stack's readers (query-api, command-api's checks and jobs) use: the live version's
 * read models in `store`, following the pointer within a poll of its move. Handles taken before a
 * switch read the new version after it, as in the embedded default's switch.
 */
export async function followLiveReadModels(store: ReadStore, pollMs = LIVE_VERSION_POLL_MS): Promise<LiveReadModels> {
  let version = await liveReadModelVersion(store);
  const readers = createSwitchableReadStore(readModelsOfVersion(store, version));
  const look = async (): Promise<void> => {
    const next = await liveReadModelVersion(store);
    if (next === version) return;
    version = next;
    readers.switchTo(readModelsOfVersion(store, next));
  };
  // An unreachable store is looked at again at the next poll; reads meet the failure themselves.
  const timer = setInterval(() => void look().catch(() => undefined), pollMs);
  timer.unref();
  return {
    collection: (name) => readers.collection(name),
    dropCollections: (matching) => readers.dropCollections(matching),
    commit: () => readers.commit(),
    version: () => version,
    follow: look,
    async close() {
      clearInterval(timer);
      await store.close();
    },
  };
}
