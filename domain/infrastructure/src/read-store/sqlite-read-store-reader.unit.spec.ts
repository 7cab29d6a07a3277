import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteReadStore, type ChangedDocuments } from './sqlite-read-store';

const dirs: string[] = [];
const fileIn = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sqlite-read-store-reader-'));
  dirs.push(dir);
  return path.join(dir, 'read-models.sqlite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A writer that reports its commits, as the projector's thread does, and a reader of the same file. */
function writerAndReader() {
  const file = fileIn();
  const reported: ChangedDocuments[] = [];
  const writer = createSqliteReadStore({ file, cacheDocuments: 100, onCommit: (changes) => reported.push(changes) });
  const reader = createSqliteReadStore({ file, cacheDocuments: 100, readonly: true });
  return { writer, reader, reported };
}

describe('a reader of the SQLite read models that another connection writes', () => {
  it('sees nothing of a write until it is committed, and keeps the document it read until told of the change', async () => {
    const { writer, reader, reported } = writerAndReader();
    const timeline = reader.collection('timeline');
    // Asked before the writer made the collection: found empty, and the same handle finds it later.
    expect(await timeline.findOne({ _id: 'e1' })).toBeNull();
    await writer.collection('timeline').insertOne({ _id: 'e1', childId: 'c1', amountMl: 90 });
    expect(await timeline.findOne({ _id: 'e1' })).toBeNull();
    await writer.commit();
    expect(reported).toEqual([{ timeline: ['e1'] }]);
    reader.forget(reported[0]!);
    expect(await timeline.findOne({ _id: 'e1' })).toEqual({ _id: 'e1', childId: 'c1', amountMl: 90 });

    await writer.collection('timeline').replaceOne({ _id: 'e1' }, { _id: 'e1', childId: 'c1', amountMl: 120 });
    await writer.commit();
    // Until the report arrives the reader answers from what it keeps; then from the file.
    expect((await timeline.findOne({ _id: 'e1' }))?.amountMl).toBe(90);
    reader.forget(reported[1]!);
    expect((await timeline.findOne({ _id: 'e1' }))?.amountMl).toBe(120);
    await reader.close();
    await writer.close();
  });

  it('forgets the queries it answered for a collection that changed, and a collection emptied as a whole', async () => {
    const { writer, reader, reported } = writerAndReader();
    await writer.collection('timeline').createIndex({ childId: 1 });
    await writer.collection('timeline').insertOne({ _id: 'e1', childId: 'c1' });
    await writer.commit();
    reader.forget(reported.shift()!);
    const timeline = reader.collection('timeline');
    expect((await timeline.find({ childId: 'c1' })).map((doc) => doc._id)).toEqual(['e1']);
    await writer.collection('timeline').insertOne({ _id: 'e2', childId: 'c1' });
    await writer.commit();
    expect((await timeline.find({ childId: 'c1' })).map((doc) => doc._id)).toEqual(['e1']);
    reader.forget(reported.shift()!);
    expect((await timeline.find({ childId: 'c1' })).map((doc) => doc._id)).toEqual(['e1', 'e2']);

    await writer.dropCollections((name) => name === 'timeline');
    expect(reported.shift()).toEqual({ timeline: 'all' });
    reader.forget({ timeline: 'all' });
    expect(await timeline.find({ childId: 'c1' })).toEqual([]);
    expect(await timeline.findOne({ _id: 'e1' })).toBeNull();
    await reader.close();
    await writer.close();
  });

  it('refuses to write', async () => {
    const { writer, reader } = writerAndReader();
    await writer.collection('timeline').insertOne({ _id: 'e1' });
    await writer.commit();
    await expect(reader.collection('timeline').insertOne({ _id: 'e2' })).rejects.toThrow('The read models are only read here; their projector writes them (timeline)');
    await expect(reader.dropCollections()).rejects.toThrow('The read models are only read here');
    await reader.close();
    await writer.close();
  });
});
