import { randomUUID } from 'node:crypto';
import { Query } from 'mingo';
import { update as applyModifier, type Modifier } from 'mingo/updater';
import type { BulkOperation, Collection, Doc, Filter, FindOptions, IndexOptions, SortSpec, Update, UpdateResult } from '../ports/read-store';

/**
 * What every embedded read-store adapter does to documents in JavaScript, the way MongoDB does it
 * on the server: test a filter, seed an upsert, apply update operators, sort, page and project.
 * Each adapter only decides where documents live and which ones a filter can match.
 */

export function valueAt(doc: Record<string, unknown>, path: string): unknown {
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

/** The id a filter names when it names nothing else: the projections' usual way to address a document. */
export function idOnly(filter: Filter): string | null {
  const id = filter['_id'];
  if (typeof id !== 'string') return null;
  for (const key in filter) if (key !== '_id') return null;
  return id;
}

/**
 * Applies an update's operators to `doc` in place; true if anything changed. $setOnInsert applies
 * only when an upsert inserts (see `upserted`).
 */
function modify(doc: Record<string, unknown>, update: Update): boolean {
  const modifier = Object.fromEntries(Object.entries(update).filter(([operator]) => operator !== '$setOnInsert'));
  if (Object.keys(modifier).length === 0) return false;
  return applyModifier(doc, modifier as Modifier<Record<string, unknown>>, undefined, undefined, { cloneMode: 'deep' }).length > 0;
}

/** The document an updateOne upsert inserts when its filter matched nothing. */
export function upserted(filter: Filter, update: Update): Doc {
  const created = seedFromFilter(filter);
  modify(created, update);
  const onInsert = update['$setOnInsert'];
  if (onInsert && typeof onInsert === 'object') {
    for (const [path, value] of Object.entries(onInsert)) setAt(created, path, value);
  }
  created['_id'] ??= randomUUID();
  return created as Doc;
}

/** The _id a replaceOne upsert inserts under when its filter matched nothing. */
function upsertedId(filter: Filter, replacement: Doc): string {
  return replacement._id ?? idOnly(filter) ?? (seedFromFilter(filter)['_id'] as string | undefined) ?? randomUUID();
}

const IMMUTABLE_ID = "Performing an update on the path '_id' would modify the immutable field '_id'";
const REPLACED_ID = 'The _id field cannot be changed by a replacement';

/**
 * A filter of plain top-level equalities ({ _id: 'x', kind: 'feeding' }), the projections' usual
 * kind, is tested directly; anything else goes to mingo, which knows every MongoDB operator.
 */
export function tester(filter: Filter): (doc: Doc) => boolean {
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

const RANGE_OPERATORS = ['$gte', '$gt', '$lte', '$lt'];

export interface StringRange {
  low: { value: string; inclusive: boolean } | null;
  high: { value: string; inclusive: boolean } | null;
}

/** The bound a range condition's entries give with one of two operators, such as `$gte` or `$gt`. */
function boundOf(entries: readonly [string, unknown][], inclusive: string, exclusive: string): StringRange['low'] {
  const found = entries.find(([op]) => op === inclusive || op === exclusive);
  return found ? { value: found[1] as string, inclusive: found[0] === inclusive } : null;
}

/** The bounds of a range condition on strings like { $gte: 'a', $lt: 'b' }; null if it is not one. */
export function stringRange(condition: unknown): StringRange | null {
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) return null;
  const entries = Object.entries(condition);
  if (entries.length === 0 || entries.some(([op, value]) => !RANGE_OPERATORS.includes(op) || typeof value !== 'string')) return null;
  return { low: boundOf(entries, '$gte', '$gt'), high: boundOf(entries, '$lte', '$lt') };
}

/**
 * Documents are plain data (JSON-like, dates allowed); copying them field by field is several times
 * faster than structuredClone or a JSON round trip. Every read that is not read-only gets a copy.
 */
export function copy<V>(value: V): V {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as V;
  if (Array.isArray(value)) return value.map(copy) as V;
  const result: Record<string, unknown> = {};
  for (const key in value) result[key] = copy((value as Record<string, unknown>)[key]);
  return result as V;
}

/** Stored documents are frozen, so a read-only reader can be handed the document itself. */
export function deepFreeze<V>(value: V): V {
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

/** A document as a store keeps it: a caller that hands it over gives it up, frozen in place; any other is copied. */
export function keptForm<V>(document: V, handOver: boolean): V {
  return handOver ? deepFreeze(document) : frozenCopy(document);
}

/**
 * Sorts, pages and projects matched documents as MongoDB's find does: sort before projecting, so a
 * projection may leave out the sort keys. `presorted` says the documents already come in the
 * order asked for. A read that is not read-only gets copies.
 */
export function arrange<T extends Doc>(matched: T[], options: FindOptions, presorted = false): T[] {
  const handOut = options.readOnly ? (doc: T) => doc : (doc: T) => copy(doc);
  if ((!options.sort || presorted) && !options.projection) {
    const from = options.skip ?? 0;
    return matched.slice(from, options.limit ? from + options.limit : undefined).map(handOut);
  }
  let cursor = new Query({}, {}).find<T>(matched);
  if (options.sort && !presorted) cursor = cursor.sort(options.sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  const found = cursor.all();
  const projected = options.projection
    ? new Query<Record<string, unknown>>({}, {}).find<Record<string, unknown>>(found, options.projection).all()
    : found;
  // A projection returns a partial document; the port types it as T, like the MongoDB driver does.
  return (projected as T[]).map(handOut);
}

/**
 * What an embedded store does to one collection, synchronously: it finds, counts and deletes, and
 * keeps documents; `portCollection` builds MongoDB's writes on top, the same for every store.
 */
export interface SyncCollection<T extends Doc> {
  find(filter: Filter, options?: FindOptions): T[];
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'>): T | null;
  count(filter: Filter): number;
  /** The first document a filter matches, read-only. */
  firstMatch(filter: Filter): T | undefined;
  /** Keeps a frozen document in place of `existing`, which has the same id. */
  replace(existing: T, doc: T): void;
  /**
   * Keeps a new frozen document; a taken id (or unique key) is a DuplicateKeyError. `idFree`: the
   * id was just looked up and found free, so a store may skip that check.
   */
  add(doc: T, idFree: boolean): void;
  /** Deletes up to `limit` matching documents; how many it deleted. */
  deleteMatching(filter: Filter, limit: number): number;
  createIndex(keys: SortSpec, options?: IndexOptions): void;
  writeMark?(): object;
}

export const NOTHING: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };

/** `existing` with an update's operators applied, as a new document; null when they change nothing. */
export function updatedCopy<T extends Doc>(existing: T, update: Update): T | null {
  const updated = copy(existing) as Record<string, unknown>;
  const modified = modify(updated, update);
  if (updated['_id'] !== existing._id) throw new Error(IMMUTABLE_ID);
  return modified ? (updated as T) : null;
}

/** The document a replacement makes of `existing`: the replacement under the existing id, which it may not change. */
export function replacing<T extends Doc>(existing: T, replacement: T): T {
  if (replacement._id !== undefined && replacement._id !== existing._id) throw new Error(REPLACED_ID);
  return replacement._id === existing._id ? replacement : { ...replacement, _id: existing._id };
}

/** The document a replaceOne upsert inserts when its filter matched nothing. */
export function upsertedReplacement<T extends Doc>(filter: Filter, replacement: T): T {
  const _id = upsertedId(filter, replacement);
  return replacement._id === _id ? replacement : { ...replacement, _id };
}

/** MongoDB's updateOne over an embedded store: operators applied to a copy, an upsert seeded from the filter. */
function updateOne<T extends Doc>(sync: SyncCollection<T>, filter: Filter, update: Update, upsert: boolean): UpdateResult {
  const existing = sync.firstMatch(filter);
  if (existing) {
    const updated = updatedCopy(existing, update);
    if (updated) sync.replace(existing, deepFreeze(updated));
    return { matchedCount: 1, modifiedCount: updated ? 1 : 0, upsertedCount: 0 };
  }
  if (!upsert) return NOTHING;
  sync.add(deepFreeze(upserted(filter, update)) as T, false);
  return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
}

/** MongoDB's replaceOne over an embedded store; a handed-over replacement is kept as it is, frozen. */
function replaceOne<T extends Doc>(sync: SyncCollection<T>, filter: Filter, replacement: T, upsert: boolean, handOver: boolean): UpdateResult {
  const existing = sync.firstMatch(filter);
  if (existing) {
    sync.replace(existing, keptForm(replacing(existing, replacement), handOver));
    return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
  }
  if (!upsert) return NOTHING;
  const inserted = upsertedReplacement(filter, replacement);
  // A filter naming only this id has just found nothing under it: the usual upsert looks it up once.
  sync.add(keptForm(inserted, handOver), idOnly(filter) === inserted._id);
  return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
}

/** The port's asynchronous collection over an embedded store's synchronous one, bulk writes included. */
export function portCollection<T extends Doc>(sync: SyncCollection<T>): Collection<T> {
  const insert = (document: T) => sync.add(keptForm(document, false), false);
  return {
    find: async (filter, options) => sync.find(filter, options),
    findOne: async (filter, options) => sync.findOne(filter, options),
    countDocuments: async (filter) => sync.count(filter),
    insertOne: async (document) => insert(document),
    updateOne: async (filter, update, options) => updateOne(sync, filter, update, options?.upsert ?? false),
    replaceOne: async (filter, replacement, options) => replaceOne(sync, filter, replacement, options?.upsert ?? false, options?.handOver ?? false),
    deleteOne: async (filter) => sync.deleteMatching(filter, 1),
    deleteMany: async (filter) => sync.deleteMatching(filter, Number.POSITIVE_INFINITY),
    async bulkWrite(operations: readonly BulkOperation<T>[]) {
      // Ordered, like MongoDB's default: the first failure stops the rest.
      for (const operation of operations) {
        if ('insertOne' in operation) insert(operation.insertOne.document);
        else if ('updateOne' in operation) updateOne(sync, operation.updateOne.filter, operation.updateOne.update, operation.updateOne.upsert ?? false);
        else if ('replaceOne' in operation) replaceOne(sync, operation.replaceOne.filter, operation.replaceOne.replacement, operation.replaceOne.upsert ?? false, false);
        else if ('deleteOne' in operation) sync.deleteMatching(operation.deleteOne.filter, 1);
        else sync.deleteMatching(operation.deleteMany.filter, Number.POSITIVE_INFINITY);
      }
    },
    createIndex: async (keys, options) => sync.createIndex(keys, options),
    writeMark: () => sync.writeMark?.(),
  };
}
