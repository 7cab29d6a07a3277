/**
 * The read store port: the subset of the MongoDB collection API the projections and queries use.
 * The in-memory adapter evaluates the same filters and update operators with mingo, so projection
 * and query code is written once against this interface.
 */

export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: SortSpec;
  limit?: number;
  skip?: number;
  projection?: Projection;
  /**
   * The caller only reads the documents and never changes them: an adapter may then hand out
   * shared, frozen documents instead of copies (the embedded store does; MongoDB ignores it).
   */
  readOnly?: boolean;
}

export interface UpdateOptions {
  upsert?: boolean;
  /**
   * The caller hands the document over, with everything it refers to, and never changes it again:
   * an adapter may keep it as it is instead of copying it (the embedded store freezes it).
   */
  handOver?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
}

export type BulkOperation<T extends Doc> =
  | { insertOne: { document: T } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export interface IndexOptions {
  unique?: boolean;
  name?: string;
}

export class DuplicateKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DuplicateKeyError';
  }
}

/**
 * The store could not be reached (network, server down): the operation may succeed when retried,
 * unlike a bug in what was asked of it.
 */
export class ReadStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ReadStoreUnavailableError';
  }
}

export interface Collection<T extends Doc = Doc> {
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort' | 'readOnly'>): Promise<T | null>;
  countDocuments(filter: Filter): Promise<number>;
  insertOne(document: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  bulkWrite(operations: readonly BulkOperation<T>[]): Promise<void>;
  createIndex(keys: SortSpec, options?: IndexOptions): Promise<void>;
  /**
   * An object that stays the same until the collection is next written or emptied, then is replaced:
   * a reader that kept what it made from a query compares it to know that the query would find the
   * same documents, without asking again. Only a store that sees every write to its data has one
   * (the embedded SQLite store); any other answers undefined.
   */
  writeMark?(): object | undefined;
}

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /**
   * Drops every collection, or those whose name `matching` accepts (a retired version's, see
   * read-model-versions.ts). Handles taken before keep working, as MongoDB recreates a dropped
   * collection on write.
   */
  dropCollections(matching?: (name: string) => boolean): Promise<void>;
  /**
   * Makes every write since the last commit durable together, as one transaction: the projector
   * commits after writing its checkpoint, so the checkpoint never gets ahead of or behind the
   * documents it covers. A store whose every write stands on its own (memory, MongoDB) does nothing.
   */
  commit(): Promise<void>;
  close(): Promise<void>;
}
