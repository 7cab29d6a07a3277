import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FindOptions } from '../ports/read-store';
import { createMemoryReadStore } from './memory-read-store';
import { createSqliteReadStore } from './sqlite-read-store';

const dirs: string[] = [];
const fileIn = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sqlite-read-store-'));
  dirs.push(dir);
  return path.join(dir, 'read-models.sqlite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite read store', () => {
  it('finds a document looked up before it was added, once added by any write, and not once deleted', async () => {
    // A cache of one document: what is found comes from the file, not from the cache.
    const store = createSqliteReadStore({ file: fileIn(), cacheDocuments: 1 });
    const timeline = store.collection('timeline');
    expect(await timeline.findOne({ _id: 'e1' })).toBeNull();
    await timeline.replaceOne({ _id: 'e1' }, { _id: 'e1', childId: 'c1' }, { upsert: true });
    await timeline.insertOne({ _id: 'e2', childId: 'c1' });
    expect(await timeline.findOne({ _id: 'e1' })).toEqual({ _id: 'e1', childId: 'c1' });
    expect(await timeline.findOne({ _id: 'e3' })).toBeNull();
    await timeline.updateOne({ _id: 'e3' }, { $set: { childId: 'c2' } }, { upsert: true });
    await timeline.insertOne({ _id: 'e4', childId: 'c1' });
    expect(await timeline.findOne({ _id: 'e3' })).toEqual({ _id: 'e3', childId: 'c2' });
    await timeline.deleteOne({ _id: 'e3' });
    expect(await timeline.findOne({ _id: 'e3' })).toBeNull();
    await store.close();
  });

  it('keeps what was committed and loses what was not, as a crash would, checkpoint and documents alike', async () => {
    const file = fileIn();
    const first = createSqliteReadStore({ file, cacheDocuments: 100 });
    await first.collection('timeline').insertOne({ _id: 'e1', childId: 'c1' });
    await first.collection('checkpoints').replaceOne({ _id: 'projector/0-of-1' }, { _id: 'projector/0-of-1', position: 1 }, { upsert: true });
    await first.commit();
    await first.collection('timeline').insertOne({ _id: 'e2', childId: 'c1' });
    await first.collection('checkpoints').replaceOne({ _id: 'projector/0-of-1' }, { _id: 'projector/0-of-1', position: 2 }, { upsert: true });
    await first.close();

    const reopened = createSqliteReadStore({ file, cacheDocuments: 100 });
    expect(await reopened.collection('timeline').find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'e1', childId: 'c1' }]);
    expect(await reopened.collection('checkpoints').findOne({ _id: 'projector/0-of-1' })).toEqual({ _id: 'projector/0-of-1', position: 1 });
    await reopened.close();
  });

  it('commits every write it took since the last commit after the disk filled up and SQLite rolled the transaction back', async () => {
    const file = fileIn();
    // Room for the small documents, not for the large one (a page is 4 KiB).
    const store = createSqliteReadStore({ file, cacheDocuments: 100, maxPages: 40 });
    const timeline = store.collection('timeline');
    await timeline.createIndex({ childId: 1 });
    await timeline.insertOne({ _id: 'e1', childId: 'c1' });
    await store.commit();
    for (const id of ['e2', 'e3', 'e4']) await timeline.insertOne({ _id: id, childId: 'c1', note: 'n'.repeat(500) });

    await expect(timeline.insertOne({ _id: 'big', childId: 'c1', note: 'b'.repeat(400_000) })).rejects.toMatchObject({ name: 'ReadStoreUnavailableError' });
    // The next write and the commit carry e2 to e4 too, which the rollback took out of the file.
    await timeline.insertOne({ _id: 'e5', childId: 'c1' });
    await store.collection('checkpoints').replaceOne({ _id: 'projector/0-of-1' }, { _id: 'projector/0-of-1', position: 5 }, { upsert: true });
    await store.commit();
    await store.close();

    const reopened = createSqliteReadStore({ file, cacheDocuments: 100 });
    expect((await reopened.collection('timeline').find({ childId: 'c1' }, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(await reopened.collection('checkpoints').findOne({ _id: 'projector/0-of-1' })).toEqual({ _id: 'projector/0-of-1', position: 5 });
    await reopened.close();
  });

  it('still answers with the writes a rollback took out of the file, before the next write', async () => {
    const store = createSqliteReadStore({ file: fileIn(), cacheDocuments: 100, maxPages: 40 });
    const timeline = store.collection('timeline');
    await timeline.createIndex({ childId: 1 });
    await timeline.insertOne({ _id: 'e1', childId: 'c1' });
    await store.commit();
    for (const id of ['e2', 'e3']) await timeline.insertOne({ _id: id, childId: 'c1', note: 'n'.repeat(500) });
    await expect(timeline.insertOne({ _id: 'big', childId: 'c1', note: 'b'.repeat(400_000) })).rejects.toMatchObject({ name: 'ReadStoreUnavailableError' });

    // Nothing written since the rollback: the reads themselves bring e2 and e3 back.
    expect((await timeline.find({ childId: 'c1' }, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual(['e1', 'e2', 'e3']);
    expect(await timeline.countDocuments({ childId: 'c1' })).toBe(3);
    await store.commit();
    await store.close();
  });

  it('answers a query asked again with what was written or deleted in between', async () => {
    const store = createSqliteReadStore({ file: fileIn(), cacheDocuments: 100 });
    const daily = store.collection('daily');
    await daily.createIndex({ childId: 1, date: 1 });
    const week = () => daily.find({ childId: 'c1', date: { $gte: '2026-01-01', $lte: '2026-01-07' } }, { sort: { date: 1 } });
    await daily.insertOne({ _id: 'c1:2026-01-02', childId: 'c1', date: '2026-01-02', feeds: 1 });
    expect((await week()).map((doc) => doc._id)).toEqual(['c1:2026-01-02']);

    await daily.insertOne({ _id: 'c1:2026-01-01', childId: 'c1', date: '2026-01-01', feeds: 2 });
    await daily.insertOne({ _id: 'c2:2026-01-03', childId: 'c2', date: '2026-01-03', feeds: 3 });
    expect((await week()).map((doc) => doc._id)).toEqual(['c1:2026-01-01', 'c1:2026-01-02']);
    await daily.replaceOne({ _id: 'c1:2026-01-02' }, { _id: 'c1:2026-01-02', childId: 'c1', date: '2026-01-02', feeds: 5 });
    expect((await week()).map((doc) => doc['feeds'])).toEqual([2, 5]);
    await daily.deleteOne({ _id: 'c1:2026-01-01' });
    expect((await week()).map((doc) => doc._id)).toEqual(['c1:2026-01-02']);
    await store.dropCollections();
    expect(await week()).toEqual([]);
    await store.close();
  });

  it("keeps a collection's write mark until the collection is written, deleted from or emptied; other collections' writes leave it", async () => {
    const store = createSqliteReadStore({ file: fileIn(), cacheDocuments: 100 });
    const daily = store.collection('daily');
    await daily.insertOne({ _id: 'c1:2026-01-01', childId: 'c1' });
    const marks = [daily.writeMark!()];
    await store.collection('timeline').insertOne({ _id: 'e1', childId: 'c1' });
    await daily.find({ childId: 'c1' });
    expect(daily.writeMark!()).toBe(marks[0]);
    await daily.replaceOne({ _id: 'c1:2026-01-01' }, { _id: 'c1:2026-01-01', childId: 'c1', feeds: 1 });
    marks.push(daily.writeMark!());
    await daily.deleteOne({ _id: 'c1:2026-01-01' });
    marks.push(daily.writeMark!());
    await daily.insertOne({ _id: 'c1:2026-01-02', childId: 'c1' });
    marks.push(daily.writeMark!());
    await store.dropCollections((name) => name === 'daily');
    marks.push(daily.writeMark!());
    expect(new Set(marks).size).toBe(5);
    await store.close();
  });

  it('finds a page of a sorted query with a condition off the index as a full scan would, walking the index', async () => {
    const sqlite = createSqliteReadStore({ file: fileIn(), cacheDocuments: 10 });
    const memory = createMemoryReadStore();
    for (const store of [sqlite, memory]) {
      const timeline = store.collection('timeline');
      await timeline.createIndex({ childId: 1, kind: 1, endedAt: 1 });
      for (let i = 0; i < 300; i++) {
        const endedAt = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
        const method = i % 7 === 0 ? 'Bottle' : 'Breast';
        await timeline.insertOne({ _id: `f${i}`, childId: i % 3 === 0 ? 'c2' : 'c1', kind: 'feeding', endedAt, method, ...(i % 14 === 0 && { amountOz: i }) });
      }
    }
    const both = async (filter: Record<string, unknown>, options: FindOptions) => {
      const [fromFile, fromMemory] = await Promise.all([sqlite.collection('timeline').find(filter, options), memory.collection('timeline').find(filter, options)]);
      expect(fromFile).toEqual(fromMemory);
      return fromFile.map((doc) => doc._id);
    };
    expect(await both({ childId: 'c1', kind: 'feeding', method: 'Bottle' }, { sort: { endedAt: -1 }, limit: 1 })).toEqual(['f287']);
    expect(await both({ childId: 'c1', kind: 'feeding', amountOz: { $ne: null } }, { sort: { endedAt: -1 }, limit: 2, skip: 1 })).toEqual(['f266', 'f238']);
    expect(await both({ childId: 'c1', kind: 'feeding', method: 'Bottle' }, { sort: { endedAt: 1 }, limit: 3 })).toEqual(['f7', 'f14', 'f28']);
    expect(await both({ childId: 'c1', kind: 'feeding', method: 'Formula' }, { sort: { endedAt: -1 }, limit: 1 })).toEqual([]);
    expect((await sqlite.collection('timeline').findOne({ childId: 'c2', kind: 'feeding', method: 'Bottle' }, { sort: { endedAt: -1 } }))?._id).toBe('f294');
    await sqlite.close();
  });

  it('answers indexed reads after a reopen without the index being asked for again', async () => {
    const file = fileIn();
    const first = createSqliteReadStore({ file, cacheDocuments: 100 });
    await first.collection('daily').createIndex({ childId: 1, date: 1 });
    for (const date of ['2026-01-01', '2026-01-02', '2026-01-03']) await first.collection('daily').insertOne({ _id: `c1:${date}`, childId: 'c1', date });
    await first.commit();
    await first.close();

    const reopened = createSqliteReadStore({ file, cacheDocuments: 1 });
    const found = await reopened.collection('daily').find({ childId: 'c1', date: { $gte: '2026-01-02' } }, { sort: { date: -1 } });
    expect(found.map((doc) => doc._id)).toEqual(['c1:2026-01-03', 'c1:2026-01-02']);
    await reopened.close();
  });

  it("rewrites a replaced document's index entries only when its indexed values change, and finds it by them either way", async () => {
    const file = fileIn();
    const store = createSqliteReadStore({ file, cacheDocuments: 1 });
    const daily = store.collection('daily');
    await daily.createIndex({ childId: 1, date: 1 });
    // Enough documents that the table and its index each span several pages.
    for (let day = 1; day <= 28; day += 1) {
      for (const child of ['c1', 'c2', 'c3', 'c4', 'c5']) {
        const date = `2026-02-${String(day).padStart(2, '0')}`;
        await daily.insertOne({ _id: `${child}:${date}`, childId: child, date, feeds: 1, notes: 'x'.repeat(200) });
      }
    }
    await store.commit();
    const walBytes = () => readFileSync(`${file}-wal`).length;
    const FRAME = 4096 + 24;

    let before = walBytes();
    await daily.replaceOne({ _id: 'c3:2026-02-14' }, { _id: 'c3:2026-02-14', childId: 'c3', date: '2026-02-14', feeds: 2, notes: 'x'.repeat(200) });
    await store.commit();
    expect(walBytes() - before).toBe(FRAME);

    before = walBytes();
    await daily.replaceOne({ _id: 'c3:2026-02-14' }, { _id: 'c3:2026-02-14', childId: 'c3', date: '2026-02-15', feeds: 2, notes: 'x'.repeat(200) });
    await store.commit();
    expect(walBytes() - before).toBe(2 * FRAME);

    const reopened = createSqliteReadStore({ file, cacheDocuments: 1 });
    const ids = async (date: string) => (await reopened.collection('daily').find({ childId: 'c3', date })).map((doc) => [doc._id, doc['feeds']]);
    expect(await ids('2026-02-14')).toEqual([]);
    expect(await ids('2026-02-15')).toEqual([
      ['c3:2026-02-14', 2],
      ['c3:2026-02-15', 1],
    ]);
    await reopened.close();
    await store.close();
  });

  it('leaves nothing of a deleted document of a personal collection in its files', async () => {
    const file = fileIn();
    const store = createSqliteReadStore({ file, cacheDocuments: 100, erasable: ['users'] });
    await store.collection('users').insertOne({ _id: 'u1', email: 'quokka-at-the-window@example.com' });
    await store.commit();
    await store.collection('users').deleteOne({ _id: 'u1' });
    await store.commit();

    const bytes = Buffer.concat(['', '-wal'].map((suffix) => readFileSync(`${file}${suffix}`)));
    expect(bytes.includes(Buffer.from('quokka-at-the-window'))).toBe(false);
    await store.close();
  });

  it('zeroes what a personal collection frees between writes to other collections, overflow pages and renames included', async () => {
    const file = fileIn();
    const store = createSqliteReadStore({ file, cacheDocuments: 100, erasable: ['children'] });
    const children = store.collection('children');
    const timeline = store.collection('timeline');
    // Larger than a page: the name's copies spill into overflow pages.
    await children.insertOne({ _id: 'c1', displayName: 'Wombat Wilhelmina', story: 'wombat-story '.repeat(3000) });
    await timeline.insertOne({ _id: 'e1', childId: 'c1', note: 'x'.repeat(30_000) });
    await store.commit();
    await timeline.insertOne({ _id: 'e2', childId: 'c1' });
    await children.replaceOne({ _id: 'c1' }, { _id: 'c1', displayName: 'Anonymous' });
    await timeline.deleteOne({ _id: 'e1' });
    await store.commit();

    const bytes = Buffer.concat(['', '-wal'].map((suffix) => readFileSync(`${file}${suffix}`)));
    expect(bytes.includes(Buffer.from('Wombat Wilhelmina'))).toBe(false);
    expect(bytes.includes(Buffer.from('wombat-story'))).toBe(false);
    expect(await children.findOne({ _id: 'c1' })).toEqual({ _id: 'c1', displayName: 'Anonymous' });
    await store.close();
  });
});
