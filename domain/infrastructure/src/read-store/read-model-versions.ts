import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Collection, Doc, ReadStore } from '../ports/read-store';

/*
 * Versions of the read models side by side in one store (the full stack's MongoDB): a version's
 * collections carry its name as a prefix (`v3f9c0a1b2d4e.timeline`), and one document names the
 * version readers use. A rebuild writes the next version's collections while readers go on with the
 * live one; moving the pointer is the switch, one write for every collection at once (renaming
 * collections would be one step per collection, and readers could see a mix). Read models from
 * before versions (plain names) are the live version `null` until the first switch.
 */

/** The one collection outside every version: where the live version is named. */
export const READ_MODEL_VERSIONS_COLLECTION = 'read_model_versions';
const LIVE_ID = 'live';

interface LiveVersionDocument extends Doc {
  _id: typeof LIVE_ID;
  version: string;
  switchedAt: string;
  /** Tells two switches apart, even within one millisecond. */
  switchId: string;
  /** Versions switches retired whose collections are still there (null: the plain names). */
  retired: (string | null)[];
}

const PREFIX = /^v[0-9a-f]+\./;

/** Whether a collection belongs to `version` (null: the plain names of read models from before versions). */
export function isCollectionOf(version: string | null): (name: string) => boolean {
  if (version === null) return (name) => !PREFIX.test(name) && name !== READ_MODEL_VERSIONS_COLLECTION;
  return (name) => name.startsWith(`v${version}.`);
}

/** One version's read models, seen as a store of their own: projections and queries use plain names. */
export function readModelsOfVersion(store: ReadStore, version: string | null): ReadStore {
  const prefix = version === null ? '' : `v${version}.`;
  const belongs = isCollectionOf(version);
  return {
    collection: <T extends Doc = Doc>(name: string): Collection<T> => store.collection<T>(prefix + name),
    dropCollections: (matching = () => true) => store.dropCollections((name) => belongs(name) && matching(name.slice(prefix.length))),
    commit: () => store.commit(),
    // The store holds every version: it is closed by whoever opened it.
    close: async () => undefined,
  };
}

/** The version readers use, or null while the read models from before versions are live. */
export async function liveReadModelVersion(store: ReadStore): Promise<string | null> {
  const live = await store.collection<LiveVersionDocument>(READ_MODEL_VERSIONS_COLLECTION).findOne({ _id: LIVE_ID });
  return live?.version ?? null;
}

/** Makes `version` the one readers use, retiring the one they used: one write, so readers switch every collection at once. */
export async function switchLiveReadModelVersion(store: ReadStore, version: string, clock: () => Date = () => new Date()): Promise<void> {
  const pointers = store.collection<LiveVersionDocument>(READ_MODEL_VERSIONS_COLLECTION);
  const live = await pointers.findOne({ _id: LIVE_ID });
  if (live?.version === version) return;
  const retired = [...(live?.retired ?? []), live?.version ?? null].filter((old) => old !== version);
  await pointers.replaceOne({ _id: LIVE_ID }, { _id: LIVE_ID, version, switchedAt: clock().toISOString(), switchId: randomUUID(), retired }, { upsert: true });
  // On a store that commits (PostgreSQL), the switch is seen by other processes only once committed.
  await store.commit();
}

/**
 * Drops the versions switches retired once `keptMs` have passed since the last switch (readers
 * follow the pointer within a poll, and what they started on the old version ends meanwhile).
 * Resolves with the versions dropped; none when `signal` ended the wait.
 */
export async function dropRetiredReadModels(store: ReadStore, keptMs: number, signal: AbortSignal, now: () => number = Date.now): Promise<(string | null)[]> {
  const pointers = store.collection<LiveVersionDocument>(READ_MODEL_VERSIONS_COLLECTION);
  const live = await pointers.findOne({ _id: LIVE_ID });
  if (!live || live.retired.length === 0) return [];
  const wait = Date.parse(live.switchedAt) + keptMs - now();
  if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined);
  if (signal.aborted) return [];
  // A switch meanwhile (back to a retired version, even) starts another wait, for whoever made it.
  const still = await pointers.findOne({ _id: LIVE_ID });
  if (still?.switchId !== live.switchId) return [];
  for (const retired of live.retired) await store.dropCollections(isCollectionOf(retired));
  await pointers.updateOne({ _id: LIVE_ID, switchId: live.switchId }, { $pull: { retired: { $in: live.retired } } });
  await store.commit();
  return live.retired;
}
