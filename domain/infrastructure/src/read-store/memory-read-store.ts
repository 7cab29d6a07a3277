import { randomUUID } from 'node:crypto';
import { Query } from 'mingo';
import { update as applyModifier, type Modifier } from 'mingo/updater';
import { firstIndexNotBelow } from '@nightlight/domain/shared/first-index';
import {
  DuplicateKeyError,
  type BulkOperation,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type SortSpec,
  type Update,
  type UpdateResult,
} from '../ports/read-store';

interface UniqueIndex {
  name: string;
  paths: string[];
  /** Index key -> _id of the document holding it. */
  owners: Map<string, string>;
}

function valueAt(doc: Record<string, unknown>, path: string): unknown {
  if (!path.includes('.')) return doc[path];
  let value: unknown = doc;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function setAt(doc: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let target = doc;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (next === null || typeof next !== 'object') target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys[keys.length - 1]!] = copy(value);
}

function isOperatorObject(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).some((key) => key.startsWith('$'))
  );
}

/** Like MongoDB, an upsert starts from the filter's equality conditions (top level and inside $and). */
function seedFromFilter(filter: Filter, seed: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) seedFromFilter(clause as Filter, seed);
    } else if (!key.startsWith('$')) {
      if (!isOperatorObject(value)) setAt(seed, key, value);
      else if (value !== null && typeof value === 'object' && '$eq' in value) setAt(seed, key, (value as { $eq: unknown }).$eq);
    }
  }
  return seed;
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

const RANGE_OPERATORS = ['$gte', '$gt', '$lte', '$lt'];

interface StringRange {
  low: { value: string; inclusive: boolean } | null;
  high: { value: string; inclusive: boolean } | null;
}

/** The bound a range condition's entries give with one of two operators, such as `$gte` or `$gt`. */
function boundOf(entries: readonly [string, unknown][], inclusive: string, exclusive: string): StringRange['low'] {
  const found = entries.find(([op]) => op === inclusive || op === exclusive);
  return found ? { value: found[1] as string, inclusive: found[0] === inclusive } : null;
}

/**
 * The bounds of a range condition on strings like { $gte: 'a', $lt: 'b' }; null if it is not one.
 * Every indexed range read asks this, so it makes no named closure (tsx names each one as it is made).
 */
function stringRange(condition: unknown): StringRange | null {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return null;
  const entries = Object.entries(condition);
  if (entries.length === 0 || entries.some(([op, value]) => !RANGE_OPERATORS.includes(op) || typeof value !== 'string')) return null;
  return { low: boundOf(entries, '$gte', '$gt'), high: boundOf(entries, '$lte', '$lt') };
}

/** Just past a string in sort order: itself followed by the smallest character. */
const justAfter = (bound: string) => `${bound}\u0000`;

/**
 * Documents are plain data (JSON-like, dates allowed); copying them field by field is several times
 * faster than structuredClone or a JSON round trip. Every read that is not read-only gets a copy.
 */
function copy<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as V;
  if (Array.isArray(value)) return value.map(copy) as V;
  const result: Record<string, unknown> = {};
  for (const key in value) result[key] = copy((value as Record<string, unknown>)[key]);
  return result as V;
}

/** Stored documents are frozen, so a read-only reader can be handed the document itself. */
function deepFreeze<V>(value: V): V {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const key in value) {
    // Tested here rather than in the call: most fields are strings and numbers, and a replay freezes a million documents.
    const field = (value as Record<string, unknown>)[key];
    if (field !== null && typeof field === 'object') deepFreeze(field);
  }
  return Object.freeze(value);
}

/** copy() and deepFreeze() in one pass: what a write stores. */
function frozenCopy<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return Object.freeze(new Date(value.getTime())) as V;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as V;
  const result: Record<string, unknown> = {};
  for (const key in value) result[key] = frozenCopy((value as Record<string, unknown>)[key]);
  return Object.freeze(result) as V;
}

/** A document as the store keeps it: a caller that hands it over gives it up, frozen in place; any other is copied. */
function keptForm<V>(document: V, handOver: boolean): V {
  return handOver ? deepFreeze(document) : frozenCopy(document);
}

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

/**
 * A filter of plain top-level equalities ({ _id: 'x', kind: 'feeding' }), the projections' usual
 * kind, is tested directly; anything else goes to mingo, which knows every MongoDB operator.
 */
function tester(filter: Filter): (doc: Doc) => boolean {
  const entries = Object.entries(filter);
  const plain = entries.every(
    ([key, value]) => !key.startsWith('$') && !key.includes('.') && (value === null || ['string', 'number', 'boolean'].includes(typeof value)),
  );
  if (plain) {
    return (doc) =>
      entries.every(([key, value]) => {
        const field = doc[key] ?? null;
        // Like MongoDB, an equality on an array field matches an element.
        return Array.isArray(field) ? field.includes(value) : field === value;
      });
  }
  const query = new Query(filter, {});
  return (doc) => query.test(doc);
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

  /** The id a filter names when it names nothing else: the projections' usual way to address a document. */
  const idOnly = (filter: Filter): string | null => {
    const id = filter['_id'];
    if (typeof id !== 'string') return null;
    for (const key in filter) if (key !== '_id') return null;
    return id;
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

  const insert = (document: T, handOver = false): void => {
    if (documents.has(document._id)) {
      throw new DuplicateKeyError(`E11000 duplicate key error index: _id_ dup key: ${JSON.stringify(document._id)}`);
    }
    store(keptForm(document, handOver), null);
  };

  const modify = (doc: Record<string, unknown>, update: Update): boolean => {
    // $setOnInsert applies only when an upsert inserts, which updateOne handles itself.
    const modifier = Object.fromEntries(Object.entries(update).filter(([operator]) => operator !== '$setOnInsert'));
    if (Object.keys(modifier).length === 0) return false;
    return applyModifier(doc, modifier as Modifier<Record<string, unknown>>, undefined, undefined, { cloneMode: 'deep' }).length > 0;
  };

  const updateOne = (filter: Filter, update: Update, upsert: boolean): UpdateResult => {
    const existing = firstMatch(filter);
    if (existing) {
      const updated = copy(existing) as Record<string, unknown>;
      const modified = modify(updated, update);
      if (updated['_id'] !== existing._id) throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
      if (modified) store(deepFreeze(updated) as T, existing);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0 };
    }
    if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    const created = seedFromFilter(filter);
    modify(created, update);
    const onInsert = update['$setOnInsert'];
    if (onInsert && typeof onInsert === 'object') {
      for (const [path, value] of Object.entries(onInsert)) setAt(created, path, value);
    }
    created['_id'] ??= randomUUID();
    insert(created as T);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  };

  const replaceOne = (filter: Filter, replacement: T, upsert: boolean, handOver = false): UpdateResult => {
    const existing = firstMatch(filter);
    if (existing) {
      if (replacement._id !== undefined && replacement._id !== existing._id) {
        throw new Error("The _id field cannot be changed by a replacement");
      }
      const kept = replacement._id === existing._id ? replacement : { ...replacement, _id: existing._id };
      store(keptForm(kept, handOver), existing);
      return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
    }
    if (!upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    const namedId = idOnly(filter);
    const _id = replacement._id ?? namedId ?? seedFromFilter(filter)['_id'] ?? randomUUID();
    const inserted = replacement._id === _id ? replacement : { ...replacement, _id };
    // A filter naming only this id has just found nothing under it: the usual upsert looks it up once.
    if (namedId === _id) store(keptForm(inserted, handOver), null);
    else insert(inserted, handOver);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
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
    const handOut = options.readOnly ? (doc: T) => doc : (doc: T) => copy(doc);
    if ((!options.sort || presorted) && !options.projection) {
      const from = options.skip ?? 0;
      return matched.slice(from, options.limit ? from + options.limit : undefined).map(handOut);
    }
    let cursor = new Query({}, {}).find<T>(matched);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    const found = cursor.all();
    const projected = options.projection
      ? new Query<Record<string, unknown>>({}, {}).find<Record<string, unknown>>(found, options.projection).all()
      : found;
    // A projection returns a partial document; the port types it as T, like the MongoDB driver does.
    return (projected as T[]).map(handOut);
  };

  return {
    async find(filter, options) {
      return find(filter, options);
    },
    async findOne(filter, options) {
      // The most frequent reads: one document by its id, alone or with its owner's id.
      const id = filter['_id'];
      if (typeof id === 'string' && !options?.projection) {
        const doc = documents.get(id);
        if (doc === undefined || (idOnly(filter) === null && !tester(filter)(doc))) return null;
        return options?.readOnly ? doc : copy(doc);
      }
      return find(filter, { ...options, limit: 1 })[0] ?? null;
    },
    async countDocuments(filter) {
      return matching(filter).docs.length;
    },
    async insertOne(document) {
      insert(document);
    },
    async updateOne(filter, update, options) {
      return updateOne(filter, update, options?.upsert ?? false);
    },
    async replaceOne(filter, replacement, options) {
      return replaceOne(filter, replacement, options?.upsert ?? false, options?.handOver ?? false);
    },
    async deleteOne(filter) {
      return deleteMatching(filter, 1);
    },
    async deleteMany(filter) {
      return deleteMatching(filter, Number.POSITIVE_INFINITY);
    },
    async bulkWrite(operations: readonly BulkOperation<T>[]) {
      // Ordered, like MongoDB's default: the first failure stops the rest.
      for (const operation of operations) {
        if ('insertOne' in operation) insert(operation.insertOne.document);
        else if ('updateOne' in operation) updateOne(operation.updateOne.filter, operation.updateOne.update, operation.updateOne.upsert ?? false);
        else if ('replaceOne' in operation) replaceOne(operation.replaceOne.filter, operation.replaceOne.replacement, operation.replaceOne.upsert ?? false);
        else if ('deleteOne' in operation) deleteMatching(operation.deleteOne.filter, 1);
        else deleteMatching(operation.deleteMany.filter, Number.POSITIVE_INFINITY);
      }
    },
    async createIndex(keys: SortSpec, options) {
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
    },
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
    async dropAll() {
      // Handles taken before the drop keep working, as MongoDB recreates a dropped collection on write.
      for (const collection of collections.values()) collection.clear();
    },
    async close() {
      collections.clear();
    },
  };
}
