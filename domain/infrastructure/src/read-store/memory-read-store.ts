import { firstIndexNotBelow } from '@nightlight/domain/shared/first-index';
import {
  DuplicateKeyError,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type IndexOptions,
  type ReadStore,
  type SortSpec,
} from '../ports/read-store';
import { arrange, copy, idOnly, portCollection, stringRange, tester, valueAt } from './document-operations';

interface UniqueIndex {
  name: string;
  paths: string[];
  /** Index key -> _id of the document holding it. */
  owners: Map<string, string>;
}

/**
 * Ids of the documents holding each string value of an index's leading field and, when the index
 * has a second field, those ids kept ordered by its string value, so an equality plus a range on
 * the second field reads only the documents in that range.
 */
interface EqualityIndex {
  path: string;
  rangePath: string | null;
  members: Map<string, Set<string>>;
  ordered: Map<string, OrderedEntry[]>;
}

/** The documents a filter can match; `exact` when they all do, `orderedBy` the path they ascend by. */
interface Candidates<T> {
  docs: T[];
  exact: boolean;
  orderedBy: string | null;
}

interface OrderedEntry {
  key: string;
  id: string;
}

/** Just past a string in sort order: itself followed by the smallest character. */
const justAfter = (bound: string) => `${bound}\u0000`;

/** Index of the first entry whose key is at least `value` (keys ascending). */
function firstAtLeast(entries: readonly OrderedEntry[], value: string): number {
  return firstIndexNotBelow(entries.length, (index) => entries[index]!.key < value);
}

/** Where an entry goes: after every smaller key, and among equal keys in id order. */
function insertionPoint(entries: readonly OrderedEntry[], entry: OrderedEntry): number {
  return firstIndexNotBelow(entries.length, (index) => {
    const other = entries[index]!;
    return other.key < entry.key || (other.key === entry.key && other.id < entry.id);
  });
}

function createMemoryCollection<T extends Doc>(): Collection<T> & { clear(): void } {
  const documents = new Map<string, T>();
  const uniqueIndexes: UniqueIndex[] = [];
  const equalityIndexes: EqualityIndex[] = [];

  // Projections and queries address one document by _id, or one child's documents by an indexed
  // field; narrowing to those before mingo tests the filter keeps rebuilds and reads from scanning
  // the whole collection.
  const candidates = (filter: Filter): Candidates<T> => {
    const conditions = Object.keys(filter).length;
    const id = filter['_id'];
    if (typeof id === 'string') {
      const doc = documents.get(id);
      return { docs: doc ? [doc] : [], exact: conditions === 1, orderedBy: null };
    }
    for (const index of equalityIndexes) {
      const value = filter[index.path];
      if (typeof value !== 'string') continue;
      const ids = index.members.get(value);
      if (!ids) return { docs: [], exact: true, orderedBy: null };
      const range = index.rangePath ? stringRange(filter[index.rangePath]) : null;
      if (!range) return { docs: [...ids].map((member) => documents.get(member)!), exact: conditions === 1, orderedBy: null };
      const ordered = index.ordered.get(value) ?? [];
      const from = range.low === null ? 0 : firstAtLeast(ordered, range.low.inclusive ? range.low.value : justAfter(range.low.value));
      const to = range.high === null ? ordered.length : firstAtLeast(ordered, range.high.inclusive ? justAfter(range.high.value) : range.high.value);
      const docs = ordered.slice(from, to).map((entry) => documents.get(entry.id)!);
      return { docs, exact: conditions === 2, orderedBy: index.rangePath };
    }
    return { docs: [...documents.values()], exact: conditions === 0, orderedBy: null };
  };

  // Each write moves one entry in the ordered lists, so reads never sort a child's whole history.
  const orderedEntryOf = (index: EqualityIndex, doc: T): OrderedEntry | null => {
    if (index.rangePath === null) return null;
    const key = valueAt(doc, index.rangePath);
    return typeof key === 'string' ? { key, id: doc._id } : null;
  };

  const unindex = (doc: T): void => {
    for (const index of equalityIndexes) {
      const value = valueAt(doc, index.path);
      if (typeof value !== 'string') continue;
      index.members.get(value)?.delete(doc._id);
      const entry = orderedEntryOf(index, doc);
      const ordered = index.ordered.get(value);
      if (!entry || !ordered) continue;
      const at = insertionPoint(ordered, entry);
      if (ordered[at]?.id === entry.id) ordered.splice(at, 1);
    }
  };

  const reindex = (doc: T): void => {
    for (const index of equalityIndexes) {
      const value = valueAt(doc, index.path);
      if (typeof value !== 'string') continue;
      let ids = index.members.get(value);
      if (!ids) index.members.set(value, (ids = new Set()));
      ids.add(doc._id);
      const entry = orderedEntryOf(index, doc);
      if (!entry) continue;
      let ordered = index.ordered.get(value);
      if (!ordered) index.ordered.set(value, (ordered = []));
      const at = insertionPoint(ordered, entry);
      // Entries mostly arrive in order (a replay, a new entry): appending is much cheaper than splicing.
      if (at === ordered.length) ordered.push(entry);
      else ordered.splice(at, 0, entry);
    }
  };

  const firstMatch = (filter: Filter): T | undefined => {
    const id = idOnly(filter);
    return id === null ? matching(filter).docs[0] : documents.get(id);
  };

  const matching = (filter: Filter): Candidates<T> => {
    const found = candidates(filter);
    return found.exact ? found : { ...found, docs: found.docs.filter(tester(filter)) };
  };

  // Missing fields index as null, so two documents without the field collide, as in MongoDB.
  const indexKey = (index: UniqueIndex, doc: Record<string, unknown>): string =>
    JSON.stringify(index.paths.map((path) => valueAt(doc, path) ?? null));

  /**
   * Keeps a frozen document the caller no longer changes. `previous` is the one it replaces, when
   * the caller has already looked it up (null: none).
   */
  const store = (doc: T, previous: T | null | undefined = documents.get(doc._id)): void => {
    for (const index of uniqueIndexes) {
      const owner = index.owners.get(indexKey(index, doc));
      if (owner !== undefined && owner !== doc._id) {
        throw new DuplicateKeyError(`E11000 duplicate key error index: ${index.name} dup key: ${indexKey(index, doc)}`);
      }
    }
    for (const index of uniqueIndexes) {
      if (previous) index.owners.delete(indexKey(index, previous));
      index.owners.set(indexKey(index, doc), doc._id);
    }
    if (previous) unindex(previous);
    documents.set(doc._id, doc);
    reindex(doc);
  };

  const remove = (doc: T): void => {
    for (const index of uniqueIndexes) index.owners.delete(indexKey(index, doc));
    unindex(doc);
    documents.delete(doc._id);
  };

  const add = (doc: T, idFree: boolean): void => {
    if (!idFree && documents.has(doc._id)) {
      throw new DuplicateKeyError(`E11000 duplicate key error index: _id_ dup key: ${JSON.stringify(doc._id)}`);
    }
    store(doc, null);
  };

  const deleteMatching = (filter: Filter, limit: number): number => {
    const victims = matching(filter).docs.slice(0, limit);
    for (const doc of victims) remove(doc);
    return victims.length;
  };

  const find = (filter: Filter, options: FindOptions = {}): T[] => {
    // Sort before projecting, as MongoDB does, so a projection may leave out the sort keys.
    const { docs: matched, orderedBy } = matching(filter);
    const sortKeys = Object.entries(options.sort ?? {});
    // A range read through an index comes out ordered by the index's second field already.
    const presorted = sortKeys.length === 1 && sortKeys[0]![0] === orderedBy;
    if (presorted && sortKeys[0]![1] === -1) matched.reverse();
    return arrange(matched, options, presorted);
  };

  const createIndex = (keys: SortSpec, options?: IndexOptions): void => {
    const [leading, second] = Object.keys(keys);
    if (leading && leading !== '_id' && !equalityIndexes.some((index) => index.path === leading)) {
      const index: EqualityIndex = { path: leading, rangePath: second ?? null, members: new Map(), ordered: new Map() };
      equalityIndexes.push(index);
      for (const doc of documents.values()) reindex(doc);
    }
    if (!options?.unique) return;
    const paths = Object.keys(keys);
    const name = options.name ?? Object.entries(keys).map(([path, direction]) => `${path}_${direction}`).join('_');
    if (uniqueIndexes.some((index) => index.name === name)) return;
    const index: UniqueIndex = { name, paths, owners: new Map() };
    for (const doc of documents.values()) {
      const key = indexKey(index, doc);
      if (index.owners.has(key)) throw new DuplicateKeyError(`E11000 duplicate key error index: ${name} dup key: ${key}`);
      index.owners.set(key, doc._id);
    }
    uniqueIndexes.push(index);
  };

  return {
    ...portCollection<T>({
      find,
      findOne(filter, options) {
        // The most frequent reads: one document by its id, alone or with its owner's id.
        const id = filter['_id'];
        if (typeof id === 'string' && !options?.projection) {
          const doc = documents.get(id);
          if (doc === undefined || (idOnly(filter) === null && !tester(filter)(doc))) return null;
          return options?.readOnly ? doc : copy(doc);
        }
        return find(filter, { ...options, limit: 1 })[0] ?? null;
      },
      count: (filter) => matching(filter).docs.length,
      firstMatch,
      replace: (existing, doc) => store(doc, existing),
      add,
      deleteMatching,
      createIndex,
    }),
    clear() {
      documents.clear();
      uniqueIndexes.length = 0;
      equalityIndexes.length = 0;
    },
  };
}

/** The embedded read store: collections in memory, MongoDB semantics through mingo. */
export function createMemoryReadStore(): ReadStore {
  const collections = new Map<string, ReturnType<typeof createMemoryCollection>>();
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let collection = collections.get(name);
      if (!collection) {
        collection = createMemoryCollection();
        collections.set(name, collection);
      }
      return collection as unknown as Collection<T>;
    },
    async dropCollections(matching = () => true) {
      for (const [name, collection] of collections) if (matching(name)) collection.clear();
    },
    async commit() {},
    async close() {
      collections.clear();
    },
  };
}
