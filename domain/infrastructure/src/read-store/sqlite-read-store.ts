import Database from 'better-sqlite3';
import type { DiskReserve } from '../files/disk-reserve';
import { privateDatabaseFile } from '../files/private-files';
import { backgroundCheckpoints } from './background-checkpoints';
import {
  DuplicateKeyError,
  ReadStoreUnavailableError,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type ReadStore,
  type SortSpec,
} from '../ports/read-store';
import { arrange, copy, deepFreeze, idOnly, portCollection, stringRange, tester, valueAt } from './document-operations';
import { GenerationalCache } from './generational-cache';

export interface SqliteReadStoreOptions {
  file: string;
  /** Parsed documents each collection keeps in memory, the least used dropped first. */
  cacheDocuments: number;
  /**
   * Collections whose documents hold personal data (sealed names and e-mails, families). When a commit
   * deleted or overwrote one of their documents, the write-ahead log is emptied after it: with
   * secure_delete, nothing of the old version then stays anywhere in the files.
   */
  erasable?: readonly string[];
  /** A cap on the file's size in pages (SQLite's max_page_count): a disk that fills up, on purpose. */
  maxPages?: number;
  /**
   * Opens the file to read what a projector on another thread writes (see projector-thread.ts):
   * no writes, and what this connection keeps in memory is dropped by `forget` as the writer reports
   * its commits.
   */
  readonly?: boolean;
  /** The writer's side: after each commit, the documents it changed, for the readers on other connections to forget. */
  onCommit?: (changes: ChangedDocuments) => void;
  /**
   * Space kept beside the file and given up the first time a commit finds the disk full. Readers on
   * other connections see only what is committed: the writes a full disk catches between their
   * confirmation and their projection still reach them at the projector's next try.
   */
  reserve?: DiskReserve;
}

/** The ids of the documents a commit changed, by collection; `'all'` for a collection emptied. */
export type ChangedDocuments = Record<string, string[] | 'all'>;

export interface SqliteReadStore extends ReadStore {
  /** A reader's: drops what it keeps of documents that another connection's commit changed. */
  forget(changes: ChangedDocuments): void;
}

/** A SQL condition on the documents and the values it binds. */
interface Plan {
  where: string;
  params: string[];
  /** Every condition of the filter is in `where`: no document needs testing in JavaScript. */
  exact: boolean;
}

// Paths that can go into SQL text as they are: letters, digits and underscores, dotted.
const PLAIN_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const fields = new Map<string, string>([['_id', 'id']]);
/** The column holding an indexed path's value, beside the document (made once per path: every query names some). */
function field(path: string): string {
  let column = fields.get(path);
  if (column === undefined) fields.set(path, (column = quoted(`f:${path}`)));
  return column;
}
const COLUMN = /^f:(.+)$/;

/** What an indexed path's column holds: strings and numbers, as the conditions that use it compare them; anything else is null. */
function columnValue(doc: Doc, path: string): string | number | null {
  const value = valueAt(doc, path);
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

// Result codes that mean the disk cannot take the write now, so the projector waits and retries.
/** Queries whose ids each collection keeps between writes; the oldest goes first. */
const QUERIES_KEPT = 1000;

const UNAVAILABLE = ['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_READONLY', 'SQLITE_CANTOPEN'];

function storeError(error: unknown, collection: string): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return error;
  if (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return new DuplicateKeyError(`E11000 duplicate key error collection: ${collection} (${(error as Error).message})`);
  }
  if (UNAVAILABLE.some((prefix) => code.startsWith(prefix))) return new ReadStoreUnavailableError(`The read models' file cannot take writes: ${code}`, { cause: error });
  return error;
}

/**
 * The embedded default's read models on disk, so a restart finds them where the projector left
 * them: one SQLite table of JSON documents per collection, with a column beside the document for
 * each path an index covers (so SQLite never parses a document to find or index it). Only the
 * projector writes, in one transaction from its first write after a commit to its next `commit()`:
 * the checkpoint it writes last commits with the documents it covers.
 * Readers in this process see those writes at once (the same connection), as with the memory store.
 * Parsed documents stay in a bounded cache, so a hot read costs no parsing and memory does not grow
 * with history.
 */
export function createSqliteReadStore(options: SqliteReadStoreOptions): SqliteReadStore {
  const readonly = options.readonly ?? false;
  if (!readonly) privateDatabaseFile(options.file);
  const db = new Database(options.file, { readonly });
  if (!readonly) {
    db.pragma('journal_mode = WAL');
    // Read models are derived: a commit lost to a power cut takes its checkpoint with it, and the
    // projector replays from the earlier one. Each commit is still atomic.
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('busy_timeout = 5000');
  // The writer's pages, 64 MiB, hold the indexes an import or a replay writes all over; a reader's
  // hot pages are fewer, and the file's other pages are in the system's cache anyway.
  db.pragma(`cache_size = ${readonly ? -16384 : -65536}`);
  if (options.maxPages) db.pragma(`max_page_count = ${options.maxPages | 0}`);
  const checkpoints = readonly ? null : backgroundCheckpoints(db, options.file);
  const erasable = new Set(options.erasable ?? []);
  /*
   * Space freed in the collections holding personal data is zeroed (SQLite's secure_delete), so a
   * deleted account's name or e-mail is not left in a free page or a page's free space. Only there:
   * zeroing everywhere made every rewrite of a day's insights write its old pages once more, and a
   * replay of a million events ran 21,651 events/s with it against 28,455 without. The pages of a
   * table and its indexes change only through writes to that table, so the setting is switched as
   * the collection written changes; a page freed while it is on is zeroed before it can be reused.
   */
  let zeroing: boolean | undefined;
  const zeroFreedSpace = (on: boolean): void => {
    if (on === zeroing) return;
    db.pragma(`secure_delete = ${on ? 'ON' : 'OFF'}`);
    zeroing = on;
  };
  /** The open transaction deleted or overwrote a document holding personal data. */
  let erasing = false;
  const statements = new Map<string, Database.Statement>();
  const collections = new Map<string, Collection>();
  /** What each collection keeps in memory of the file, all dropped together when the file changes under them. */
  const caches: { clear(): void }[] = [];
  /** A reader's: how each collection forgets documents another connection changed. */
  const forgetters = new Map<string, (ids: string[] | 'all') => void>();
  /** The writer's, when readers elsewhere are to be told: what the open transaction changed. */
  let changes = new Map<string, Set<string> | 'all'>();
  const noteChange = (collection: string, id: string | null): void => {
    if (!options.onCommit) return;
    const ids = changes.get(collection);
    if (id === null) changes.set(collection, 'all');
    else if (ids === undefined) changes.set(collection, new Set([id]));
    else if (ids !== 'all') ids.add(id);
  };
  const reportChanges = (): void => {
    if (!options.onCommit || changes.size === 0) return;
    const report: ChangedDocuments = {};
    for (const [collection, ids] of changes) report[collection] = ids === 'all' ? 'all' : [...ids];
    changes = new Map();
    options.onCommit(report);
  };
  /** A write's error as the port says it; a full disk gives up the reserve first, for the projector's next try. */
  const failure = (error: unknown, collection: string): unknown => {
    // A full disk shows as SQLITE_FULL, or as an I/O error when it is the write-ahead log that cannot grow.
    if (/^SQLITE_(FULL|IOERR)/.test(String((error as { code?: unknown }).code))) options.reserve?.release();
    return storeError(error, collection);
  };
  const tableExists = db.prepare<[string], number>(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).pluck();

  const statement = (sql: string): Database.Statement => {
    let prepared = statements.get(sql);
    if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
    return prepared;
  };

  /*
   * SQLite rolls the whole open transaction back on some failures (a full disk among them), not
   * only the failing statement. The projector retries the failing write, but the writes before it
   * in the transaction would be gone from the file while the cache and the projector's position
   * count them, and the next commit would checkpoint past them. So the open transaction's writes
   * are kept, and done again first when a transaction begins or a read comes after such a rollback.
   */
  let redo: (() => void)[] = [];
  let rolledBack = false;
  const noticeRollback = (): void => {
    if (!db.inTransaction && redo.length > 0) rolledBack = true;
  };

  const beginWrite = (): void => {
    if (db.inTransaction) return;
    db.exec('BEGIN');
    if (!rolledBack) return;
    try {
      for (const work of redo) work();
      rolledBack = false;
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  };

  /** Does `work` in the open transaction (begun if need be) and keeps it, to be done again after a rollback. */
  const journaled = <R>(work: () => R): R => {
    beginWrite();
    try {
      const result = work();
      redo.push(work);
      return result;
    } catch (error) {
      noticeRollback();
      throw error;
    }
  };

  /**
   * A statement that reads. Readers may have been told of writes that a rollback took out of the
   * file (the projector publishes a position before it commits), so a read after a rollback does
   * them again first; while the disk still refuses them, it answers from the last commit.
   */
  const query = (sql: string): Database.Statement => {
    if (rolledBack) {
      try {
        beginWrite();
      } catch {
        // Still refused: the next write or read tries again.
      }
    }
    return statement(sql);
  };

  const commitNow = (): void => {
    try {
      if (rolledBack) beginWrite();
      if (db.inTransaction) db.exec('COMMIT');
      redo = [];
    } catch (error) {
      noticeRollback();
      throw error;
    }
  };

  function createCollection<T extends Doc>(name: string): Collection<T> {
    const table = quoted(`docs:${name}`);
    // A rowid table: documents are far larger than the 200 bytes or so that suit a WITHOUT ROWID table.
    const create = (): void => {
      db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    };
    // Created inside an open transaction, the table goes with it if it is rolled back. A reader's
    // appears when the writer makes it.
    if (!readonly) {
      if (db.inTransaction || rolledBack) journaled(create);
      else create();
    }
    /** Paths some index covers, each with a column: conditions on them go to SQL. */
    const indexed = new Set<string>(['_id']);
    /** The columns beside the document, in the order the write statement lists them (a new array when one is added). */
    let columns: string[] = [];
    /** The table is there: a reader finds it empty until the writer has made it, and learns its columns then. */
    let present = false;
    const learnColumns = (): boolean => {
      if (present) return true;
      if (readonly && !tableExists.get(`docs:${name}`)) return false;
      for (const { name: column } of db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]) {
        const path = COLUMN.exec(column)?.[1];
        if (!path) continue;
        columns.push(path);
        indexed.add(path);
      }
      present = true;
      return true;
    };
    learnColumns();
    const personal = erasable.has(name);
    const cache = new GenerationalCache<T>(options.cacheDocuments);
    /**
     * The ids each query found, until the collection is next written: reads mostly come between
     * writes, and a range query on an index was the largest part of a daily-insights read.
     */
    const found = new Map<string, string[]>();
    /**
     * The last id looked up and not found, until the collection is next written: a new document
     * (each new entry's timeline document) is looked up by its projection, then again by the upsert
     * that adds it.
     */
    let absent: string | null = null;
    /** Replaced at every write, as the ids found are forgotten: see the port's writeMark. */
    let mark = {};
    const changed = (): void => {
      found.clear();
      absent = null;
      mark = {};
    };
    caches.push(cache, { clear: changed });
    forgetters.set(name, (ids) => {
      if (ids === 'all') cache.clear();
      else for (const id of ids) cache.delete(id);
      changed();
    });
    let insertSql = '';
    let upsertSql = '';
    /** The write statements name every column: made again when an index adds one. */
    const writeStatements = (): void => {
      const names = ['id', 'doc', ...columns.map(field)];
      insertSql = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
      upsertSql = `${insertSql} ON CONFLICT (id) DO UPDATE SET ${names.slice(1).map((column) => `${column} = excluded.${column}`).join(', ')}`;
    };
    writeStatements();
    /** A replacement that leaves every indexed value as it was names the document alone (see `replace`). */
    const rowOnlySql = `UPDATE ${table} SET doc = ? WHERE id = ?`;

    const byId = (id: string): T | null => {
      const cached = cache.get(id);
      if (cached) return cached;
      if (id === absent || !learnColumns()) return null;
      const row = query(`SELECT doc FROM ${table} WHERE id = ?`).get(id) as { doc: string } | undefined;
      if (!row) {
        absent = id;
        return null;
      }
      const doc = deepFreeze(JSON.parse(row.doc) as T);
      cache.set(id, doc);
      return doc;
    };

    /** String equalities and string ranges on indexed paths go to SQL; anything else is tested in JavaScript. */
    const plan = (filter: Filter): Plan => {
      const conditions: string[] = [];
      const params: string[] = [];
      let exact = true;
      for (const [path, condition] of Object.entries(filter)) {
        if (indexed.has(path) && typeof condition === 'string') {
          conditions.push(`${field(path)} = ?`);
          params.push(condition);
          continue;
        }
        const range = indexed.has(path) ? stringRange(condition) : null;
        if (!range) {
          exact = false;
          continue;
        }
        // Strings sort after every number in SQLite: a range with no lower bound still starts at ''.
        conditions.push(`${field(path)} ${range.low?.inclusive === false ? '>' : '>='} ?`);
        params.push(range.low?.value ?? '');
        if (range.high) {
          conditions.push(`${field(path)} ${range.high.inclusive ? '<=' : '<'} ?`);
          params.push(range.high.value);
        }
      }
      return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params, exact };
    };

    /** The sort SQL can apply: one key on an indexed path, with the id breaking ties as the memory store does. */
    const orderBy = (sort: SortSpec | undefined): string | null => {
      if (!sort) return '';
      const keys = Object.entries(sort);
      if (keys.length !== 1 || !indexed.has(keys[0]![0])) return null;
      const [path, direction] = keys[0]!;
      const way = direction === -1 ? 'DESC' : 'ASC';
      return path === '_id' ? `ORDER BY id ${way}` : `ORDER BY ${field(path)} ${way}, id ${way}`;
    };

    /**
     * The documents whose ids a query lists. Every index ends with the id, so the query reads the
     * index alone; a document in the cache is not read from the table at all.
     */
    const rows = (sql: string, params: readonly unknown[]): T[] => {
      const key = `${sql} ${JSON.stringify(params)}`;
      let ids = found.get(key);
      if (!ids && !learnColumns()) return [];
      if (!ids) {
        ids = query(sql).pluck().all(...params) as string[];
        found.set(key, ids);
        if (found.size > QUERIES_KEPT) found.delete(found.keys().next().value!);
      }
      return ids.map((id) => byId(id)!);
    };

    const matching = (filter: Filter): T[] => {
      const id = idOnly(filter);
      if (id !== null) {
        const doc = byId(id);
        return doc ? [doc] : [];
      }
      const { where, params, exact } = plan(filter);
      const candidates = rows(`SELECT id FROM ${table} ${where}`, params);
      return exact ? candidates : candidates.filter(tester(filter));
    };

    const find = (filter: Filter, options: FindOptions = {}): T[] => {
      if (!learnColumns()) return [];
      const { where, params, exact } = plan(filter);
      const order = orderBy(options.sort);
      if (idOnly(filter) === null && exact && order !== null) {
        // The whole read in SQL: an index walks the child's range in order and stops at the limit.
        const page = options.limit ? ` LIMIT ${options.limit | 0} OFFSET ${(options.skip ?? 0) | 0}` : options.skip ? ` LIMIT -1 OFFSET ${options.skip | 0}` : '';
        const found = rows(`SELECT id FROM ${table} ${where} ${order}${page}`, params);
        return arrange(found, { ...options, skip: 0, limit: 0 }, true);
      }
      if (idOnly(filter) === null && order && options.limit) {
        // Part of the filter is tested here, and only a page is wanted: the index is walked in order
        // and stops once the page is full (the latest bottle is among a child's last feedings, not
        // after reading all of them).
        const test = tester(filter);
        const wanted = (options.skip ?? 0) + options.limit;
        const page: T[] = [];
        for (const id of query(`SELECT id FROM ${table} ${where} ${order}`).pluck().iterate(...params) as IterableIterator<string>) {
          const doc = byId(id)!;
          if (!test(doc)) continue;
          page.push(doc);
          if (page.length === wanted) break;
        }
        return arrange(page, options, true);
      }
      return arrange(matching(filter), options);
    };

    /** Every write to the collection, with freed space zeroed as the collection requires. */
    const write = <R>(work: () => R): R => {
      if (readonly) throw new Error(`The read models are only read here; their projector writes them (${name})`);
      try {
        return journaled(() => {
          zeroFreedSpace(personal);
          return work();
        });
      } catch (error) {
        throw failure(error, name);
      }
    };

    /** Keeps a frozen document in the table, with its indexed values beside it, and in the cache. */
    const store = (doc: T, insertOnly: boolean): void => {
      // The statement and columns as they are now, as they were then if it is done again after a
      // rollback. It keeps the document (which the cache holds anyway), not its JSON, until the commit.
      const [sql, paths] = [insertOnly ? insertSql : upsertSql, columns];
      write(() => statement(sql).run(doc._id, JSON.stringify(doc), ...paths.map((path) => columnValue(doc, path))));
      kept(doc, !insertOnly);
    };

    /**
     * A replacement whose indexed values stay as they were rewrites its row alone: an update naming
     * an index's column rewrites the index's entry, and the page holding it, even with the same
     * value (a day's insights are replaced at each entry, under the same child and date).
     */
    const replace = (existing: T, doc: T): void => {
      if (!columns.every((path) => columnValue(existing, path) === columnValue(doc, path))) return store(doc, false);
      write(() => statement(rowOnlySql).run(JSON.stringify(doc), doc._id));
      kept(doc, true);
    };

    const kept = (doc: T, overwrote: boolean): void => {
      if (personal && overwrote) erasing = true;
      cache.set(doc._id, doc);
      noteChange(name, doc._id);
      changed();
    };

    const remove = (doc: T): void => {
      write(() => statement(`DELETE FROM ${table} WHERE id = ?`).run(doc._id));
      if (personal) erasing = true;
      cache.delete(doc._id);
      noteChange(name, doc._id);
      changed();
    };

    const firstMatch = (filter: Filter): T | undefined => {
      const id = idOnly(filter);
      return id === null ? find(filter, { limit: 1, readOnly: true })[0] : (byId(id) ?? undefined);
    };

    const deleteMatching = (filter: Filter, limit: number): number => {
      const victims = matching(filter).slice(0, limit);
      for (const doc of victims) remove(doc);
      return victims.length;
    };

    return portCollection<T>({
      find,
      writeMark: () => mark,
      findOne(filter, options) {
        const id = idOnly(filter);
        if (id !== null && !options?.projection) {
          const doc = byId(id);
          return doc && !options?.readOnly ? copy(doc) : doc;
        }
        return find(filter, { ...options, limit: 1 })[0] ?? null;
      },
      count(filter) {
        if (!learnColumns()) return 0;
        const { where, params, exact } = plan(filter);
        if (!exact) return matching(filter).length;
        return (query(`SELECT count(*) AS count FROM ${table} ${where}`).get(...params) as { count: number }).count;
      },
      firstMatch,
      replace,
      // The table refuses a taken id itself.
      add: (doc) => store(doc, true),
      deleteMatching,
      createIndex(keys, indexOptions) {
        const paths = Object.keys(keys);
        if (!paths.every((path) => path === '_id' || PLAIN_PATH.test(path))) return;
        const expressions = paths.map(field);
        const added = paths.filter((path) => !indexed.has(path));
        // Only SQL in here: it is done again as it is after a rollback.
        write(() => {
          for (const path of added) {
            // A new column is filled from the documents already there, as the store would have written it.
            db.exec(`ALTER TABLE ${table} ADD COLUMN ${field(path)}`);
            db.exec(`UPDATE ${table} SET ${field(path)} = json_extract(doc, '$.${path}') WHERE json_type(doc, '$.${path}') IN ('text', 'integer', 'real')`);
          }
          // Ending with the id, an index answers a query for ids by itself, in the order of a sort on its last path.
          db.exec(`CREATE INDEX IF NOT EXISTS ${quoted(`ix:${name}:${paths.join(',')}`)} ON ${table} (${[...expressions, 'id'].join(', ')})`);
          // Missing fields index as null and collide, as in MongoDB (SQLite's UNIQUE lets NULLs repeat).
          if (indexOptions?.unique) {
            db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${quoted(`ux:${name}:${paths.join(',')}`)} ON ${table} (${expressions.map((expression) => `ifnull(${expression}, x'00')`).join(', ')})`);
          }
        });
        columns = [...columns, ...added];
        for (const path of added) indexed.add(path);
        writeStatements();
      },
    });
  }

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let collection = collections.get(name);
      if (!collection) collections.set(name, (collection = createCollection(name)));
      return collection as unknown as Collection<T>;
    },
    async dropCollections(matching = () => true) {
      if (readonly) throw new Error('The read models are only read here; their projector drops them');
      const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'docs:%'`).all() as { name: string }[];
      for (const { name } of tables) {
        const collection = name.slice('docs:'.length);
        if (!matching(collection)) continue;
        journaled(() => {
          zeroFreedSpace(erasable.has(collection));
          db.exec(`DELETE FROM ${quoted(name)}`);
        });
        noteChange(collection, null);
      }
      commitNow();
      for (const cache of caches) cache.clear();
      reportChanges();
    },
    forget(changed) {
      for (const [collection, ids] of Object.entries(changed)) forgetters.get(collection)?.(ids);
    },
    async commit() {
      try {
        commitNow();
        reportChanges();
        if (erasing) {
          // The log's older frames still hold the pages as they were before the commit.
          await checkpoints!.idle();
          db.pragma('wal_checkpoint(TRUNCATE)');
          erasing = false;
        }
        checkpoints?.afterCommit();
      } catch (error) {
        throw failure(error, 'commit');
      }
    },
    async close() {
      if (!db.open) return;
      // What was never committed was never promised: its checkpoint was not written either.
      if (db.inTransaction) db.exec('ROLLBACK');
      redo = [];
      await checkpoints?.close();
      db.close();
      for (const cache of caches) cache.clear();
    },
  };
}
