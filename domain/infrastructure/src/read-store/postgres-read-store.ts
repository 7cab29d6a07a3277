import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  DuplicateKeyError,
  ReadStoreUnavailableError,
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
import { isPostgresUnavailable } from '../ports/storage-unavailable';
import { changeSchema, identifier, prepared, sharedPool } from '../postgres/postgres-pool';
import { arrange, idOnly, NOTHING, replacing, stringRange, tester, updatedCopy, upserted, upsertedReplacement, valueAt } from './document-operations';

export interface PostgresReadStoreOptions {
  connectionString: string;
}

const SCHEMA = 'read_models';
// Paths that can go into SQL text as they are: letters, digits and underscores, dotted.
const PLAIN_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const COLUMN_PREFIX = 'f:';
/** An open batch commits on its own after this long or this many writes, so it never holds the log's readers back for long (see the store's comment). */
const BATCH_OPEN_MS = 1000;
const BATCH_WRITES = 1000;
/** How long a reader trusts what it learnt of a collection's indexed paths before looking again (another process may add some). */
const COLUMNS_TRUSTED_MS = 5000;
/** Rows read at a time when a sorted page is filtered partly here. */
const CANDIDATE_PAGE = 64;
const UNDEFINED_TABLE = '42P01';
const UNIQUE_VIOLATION = '23505';
// A table created by another transaction at the same moment: the catalog's own unique index, or the name taken.
const CREATED_ELSEWHERE = new Set([UNIQUE_VIOLATION, '42P07']);
// A deadlock between two processes' batches, or a serialization failure: the batch is done again.
const RETRYABLE = new Set(['40P01', '40001']);

const tableOf = (name: string) => `${SCHEMA}.${identifier(name)}`;
const field = (path: string) => (path === '_id' ? 'id' : pg.escapeIdentifier(`${COLUMN_PREFIX}${path}`));

/** What an indexed path's column holds: the value when it is a string, as the conditions that use it compare strings; else null. */
function columnValue(doc: Doc, path: string): string | null {
  const value = valueAt(doc, path);
  return typeof value === 'string' ? value : null;
}

function storeError(error: unknown, collection: string): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === UNIQUE_VIOLATION) return new DuplicateKeyError(`E11000 duplicate key error collection: ${collection} (${(error as Error).message})`);
  if (isPostgresUnavailable(error) || (typeof code === 'string' && RETRYABLE.has(code))) {
    return new ReadStoreUnavailableError(`The read models on PostgreSQL cannot be reached: ${(error as Error).message}`, { cause: error });
  }
  return error;
}

/** A write of the open batch as it was meant: kept so that it can be done again on a new transaction. */
type Write = { collection: string; put: Doc; insertOnly: boolean } | { collection: string; delete: string[] };

interface Plan {
  where: string;
  values: string[];
  /** Every condition of the filter is in `where`: no document needs testing in JavaScript. */
  exact: boolean;
}

/**
 * The read models on PostgreSQL, for the full stack: one table per collection in the schema
 * `read_models`, each document as `json` beside a column for each path an index covers, filled
 * as the document is written (PostgreSQL never looks inside a document: docs/decisions.md, "The
 * event log and read models on PostgreSQL"). What SQL can decide (string equalities and ranges on
 * indexed paths, a sort on one) goes to SQL; the rest is tested with the memory store's
 * operations, so the semantics are the other stores'.
 *
 * The projector's writes go into one transaction, its batch, from its first write after a commit
 * to its next `commit()`, so the checkpoint it writes last commits with the documents it covers.
 * A batch also commits on its own after a second or a thousand writes: a batch's transaction holds
 * back every reader of the event log in the same cluster (the log reads below the oldest running
 * transaction), and documents committed before their checkpoint are only projected again after a
 * crash. Readers in this process read through the batch while one is open, and see its writes at
 * once; other processes see them when it commits. A batch whose transaction is lost (a lost
 * connection, a deadlock with another process, a refused statement) keeps its writes and does them
 * again, in order, on a new one before anything else.
 */
export async function createPostgresReadStore(options: PostgresReadStoreOptions): Promise<ReadStore> {
  const { pool, release } = sharedPool(options.connectionString);
  try {
    await changeSchema(pool, `CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
  } catch (error) {
    await release();
    throw storeError(error, SCHEMA);
  }

  const batch = {
    client: null as pg.PoolClient | null,
    /** none: nothing written since the last commit; open: a transaction holds the writes; lost: it is gone, the writes are kept. */
    state: 'none' as 'none' | 'open' | 'lost',
    writes: [] as Write[],
    openedAt: 0,
    /** Each collection's indexed paths, read after locking its table in this transaction: no index can be added until it ends. */
    columns: new Map<string, string[]>(),
  };
  /** The batch's connection serves one caller at a time: a redo or a write's statements never interleave with another's. */
  let lane: Promise<unknown> = Promise.resolve();
  const exclusive = <R>(work: () => Promise<R>): Promise<R> => {
    const run = lane.then(work, work);
    lane = run.catch(() => undefined);
    return run;
  };

  /** Gives the batch's connection back to the pool; a broken one is closed rather than reused. */
  const letGo = (broken?: Error): void => {
    const client = batch.client;
    if (!client) return;
    batch.client = null;
    client.off('error', onConnectionError);
    client.release(broken);
  };
  const lose = (error: unknown): void => {
    batch.state = 'lost';
    batch.columns.clear();
    if (isPostgresUnavailable(error)) letGo(error as Error);
  };
  // The server ended the connection while the batch held it (a restart, an administrator).
  function onConnectionError(error: Error): void {
    lose(error);
  }

  /** Locks a collection's table for the batch (creating it when missing) and learns its indexed paths. */
  const prepare = async (client: pg.PoolClient, collection: string): Promise<string[]> => {
    const known = batch.columns.get(collection);
    if (known) return known;
    const table = tableOf(collection);
    // Not the port's errors: two processes creating one table in their batches at once collide, and the later one's batch is done again.
    const results = (await client
      .query(
        `CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, doc json NOT NULL);
         LOCK TABLE ${table} IN ROW EXCLUSIVE MODE;
         SELECT attname FROM pg_attribute WHERE attrelid = ${pg.escapeLiteral(table)}::regclass AND attnum > 0 AND NOT attisdropped`,
      )
      .catch((error: unknown) => {
        throw new ReadStoreUnavailableError(`Cannot prepare ${collection}: ${(error as Error).message}`, { cause: error });
      })) as unknown as pg.QueryResult<{ attname: string }>[];
    const columns = results[2]!.rows.map((row) => row.attname).filter((name) => name.startsWith(COLUMN_PREFIX)).map((name) => name.slice(COLUMN_PREFIX.length));
    batch.columns.set(collection, columns);
    return columns;
  };

  const perform = async (client: pg.PoolClient, write: Write): Promise<pg.QueryResult> => {
    const columns = await prepare(client, write.collection);
    const table = tableOf(write.collection);
    if ('delete' in write) return client.query(prepared(`DELETE FROM ${table} WHERE id = ANY ($1)`, [write.delete]));
    const names = ['id', 'doc', ...columns.map(field)];
    const values = [write.put._id, JSON.stringify(write.put), ...columns.map((path) => columnValue(write.put, path))];
    const insert = `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})`;
    // An insert refused by any unique index changes nothing and leaves the transaction as it was.
    if (write.insertOnly) return client.query(prepared(`${insert} ON CONFLICT DO NOTHING RETURNING id`, values));
    // xmax is 0 on a row version this statement inserted, and set on one it updated.
    return client.query(prepared(`${insert} ON CONFLICT (id) DO UPDATE SET ${names.slice(1).map((name) => `${name} = EXCLUDED.${name}`).join(', ')} RETURNING (xmax = 0) AS inserted`, values));
  };

  /** The batch's connection with its transaction open, begun (and its writes done again after a loss) if need be. */
  const connection = async (): Promise<pg.PoolClient> => {
    if (batch.state === 'open') return batch.client!;
    if (batch.client && batch.state === 'lost') await batch.client.query('ROLLBACK').catch((error: unknown) => lose(error));
    if (!batch.client) {
      batch.client = await pool.connect();
      batch.client.on('error', onConnectionError);
    }
    const client = batch.client;
    try {
      // Not waiting for the disk at the commit: the read models are derived, and a commit a power cut
      // takes away takes its checkpoint with it, so the projector projects those events again.
      await client.query('BEGIN; SET LOCAL synchronous_commit TO OFF');
      // A write only counted as done once its statement succeeded: the insert that was refused is not among them.
      for (const write of batch.writes) await perform(client, write);
    } catch (error) {
      lose(error);
      throw error;
    }
    if (batch.state === 'none') batch.openedAt = Date.now();
    batch.state = 'open';
    return client;
  };

  const commitNow = async (): Promise<void> => {
    if (batch.state === 'none') return;
    const client = await connection();
    try {
      await client.query('COMMIT');
    } catch (error) {
      lose(error);
      throw error;
    }
    batch.writes = [];
    batch.state = 'none';
    batch.columns.clear();
    letGo();
  };

  const write = (work: Write): Promise<pg.QueryResult> =>
    exclusive(async () => {
      const client = await connection();
      let result: pg.QueryResult;
      try {
        result = await perform(client, work);
      } catch (error) {
        lose(error);
        throw error;
      }
      if (!('put' in work && work.insertOnly && result.rowCount === 0)) batch.writes.push(work);
      if (batch.writes.length >= BATCH_WRITES || Date.now() - batch.openedAt >= BATCH_OPEN_MS) await commitNow();
      return result;
    });

  /**
   * A read: through the open batch, so this process sees its own writes; else on any connection of
   * the pool. The caller makes sure the table exists first: a failed statement would cost a batch
   * its transaction, and the pool its connection (it closes one a statement failed on).
   */
  const read = async <R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<R[]> => {
    if (batch.state === 'none') return (await pool.query<R>(prepared(text, values))).rows;
    return exclusive(async () => {
      const client = await connection();
      try {
        return (await client.query<R>(prepared(text, values))).rows;
      } catch (error) {
        lose(error);
        throw error;
      }
    });
  };

  const handles = new Map<string, ReturnType<typeof createCollection>>();

  function createCollection<T extends Doc>(name: string) {
    const table = tableOf(name);
    /** What this process last learnt of the table: whether it exists, and its indexed paths. */
    let learnt: { exists: boolean; paths: Set<string>; at: number } | null = null;

    const indexedPaths = async (): Promise<Set<string> | null> => {
      const known = batch.columns.get(name);
      if (known) return new Set(['_id', ...known]);
      // A table found missing is looked for again at once: another process may create it at any time.
      if (!learnt?.exists || Date.now() - learnt.at > COLUMNS_TRUSTED_MS) {
        const { rows } = await pool.query<{ attname: string }>(prepared('SELECT attname FROM pg_attribute WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped', [table]));
        const paths = rows.map((row) => row.attname).filter((column) => column.startsWith(COLUMN_PREFIX)).map((column) => column.slice(COLUMN_PREFIX.length));
        learnt = { exists: rows.length > 0, paths: new Set(['_id', ...paths]), at: Date.now() };
      }
      return learnt.exists ? learnt.paths : null;
    };

    /** Rows of the table; none when it does not exist (yet, or any more). */
    const rows = async <R extends pg.QueryResultRow>(sql: string, values: unknown[]): Promise<R[]> => {
      if (!(await indexedPaths())) return [];
      try {
        return await read<R>(sql, values);
      } catch (error) {
        // Dropped since it was last looked for (a retired version): it holds nothing.
        if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
        learnt = null;
        return [];
      }
    };
    const docs = async (sql: string, values: unknown[]): Promise<T[]> => (await rows<{ doc: T }>(sql, values)).map((row) => row.doc);

    /** String equalities and string ranges on indexed paths go to SQL; anything else is tested in JavaScript. */
    const plan = (filter: Filter, indexed: Set<string>): Plan => {
      const conditions: string[] = [];
      const values: string[] = [];
      let exact = true;
      const bind = (value: string) => `$${values.push(value)}`;
      for (const [path, condition] of Object.entries(filter)) {
        if (indexed.has(path) && typeof condition === 'string') {
          conditions.push(`${field(path)} = ${bind(condition)}`);
          continue;
        }
        const range = indexed.has(path) ? stringRange(condition) : null;
        if (!range) {
          exact = false;
          continue;
        }
        if (range.low) conditions.push(`${field(path)} ${range.low.inclusive ? '>=' : '>'} ${bind(range.low.value)}`);
        if (range.high) conditions.push(`${field(path)} ${range.high.inclusive ? '<=' : '<'} ${bind(range.high.value)}`);
        // A range with no bound at all still asks for a string.
        if (!range.low && !range.high) conditions.push(`${field(path)} IS NOT NULL`);
      }
      return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', values, exact };
    };

    /**
     * The sort SQL can apply: one key on an indexed path, missing values first as MongoDB has them,
     * the id breaking ties (so a sort that names the id second, in the same direction, is the same).
     */
    const orderBy = (sort: SortSpec | undefined, indexed: Set<string>): string | null => {
      if (!sort) return '';
      const keys = Object.entries(sort);
      const tieBreak = keys.length === 2 && keys[1]![0] === '_id' && keys[1]![1] === keys[0]![1];
      if ((keys.length !== 1 && !tieBreak) || !indexed.has(keys[0]![0])) return null;
      const [path, direction] = keys[0]!;
      const way = direction === -1 ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
      return path === '_id' ? `ORDER BY id ${way}` : `ORDER BY ${field(path)} ${way}, id ${direction === -1 ? 'DESC' : 'ASC'}`;
    };

    const byId = async (id: string): Promise<T | null> => (await docs(`SELECT doc FROM ${table} WHERE id = $1`, [id]))[0] ?? null;

    const matching = async (filter: Filter): Promise<T[]> => {
      const id = idOnly(filter);
      if (id !== null) {
        const doc = await byId(id);
        return doc ? [doc] : [];
      }
      const indexed = await indexedPaths();
      if (!indexed) return [];
      const { where, values, exact } = plan(filter, indexed);
      const candidates = await docs(`SELECT doc FROM ${table} ${where}`, values);
      return exact ? candidates : candidates.filter(tester(filter));
    };

    // Every document read here is a new object of its own: nothing needs copying on its way out.
    const find = async (filter: Filter, options: FindOptions = {}): Promise<T[]> => {
      const handOut = { ...options, readOnly: true };
      const indexed = idOnly(filter) === null ? await indexedPaths() : null;
      if (indexed) {
        const { where, values, exact } = plan(filter, indexed);
        const order = orderBy(options.sort, indexed);
        if (exact && order !== null) {
          // The whole read in SQL: an index walks the child's range in order and stops at the limit.
          const page = `${options.limit ? ` LIMIT ${options.limit | 0}` : ''}${options.skip ? ` OFFSET ${options.skip | 0}` : ''}`;
          return arrange(await docs(`SELECT doc FROM ${table} ${where} ${order}${page}`, values), { ...handOut, skip: 0, limit: 0 }, true);
        }
        if (order && options.limit) {
          // Part of the filter is tested here and only a page is wanted: the rows come in the sort's
          // order, a few at a time, until the page is full.
          const test = tester(filter);
          const wanted = (options.skip ?? 0) + options.limit;
          const page: T[] = [];
          for (let offset = 0; page.length < wanted; offset += CANDIDATE_PAGE) {
            const rows = await docs(`SELECT doc FROM ${table} ${where} ${order} LIMIT ${CANDIDATE_PAGE} OFFSET ${offset}`, values);
            page.push(...rows.filter(test));
            if (rows.length < CANDIDATE_PAGE) break;
          }
          return arrange(page.slice(0, wanted), handOut, true);
        }
      }
      return arrange(await matching(filter), handOut);
    };

    const firstMatch = async (filter: Filter): Promise<T | null> => {
      const id = idOnly(filter);
      return id === null ? ((await find(filter, { limit: 1 }))[0] ?? null) : byId(id);
    };

    const insert = async (doc: T): Promise<void> => {
      const { rowCount } = await write({ collection: name, put: doc, insertOnly: true });
      if (rowCount === 0) throw new DuplicateKeyError(`E11000 duplicate key error collection: ${name} dup key: { _id: ${JSON.stringify(doc._id)} }`);
    };

    /**
     * An upsert whose insert finds its id taken meanwhile (another writer's upsert of the same
     * document won the race) is done once more, as an update of what is there now, as MongoDB
     * retries it. Taken and still not matching the filter, it is the DuplicateKeyError it was.
     */
    const upserting = async (attempt: () => Promise<UpdateResult>): Promise<UpdateResult> => {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        return attempt();
      }
    };

    const updateOne = (filter: Filter, update: Update, upsert: boolean): Promise<UpdateResult> => {
      const attempt = async (): Promise<UpdateResult> => {
        const existing = await firstMatch(filter);
        if (existing) {
          const updated = updatedCopy(existing, update);
          if (updated) await write({ collection: name, put: updated, insertOnly: false });
          return { matchedCount: 1, modifiedCount: updated ? 1 : 0, upsertedCount: 0 };
        }
        if (!upsert) return NOTHING;
        await insert(upserted(filter, update) as T);
        return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
      };
      return upsert ? upserting(attempt) : attempt();
    };

    const replaceOne = async (filter: Filter, replacement: T, upsert: boolean): Promise<UpdateResult> => {
      const id = idOnly(filter);
      if (upsert && id !== null && (replacement._id === undefined || replacement._id === id)) {
        // The projections' usual write, a document put under its id, in one statement: no read first.
        const { rows } = await write({ collection: name, put: replacement._id === id ? replacement : { ...replacement, _id: id }, insertOnly: false });
        return rows[0]?.inserted ? { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 } : { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
      }
      const attempt = async (): Promise<UpdateResult> => {
        const existing = await firstMatch(filter);
        if (existing) {
          await write({ collection: name, put: replacing(existing, replacement), insertOnly: false });
          return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
        }
        if (!upsert) return NOTHING;
        await insert(upsertedReplacement(filter, replacement));
        return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
      };
      return upsert ? upserting(attempt) : attempt();
    };

    const deleteMatching = async (filter: Filter, limit: number): Promise<number> => {
      const victims = (await matching(filter)).slice(0, limit);
      if (victims.length > 0) await write({ collection: name, delete: victims.map((doc) => doc._id) });
      return victims.length;
    };

    /**
     * A column for each new path, filled from the documents already there, and an index ending
     * with the id. Done apart from the batch (committed first: its own lock on the table would keep
     * the change waiting for ever), under the lock every schema change takes; a batch of another
     * process writing the table meanwhile is waited for, and the next one learns the new column.
     */
    const createIndex = async (keys: SortSpec, unique: boolean): Promise<void> => {
      const paths = Object.keys(keys);
      if (!paths.every((path) => path === '_id' || PLAIN_PATH.test(path))) return;
      const digest = createHash('sha1').update(`${name}:${paths.join(',')}`).digest('hex');
      const indexName = (kind: string) => identifier(`${kind}_${digest}`);
      const change = () =>
        changeSchema(pool, async (client) => {
          await client.query(`CREATE TABLE IF NOT EXISTS ${table} (id text COLLATE "C" PRIMARY KEY, doc json NOT NULL)`);
          const { rows } = await client.query<{ attname: string }>('SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped', [table]);
          const present = new Set(rows.map((row) => row.attname));
          for (const path of paths.filter((each) => each !== '_id' && !present.has(`${COLUMN_PREFIX}${each}`))) {
            await client.query(`ALTER TABLE ${table} ADD COLUMN ${field(path)} text COLLATE "C"`);
            // Filled here, not by PostgreSQL's JSON functions: they refuse a document holding U+0000 anywhere.
            const { rows: existing } = await client.query<{ doc: T }>(`SELECT doc FROM ${table}`);
            const ids = existing.map((row) => row.doc._id);
            const values = existing.map((row) => columnValue(row.doc, path));
            await client.query(`UPDATE ${table} SET ${field(path)} = filled.value FROM unnest($1::text[], $2::text[]) AS filled (id, value) WHERE ${table}.id = filled.id`, [ids, values]);
          }
          const { rows: indexes } = await client.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2', [SCHEMA, name]);
          const existingIndexes = new Set(indexes.map((row) => row.indexname));
          const columns = paths.map(field);
          if (!existingIndexes.has(`ix_${digest}`)) await client.query(`CREATE INDEX ${indexName('ix')} ON ${table} (${[...columns, 'id'].join(', ')})`);
          // Missing fields index as null and collide, as in MongoDB.
          if (unique && !existingIndexes.has(`ux_${digest}`)) await client.query(`CREATE UNIQUE INDEX ${indexName('ux')} ON ${table} (${columns.join(', ')}) NULLS NOT DISTINCT`);
        });
      await exclusive(async () => {
        await commitNow();
        // A table another process's batch was creating meanwhile collides here once that batch commits; then it is there.
        await change().catch((error: unknown) => (CREATED_ELSEWHERE.has((error as { code?: string }).code ?? '') ? change() : Promise.reject(error)));
        learnt = null;
      });
    };

    const collection: Collection<T> = {
      find,
      async findOne(filter, findOptions) {
        if (idOnly(filter) !== null && !findOptions?.projection) return firstMatch(filter);
        return (await find(filter, { ...findOptions, limit: 1 }))[0] ?? null;
      },
      async countDocuments(filter) {
        const indexed = idOnly(filter) === null ? await indexedPaths() : null;
        const planned = indexed && plan(filter, indexed);
        if (!planned?.exact) return (await matching(filter)).length;
        const counted = await rows<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} ${planned.where}`, planned.values);
        return counted[0]?.count ?? 0;
      },
      insertOne: (document) => insert(document),
      updateOne: (filter, update, updateOptions) => updateOne(filter, update, updateOptions?.upsert ?? false),
      replaceOne: (filter, replacement, updateOptions) => replaceOne(filter, replacement, updateOptions?.upsert ?? false),
      deleteOne: (filter) => deleteMatching(filter, 1),
      deleteMany: (filter) => deleteMatching(filter, Number.POSITIVE_INFINITY),
      async bulkWrite(operations: readonly BulkOperation<T>[]) {
        // Ordered, like MongoDB's default: the first failure stops the rest.
        for (const operation of operations) {
          if ('insertOne' in operation) await insert(operation.insertOne.document);
          else if ('updateOne' in operation) await updateOne(operation.updateOne.filter, operation.updateOne.update, operation.updateOne.upsert ?? false);
          else if ('replaceOne' in operation) await replaceOne(operation.replaceOne.filter, operation.replaceOne.replacement, operation.replaceOne.upsert ?? false);
          else if ('deleteOne' in operation) await deleteMatching(operation.deleteOne.filter, 1);
          else await deleteMatching(operation.deleteMany.filter, Number.POSITIVE_INFINITY);
        }
      },
      createIndex: (keys, indexOptions) => createIndex(keys, indexOptions?.unique ?? false),
    };
    return { collection: withPortErrors(collection, name), forget: () => (learnt = null) };
  }

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) handles.set(name, (handle = createCollection(name)));
      return handle.collection as unknown as Collection<T>;
    },
    async dropCollections(matching = () => true) {
      await exclusive(async () => {
        await commitNow();
        const { rows } = await pool.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = $1', [SCHEMA]);
        const dropped = rows.map((row) => row.tablename).filter((name) => matching(name));
        if (dropped.length > 0) await changeSchema(pool, dropped.map((name) => `DROP TABLE IF EXISTS ${tableOf(name)}`).join(';\n'));
        for (const name of dropped) handles.get(name)?.forget();
      }).catch((error: unknown) => {
        throw storeError(error, 'dropCollections');
      });
    },
    async commit() {
      await exclusive(commitNow).catch((error: unknown) => {
        throw storeError(error, 'commit');
      });
    },
    async close() {
      await exclusive(async () => {
        // What was never committed was never promised: its checkpoint was not written either.
        await batch.client?.query('ROLLBACK').catch(() => undefined);
        letGo();
        batch.writes = [];
        batch.state = 'none';
      });
      await release();
    },
  };
}

/** Every failure in the port's terms: a duplicate key, a server that cannot be reached now, or the error itself. */
function withPortErrors<T extends Doc>(collection: Collection<T>, name: string): Collection<T> {
  const guarded = {} as Record<string, unknown>;
  for (const [method, call] of Object.entries(collection) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    guarded[method] = (...args: unknown[]) =>
      call(...args).catch((error: unknown) => {
        throw storeError(error, name);
      });
  }
  return guarded as unknown as Collection<T>;
}
