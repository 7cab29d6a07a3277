import pg from 'pg';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ReadStoreUnavailableError, type ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { createPostgresReadStore } from '@nightlight/infrastructure/read-store/postgres-read-store';
import { describeOnPostgres } from './reachability';

interface Entry {
  _id: string;
  childId: string;
  startedAt: string;
  notes?: string;
  [key: string]: unknown;
}

/**
 * What the read models on PostgreSQL promise beyond the port's contract: the projector's writes
 * and its checkpoint commit together, other processes see them only then, a lost transaction loses
 * nothing, and an index another process adds is used by the writes that follow. Two store
 * instances stand for two processes (a projector worker and a query-api).
 */
describeOnPostgres('read models on PostgreSQL across processes', (database) => {
  let projector: ReadStore;
  let reader: ReadStore;
  let name: string;
  let n = 0;

  beforeEach(async () => {
    n += 1;
    name = `entries_${n}`;
    // Each its own pool, as two processes have.
    projector = await createPostgresReadStore({ connectionString: `${database.url()}?application_name=projector` });
    reader = await createPostgresReadStore({ connectionString: `${database.url()}?application_name=reader` });
  });
  afterEach(async () => {
    await projector.close();
    await reader.close();
  });

  const entry = (i: number, extra: Partial<Entry> = {}): Entry => ({ _id: `e${i}`, childId: 'c1', startedAt: `2026-11-0${i}T10:00:00Z`, ...extra });
  const idsSeenBy = async (store: ReadStore) => (await store.collection<Entry>(name).find({}, { sort: { _id: 1 } })).map((doc) => doc._id);

  it('commits the documents with the checkpoint written after them: the writer sees them at once, another process at the commit', async () => {
    await projector.collection<Entry>(name).insertOne(entry(1));
    await projector.collection<Entry>(name).updateOne({ _id: 'e1' }, { $set: { notes: 'corrected' } });
    await projector.collection('checkpoints_of_test').replaceOne({ _id: name }, { _id: name, position: 42 }, { upsert: true });

    expect(await idsSeenBy(projector)).toEqual(['e1']);
    expect(await idsSeenBy(reader)).toEqual([]);
    expect(await reader.collection('checkpoints_of_test').findOne({ _id: name })).toBeNull();

    await projector.commit();
    expect(await reader.collection<Entry>(name).findOne({ _id: 'e1' })).toMatchObject({ notes: 'corrected' });
    expect(await reader.collection('checkpoints_of_test').findOne({ _id: name })).toEqual({ _id: name, position: 42 });
  });

  it('loses neither documents nor checkpoint when a crash ends the transaction before the commit: both are gone together', async () => {
    await projector.collection<Entry>(name).insertOne(entry(1));
    await projector.collection('checkpoints_of_test').replaceOne({ _id: name }, { _id: name, position: 7 }, { upsert: true });
    await projector.close();

    expect(await idsSeenBy(reader)).toEqual([]);
    expect(await reader.collection('checkpoints_of_test').findOne({ _id: name })).toBeNull();
    projector = await createPostgresReadStore({ connectionString: database.url() });
  });

  it('does the open transaction again on a new connection when the server ends the old one: nothing written is lost', async () => {
    await projector.collection<Entry>(name).insertOne(entry(1));
    await projector.collection<Entry>(name).insertOne(entry(2));
    const admin = new pg.Client({ connectionString: database.url() });
    await admin.connect();
    const { rows } = await admin.query("SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'projector' AND state = 'idle in transaction'");
    await admin.end();
    expect(rows).toEqual([{ ended: true }]);

    // A write that meets the connection before the store heard of its end is refused as an outage, and the projector tries it again.
    await projector
      .collection<Entry>(name)
      .insertOne(entry(3))
      .catch((error: unknown) => {
        expect(error).toBeInstanceOf(ReadStoreUnavailableError);
        return projector.collection<Entry>(name).insertOne(entry(3));
      });
    await projector.commit();

    expect(await idsSeenBy(reader)).toEqual(['e1', 'e2', 'e3']);
  });

  it('commits an open transaction on its own at a write after a second, so it does not hold the event log back', async () => {
    await projector.collection<Entry>(name).insertOne(entry(1));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await projector.collection<Entry>(name).insertOne(entry(2));

    expect(await idsSeenBy(reader)).toEqual(['e1', 'e2']);
  });

  it('reads a collection no one has written yet as empty, on the connections it has', async () => {
    const admin = new pg.Client({ connectionString: database.url() });
    await admin.connect();
    const connections = async () => (await admin.query("SELECT pid FROM pg_stat_activity WHERE application_name = 'reader' ORDER BY pid")).rows;
    expect(await reader.collection('never_written').findOne({ _id: 'x' })).toBeNull();
    const before = await connections();

    for (let i = 0; i < 5; i += 1) {
      expect(await reader.collection('never_written').findOne({ _id: 'x' })).toBeNull();
      expect(await reader.collection('never_written').find({ childId: 'c1' }, { sort: { startedAt: 1 } })).toEqual([]);
      expect(await reader.collection('never_written').countDocuments({})).toBe(0);
    }

    // A statement that failed on a missing table would have cost its connection: the pool closes it.
    expect(await connections()).toEqual(before);
    await admin.end();
  });

  it("fills an index another process adds for the documents already there, U+0000 and all, and for this one's next writes", async () => {
    await projector.collection<Entry>(name).insertOne(entry(1, { notes: 'a\u0000b' }));
    // Added while the projector's transaction holds the table: it waits for the commit.
    const indexed = reader.collection<Entry>(name).createIndex({ childId: 1, startedAt: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await projector.commit();
    await indexed;
    await projector.collection<Entry>(name).insertOne(entry(2));
    await projector.collection<Entry>(name).insertOne(entry(3, { childId: 'c2' }));
    await projector.commit();

    // The columns beside the documents, as the index reads them: the projector filled them without being told of the index.
    const admin = new pg.Client({ connectionString: database.url() });
    await admin.connect();
    const { rows } = await admin.query(`SELECT id, "f:childId" AS child FROM read_models.${name} ORDER BY id`);
    await admin.end();
    expect(rows).toEqual([
      { id: 'e1', child: 'c1' },
      { id: 'e2', child: 'c1' },
      { id: 'e3', child: 'c2' },
    ]);
    const range = { childId: 'c1', startedAt: { $gte: '2026-11-01', $lt: '2026-11-09' } };
    expect((await reader.collection<Entry>(name).find(range, { sort: { startedAt: -1 }, limit: 5 })).map((doc) => doc._id)).toEqual(['e2', 'e1']);
    expect(await reader.collection<Entry>(name).countDocuments(range)).toBe(2);
    expect((await reader.collection<Entry>(name).findOne({ _id: 'e1' }))?.notes).toBe('a\u0000b');
  });
});
