import { createHash } from 'node:crypto';
import { createMemoryReadStore } from '@nightlight/infrastructure/read-store/memory-read-store';
import type { Collection, Doc, ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { CHECKPOINTS_COLLECTION } from '@nightlight/projector/projector-runner';

/**
 * A read store that remembers every collection anyone asked for. The port has no "list
 * collections", and comparing only a hand-kept list would miss a read model added later.
 */
export interface RecordingReadStore extends ReadStore {
  names(): string[];
}

export function recordingReadStore(inner: ReadStore = createMemoryReadStore()): RecordingReadStore {
  const names = new Set<string>();
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      names.add(name);
      return inner.collection<T>(name);
    },
    dropCollections: (matching) => inner.dropCollections(matching),
    commit: () => inner.commit(),
    close: () => inner.close(),
    names: () => [...names].sort(),
  };
}

/** JSON with object keys sorted, so two equal documents always print the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export interface CollectionDigest {
  count: number;
  sha256: string;
}

/** One digest per read-model collection (checkpoints left out: they differ by design between runs and shards). */
export async function digestReadModels(store: ReadStore, names: readonly string[]): Promise<Record<string, CollectionDigest>> {
  const digests: Record<string, CollectionDigest> = {};
  for (const name of [...new Set(names)].sort()) {
    if (name === CHECKPOINTS_COLLECTION) continue;
    const docs = await store.collection(name).find({});
    docs.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    const hash = createHash('sha256');
    for (const doc of docs) hash.update(canonical(doc)).update('\n');
    digests[name] = { count: docs.length, sha256: hash.digest('hex') };
  }
  return digests;
}

/**
 * A copy of every document, checkpoints included, as it is at this moment: what a durable read
 * store (MongoDB) would still hold after the projector process was killed right now.
 */
export async function snapshotReadStore(store: RecordingReadStore): Promise<RecordingReadStore> {
  const copy = recordingReadStore();
  for (const name of store.names()) {
    const docs = await store.collection(name).find({});
    const target = copy.collection(name);
    for (const doc of docs) await target.insertOne(structuredClone(doc));
  }
  return copy;
}
