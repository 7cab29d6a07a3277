import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { followLiveReadModels } from '@nightlight/infrastructure/read-store/live-read-models';
import { createMemoryReadStore } from '@nightlight/infrastructure/read-store/memory-read-store';
import { createMongoReadStore } from '@nightlight/infrastructure/read-store/mongo-read-store';
import { createPostgresReadStore } from '@nightlight/infrastructure/read-store/postgres-read-store';
import { dropRetiredReadModels, READ_MODEL_VERSIONS_COLLECTION, switchLiveReadModelVersion } from '@nightlight/infrastructure/read-store/read-model-versions';
import { createSqliteReadStore } from '@nightlight/infrastructure/read-store/sqlite-read-store';
import { DuplicateKeyError, type Collection, type ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { postgresDatabase, reachableUrl } from './reachability';

interface Feeding {
  _id: string;
  childId: string;
  amountMl: number;
  startedAt: string;
  notes?: string;
  tags?: string[];
  count?: number;
  [key: string]: unknown;
}

const feedings: Feeding[] = [
  { _id: 'f1', childId: 'c1', amountMl: 120, startedAt: '2024-05-01T06:00:00Z' },
  { _id: 'f2', childId: 'c1', amountMl: 90, startedAt: '2024-05-01T09:00:00Z' },
  { _id: 'f3', childId: 'c2', amountMl: 150, startedAt: '2024-05-01T07:00:00Z' },
  { _id: 'f4', childId: 'c1', amountMl: 60, startedAt: '2024-05-01T12:00:00Z' },
  { _id: 'f5', childId: 'c3', amountMl: 100, startedAt: '2024-05-02T06:00:00Z' },
];

function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`read-store contract on ${name}`, () => {
    let store: ReadStore;
    let collection: Collection<Feeding>;

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store.dropCollections();
      await store.close();
    });

    beforeEach(async () => {
      collection = store.collection<Feeding>(`feedings_${randomUUID().slice(0, 8)}`);
      for (const feeding of feedings) await collection.insertOne(feeding);
    });

    it('finds with a filter, sort, skip, limit and projection', async () => {
      const found = await collection.find({ childId: 'c1' }, { sort: { startedAt: -1 }, skip: 1, limit: 2, projection: { amountMl: 1 } });

      expect(found).toEqual([
        { _id: 'f2', amountMl: 90 },
        { _id: 'f1', amountMl: 120 },
      ]);
      expect(await collection.findOne({ childId: 'c1' }, { sort: { amountMl: 1 }, projection: { _id: 0, startedAt: 1 } })).toEqual({
        startedAt: '2024-05-01T12:00:00Z',
      });
      expect(await collection.findOne({ childId: 'nobody' })).toBeNull();
      expect(await collection.countDocuments({ childId: 'c1' })).toBe(3);
    });

    it('evaluates $in, $gte and $lt', async () => {
      const found = await collection.find(
        { childId: { $in: ['c1', 'c2'] }, amountMl: { $gte: 90, $lt: 150 }, startedAt: { $lt: '2024-05-02' } },
        { sort: { amountMl: 1 } },
      );

      expect(found.map((doc) => doc._id)).toEqual(['f2', 'f1']);
    });

    it('upserts once with updateOne and changes nothing when the same update is repeated', async () => {
      const update = { $set: { childId: 'c9', amountMl: 30 }, $setOnInsert: { startedAt: '2024-06-01T00:00:00Z' } };

      const first = await collection.updateOne({ _id: 'f9' }, update, { upsert: true });
      const second = await collection.updateOne({ _id: 'f9' }, update, { upsert: true });

      expect(first).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
      expect(second).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
      expect(await collection.find({ _id: 'f9' })).toEqual([{ _id: 'f9', childId: 'c9', amountMl: 30, startedAt: '2024-06-01T00:00:00Z' }]);
    });

    it('seeds an upserted document from the equality fields of the filter', async () => {
      await collection.updateOne({ _id: 'daily-c7', childId: 'c7', amountMl: { $gte: 0 } }, { $inc: { count: 1 } }, { upsert: true });

      expect(await collection.findOne({ _id: 'daily-c7' })).toEqual({ _id: 'daily-c7', childId: 'c7', count: 1 });
    });

    it('applies $set, $inc, $push, $unset, $addToSet, $pull, $max and $min', async () => {
      await collection.updateOne({ _id: 'f1' }, { $set: { notes: 'left side', 'detail.side': 'left' }, $inc: { amountMl: 10 }, $push: { tags: 'night' } });
      await collection.updateOne({ _id: 'f1' }, { $unset: { notes: '' }, $addToSet: { tags: 'night' }, $max: { count: 4 } });
      await collection.updateOne({ _id: 'f1' }, { $push: { tags: 'bottle' }, $min: { count: 2 } });
      await collection.updateOne({ _id: 'f1' }, { $pull: { tags: 'night' } });

      expect(await collection.findOne({ _id: 'f1' })).toEqual({
        _id: 'f1',
        childId: 'c1',
        amountMl: 130,
        startedAt: '2024-05-01T06:00:00Z',
        detail: { side: 'left' },
        tags: ['bottle'],
        count: 2,
      });
      expect(await collection.updateOne({ _id: 'missing' }, { $set: { amountMl: 1 } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 0,
      });
    });

    it('replaces a document, and inserts it once with replaceOne upsert', async () => {
      const replaced = await collection.replaceOne({ _id: 'f2' }, { _id: 'f2', childId: 'c1', amountMl: 95, startedAt: 'x' });
      const inserted = await collection.replaceOne({ _id: 'f8' }, { _id: 'f8', childId: 'c8', amountMl: 1, startedAt: 'y' }, { upsert: true });
      await collection.replaceOne({ _id: 'f8' }, { _id: 'f8', childId: 'c8', amountMl: 2, startedAt: 'y' }, { upsert: true });

      expect(replaced).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      expect(inserted).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
      expect(await collection.findOne({ _id: 'f2' })).toEqual({ _id: 'f2', childId: 'c1', amountMl: 95, startedAt: 'x' });
      expect(await collection.find({ childId: 'c8' })).toEqual([{ _id: 'f8', childId: 'c8', amountMl: 2, startedAt: 'y' }]);
    });

    it('lets upserts of one new document sent at once all succeed: one inserts it, the others change it', async () => {
      const results = await Promise.all([
        collection.replaceOne({ _id: 'f40' }, { _id: 'f40', childId: 'c40', amountMl: 40, startedAt: 'a' }, { upsert: true }),
        collection.updateOne({ _id: 'f40' }, { $set: { childId: 'c40' }, $inc: { count: 1 } }, { upsert: true }),
        collection.updateOne({ _id: 'f40' }, { $set: { childId: 'c40' }, $inc: { count: 1 } }, { upsert: true }),
      ]);

      expect(results.map((result) => result.upsertedCount).reduce((a, b) => a + b)).toBe(1);
      expect(await collection.countDocuments({ childId: 'c40' })).toBe(1);
    });

    it('refuses a replaceOne upsert whose filter misses but whose _id is taken, and changes nothing', async () => {
      const upsert = collection.replaceOne({ _id: 'f2', childId: 'elsewhere' }, { _id: 'f2', childId: 'elsewhere', amountMl: 1, startedAt: 'z' }, { upsert: true });
      await expect(upsert).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await collection.find({ childId: 'elsewhere' })).toEqual([]);
      expect(await collection.findOne({ _id: 'f2' })).toMatchObject({ _id: 'f2', childId: 'c1' });
    });

    it('counts what deleteOne and deleteMany remove', async () => {
      expect(await collection.deleteOne({ childId: 'c1' })).toBe(1);
      expect(await collection.deleteMany({ childId: 'c1' })).toBe(2);
      expect(await collection.deleteMany({ childId: 'c1' })).toBe(0);
      expect(await collection.countDocuments({})).toBe(2);
    });

    it('runs a mixed bulkWrite in order', async () => {
      await collection.bulkWrite([
        { insertOne: { document: { _id: 'f6', childId: 'c6', amountMl: 10, startedAt: 'a' } } },
        { updateOne: { filter: { _id: 'f6' }, update: { $inc: { amountMl: 5 } } } },
        { updateOne: { filter: { _id: 'f7' }, update: { $set: { childId: 'c6', amountMl: 7 } }, upsert: true } },
        { replaceOne: { filter: { _id: 'f3' }, replacement: { _id: 'f3', childId: 'c6', amountMl: 3, startedAt: 'b' } } },
        { deleteOne: { filter: { _id: 'f5' } } },
        { deleteMany: { filter: { childId: 'c1' } } },
      ]);

      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'f3', childId: 'c6', amountMl: 3, startedAt: 'b' },
        { _id: 'f6', childId: 'c6', amountMl: 15, startedAt: 'a' },
        { _id: 'f7', childId: 'c6', amountMl: 7 },
      ]);
    });

    it('enforces unique indexes with DuplicateKeyError, on insert, update and upsert', async () => {
      const users = store.collection<{ _id: string; emailHash: string }>(`users_${randomUUID().slice(0, 8)}`);
      await users.createIndex({ emailHash: 1 }, { unique: true });
      await users.insertOne({ _id: 'u1', emailHash: 'h1' });
      await users.insertOne({ _id: 'u2', emailHash: 'h2' });

      await expect(users.insertOne({ _id: 'u3', emailHash: 'h1' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(users.insertOne({ _id: 'u1', emailHash: 'h9' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(users.updateOne({ _id: 'u2' }, { $set: { emailHash: 'h1' } })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(users.updateOne({ _id: 'u4' }, { $set: { emailHash: 'h2' } }, { upsert: true })).rejects.toBeInstanceOf(DuplicateKeyError);

      await users.updateOne({ _id: 'u2' }, { $set: { emailHash: 'h3' } });
      await users.insertOne({ _id: 'u5', emailHash: 'h2' });
      expect(await users.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'u1', emailHash: 'h1' },
        { _id: 'u2', emailHash: 'h3' },
        { _id: 'u5', emailHash: 'h2' },
      ]);
    });

    it('answers an indexed equality-and-range read through inserts, moves and deletes, in either sort order', async () => {
      await collection.createIndex({ childId: 1, startedAt: 1 });
      await collection.insertOne({ _id: 'f11', childId: 'c1', amountMl: 30, startedAt: '2024-05-01T08:00:00Z' });
      await collection.updateOne({ _id: 'f4' }, { $set: { startedAt: '2024-05-01T05:00:00Z' } });
      await collection.replaceOne({ _id: 'f2' }, { _id: 'f2', childId: 'c2', amountMl: 90, startedAt: '2024-05-01T07:30:00Z' });
      await collection.deleteOne({ _id: 'f1' });
      const range = { childId: 'c1', startedAt: { $gte: '2024-05-01T05:00:00Z', $lt: '2024-05-01T09:00:00Z' } };

      expect((await collection.find(range, { sort: { startedAt: 1 } })).map((doc) => doc._id)).toEqual(['f4', 'f11']);
      expect((await collection.find(range, { sort: { startedAt: -1 } })).map((doc) => doc._id)).toEqual(['f11', 'f4']);
      expect((await collection.find({ childId: 'c2', startedAt: { $gt: '2024-05-01T07:00:00Z' } }, { sort: { startedAt: 1 } })).map((doc) => doc._id)).toEqual(['f2']);
      expect((await collection.find({ childId: 'c1', startedAt: { $lte: '2024-05-01T05:00:00Z' }, amountMl: 60 })).map((doc) => doc._id)).toEqual(['f4']);
      expect(await collection.countDocuments({ childId: 'c1', startedAt: { $gte: '2024-05-01' } })).toBe(2);
    });

    it('pages through a sort on an indexed path and then the id, as the export reads a timeline', async () => {
      await collection.createIndex({ childId: 1, startedAt: 1 });
      // Two entries at one instant: the id decides between them.
      await collection.insertOne({ _id: 'f0', childId: 'c1', amountMl: 10, startedAt: '2024-05-01T09:00:00Z' });
      const page = (skip: number, way: 1 | -1) => collection.find({ childId: 'c1' }, { sort: { startedAt: way, _id: way }, skip, limit: 2 });

      expect((await page(0, 1)).map((doc) => doc._id)).toEqual(['f1', 'f0']);
      expect((await page(2, 1)).map((doc) => doc._id)).toEqual(['f2', 'f4']);
      expect((await page(1, -1)).map((doc) => doc._id)).toEqual(['f2', 'f0']);
    });

    it('hands out copies: changing a returned or inserted document does not change the store', async () => {
      const inserted: Feeding = { _id: 'f10', childId: 'c10', amountMl: 10, startedAt: 'z', tags: ['a'] };
      await collection.insertOne(inserted);
      inserted.tags!.push('changed-after-insert');

      const found = await collection.findOne({ _id: 'f10' });
      found!.tags!.push('changed-after-read');
      found!.amountMl = 999;
      const [listed] = await collection.find({ _id: 'f10' });
      listed!.childId = 'other';

      expect(await collection.findOne({ _id: 'f10' })).toEqual({ _id: 'f10', childId: 'c10', amountMl: 10, startedAt: 'z', tags: ['a'] });
    });

    it('finds one document by its id only when the other conditions hold too', async () => {
      expect(await collection.findOne({ _id: 'f2', childId: 'c1' })).toEqual({ _id: 'f2', childId: 'c1', amountMl: 90, startedAt: '2024-05-01T09:00:00Z' });
      expect(await collection.findOne({ _id: 'f2', childId: 'c2' })).toBeNull();
      expect(await collection.findOne({ _id: 'f2', amountMl: { $gt: 100 } }, { readOnly: true })).toBeNull();
      expect(await collection.findOne({ _id: 'nope', childId: 'c1' })).toBeNull();
    });

    it('stores a handed-over document as it was given', async () => {
      const given: Feeding = { _id: 'f20', childId: 'c20', amountMl: 20, startedAt: 'q', tags: ['night'] };
      await collection.replaceOne({ _id: 'f20' }, given, { upsert: true, handOver: true });
      await collection.replaceOne({ _id: 'f1' }, { _id: 'f1', childId: 'c1', amountMl: 125, startedAt: 'r' }, { handOver: true });

      expect(await collection.findOne({ _id: 'f20' })).toEqual({ _id: 'f20', childId: 'c20', amountMl: 20, startedAt: 'q', tags: ['night'] });
      expect(await collection.findOne({ _id: 'f1' })).toEqual({ _id: 'f1', childId: 'c1', amountMl: 125, startedAt: 'r' });
    });

    it('keeps every character of a document, U+0000 and a lone surrogate included', async () => {
      const notes = 'a\u0000b \uD800 👶';
      await collection.insertOne({ _id: 'f30', childId: 'c30', amountMl: 1, startedAt: 'z', notes });
      await collection.updateOne({ _id: 'f30' }, { $set: { tags: [notes] } });

      expect(await collection.findOne({ _id: 'f30' })).toEqual({ _id: 'f30', childId: 'c30', amountMl: 1, startedAt: 'z', notes, tags: [notes] });
      expect((await collection.find({ notes })).map((doc) => doc._id)).toEqual(['f30']);
    });

    it('answers a read-only read with the same documents as a plain one', async () => {
      const filter = { childId: 'c1' };
      expect(await collection.find(filter, { sort: { startedAt: 1 }, readOnly: true })).toEqual(await collection.find(filter, { sort: { startedAt: 1 } }));
      expect(await collection.findOne({ _id: 'f2' }, { readOnly: true })).toEqual({ _id: 'f2', childId: 'c1', amountMl: 90, startedAt: '2024-05-01T09:00:00Z' });
    });

    it('drops every collection, and a handle taken before writes into it anew', async () => {
      await store.dropCollections();

      expect(await collection.countDocuments({})).toBe(0);
      await collection.insertOne(feedings[0]!);
      expect(await collection.countDocuments({})).toBe(1);
    });

    it('drops only the collections whose name is asked for', async () => {
      const kept = store.collection<Feeding>('v1.feedings');
      const dropped = store.collection<Feeding>('v2.feedings');
      await kept.insertOne(feedings[0]!);
      await dropped.insertOne(feedings[0]!);

      await store.dropCollections((name) => name.startsWith('v2.'));

      expect(await kept.countDocuments({})).toBe(1);
      expect(await dropped.countDocuments({})).toBe(0);
      expect(await collection.countDocuments({})).toBeGreaterThan(0);
    });

    it('moves readers between versions with one pointer, and drops the retired versions after the wait', async () => {
      // Readers close what they follow; this store is the suite's.
      const readers = await followLiveReadModels({ ...store, close: async () => undefined }, 10);
      try {
        await store.collection<Feeding>('feedings').insertOne(feedings[0]!);
        await store.collection<Feeding>('vaaa.feedings').insertOne({ ...feedings[0]!, amountMl: 1 });
        await store.collection<Feeding>('vbbb.feedings').insertOne({ ...feedings[0]!, amountMl: 2 });
        expect(readers.version()).toBeNull();
        expect((await readers.collection<Feeding>('feedings').findOne({ _id: feedings[0]!._id }))?.amountMl).toBe(feedings[0]!.amountMl);

        await switchLiveReadModelVersion(store, 'aaa');
        await switchLiveReadModelVersion(store, 'bbb');
        await expect.poll(() => readers.version()).toBe('bbb');
        expect((await readers.collection<Feeding>('feedings').findOne({ _id: feedings[0]!._id }))?.amountMl).toBe(2);

        // Not before the wait is over: readers may still be on the old versions.
        const stop = new AbortController();
        const early = dropRetiredReadModels(store, 60_000, stop.signal);
        stop.abort();
        expect(await early).toEqual([]);
        expect(await store.collection('vaaa.feedings').countDocuments({})).toBe(1);

        expect(await dropRetiredReadModels(store, 0, new AbortController().signal)).toEqual([null, 'aaa']);
        expect(await store.collection('feedings').countDocuments({})).toBe(0);
        expect(await store.collection('vaaa.feedings').countDocuments({})).toBe(0);
        expect(await readers.collection('feedings').countDocuments({})).toBe(1);
        // Dropped once: the pointer no longer lists them.
        expect(await dropRetiredReadModels(store, 0, new AbortController().signal)).toEqual([]);

        // Switched back to a retired version during the wait: nothing is dropped, least of all what readers use.
        await store.collection<Feeding>('vaaa.feedings').insertOne({ ...feedings[0]!, amountMl: 1 });
        await switchLiveReadModelVersion(store, 'aaa');
        const waiting = dropRetiredReadModels(store, 300, new AbortController().signal);
        await switchLiveReadModelVersion(store, 'bbb');
        await switchLiveReadModelVersion(store, 'aaa');
        expect(await waiting).toEqual([]);
        await expect.poll(() => readers.version()).toBe('aaa');
        expect(await readers.collection('feedings').countDocuments({})).toBe(1);
      } finally {
        await readers.close();
        await store.collection(READ_MODEL_VERSIONS_COLLECTION).deleteMany({});
        await store.dropCollections((name) => name.startsWith('v'));
      }
    });
  });
}

readStoreContract('memory', async () => createMemoryReadStore());
readStoreContract('SQLite', async () => createSqliteReadStore({ file: path.join(mkdtempSync(path.join(tmpdir(), 'read-store-')), 'read-models.sqlite'), cacheDocuments: 1000 }));
// A cache of two documents: most reads come from the file, not from parsed documents kept in memory.
readStoreContract('SQLite with almost no cache', async () => createSqliteReadStore({ file: path.join(mkdtempSync(path.join(tmpdir(), 'read-store-')), 'read-models.sqlite'), cacheDocuments: 2 }));

describe('the memory read store', () => {
  it('keeps a handed-over document itself, frozen, rather than a copy', async () => {
    const collection = createMemoryReadStore().collection<Feeding>('feedings');
    const given: Feeding = { _id: 'f1', childId: 'c1', amountMl: 120, startedAt: 'a', tags: ['x'] };
    await collection.replaceOne({ _id: 'f1' }, given, { upsert: true, handOver: true });

    expect(Object.isFrozen(given) && Object.isFrozen(given.tags)).toBe(true);
    expect(await collection.findOne({ _id: 'f1' }, { readOnly: true })).toBe(given);
  });

  it('hands a read-only reader frozen documents, so a careless change fails loudly instead of changing the store', async () => {
    const collection = createMemoryReadStore().collection<Feeding>('feedings');
    await collection.insertOne({ _id: 'f1', childId: 'c1', amountMl: 120, startedAt: 'a', tags: ['x'] });
    const shared = await collection.findOne({ _id: 'f1' }, { readOnly: true });

    expect(() => {
      shared!.amountMl = 1;
    }).toThrow(TypeError);
    expect(() => shared!.tags!.push('y')).toThrow(TypeError);
    expect(await collection.findOne({ _id: 'f1' })).toEqual({ _id: 'f1', childId: 'c1', amountMl: 120, startedAt: 'a', tags: ['x'] });
  });
});

const mongoUrl = reachableUrl('mongo', 'read-store contract on MongoDB');
if (mongoUrl) {
  readStoreContract('MongoDB', () => createMongoReadStore({ url: mongoUrl, dbName: `nightlight_contract_${randomUUID().slice(0, 8)}` }));
}

const postgres = postgresDatabase('read-store contract on PostgreSQL');
if (postgres) {
  readStoreContract('PostgreSQL', () => createPostgresReadStore({ connectionString: postgres.url() }));
}
