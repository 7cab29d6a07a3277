import { TIMELINE_COLLECTION } from '@nightlight/domain/read-models/timeline/timeline-document';
import { createMemoryReadStore } from '@nightlight/infrastructure/read-store/memory-read-store';
import { beforeEach, describe, expect, it } from 'vitest';
import { assertNoOverlap } from './overlap-check';

const store = createMemoryReadStore();

async function logged(id: string, kind: 'feeding' | 'sleep', startedAt: string, endedAt: string): Promise<void> {
  await store.collection(TIMELINE_COLLECTION).insertOne({ _id: id, kind, childId: 'c1', startedAt, endedAt });
}

const check = (kind: 'feeding' | 'sleep', startedAt: string, endedAt: string, id = 'new') => assertNoOverlap(store, { id, childId: 'c1', kind, startedAt, endedAt });

describe('assertNoOverlap', () => {
  beforeEach(async () => {
    await store.dropAll();
    await store.collection(TIMELINE_COLLECTION).createIndex({ childId: 1, startedAt: 1 });
    // A 24-hour sleep, the longest there can be, and a two-hour feeding, the longest feeding.
    await logged('night', 'sleep', '2026-11-20T10:00:00.000Z', '2026-11-21T10:00:00.000Z');
    await logged('bottle', 'feeding', '2026-11-21T12:00:00.000Z', '2026-11-21T14:00:00.000Z');
  });

  it('finds the longest sleep reaching into a new one from a day before', async () => {
    await expect(check('sleep', '2026-11-21T09:59:00.000Z', '2026-11-21T11:00:00.000Z')).rejects.toThrow('This overlaps a sleep session already logged for this child');
  });

  it('finds the longest feeding reaching into a new one from two hours before', async () => {
    await expect(check('feeding', '2026-11-21T13:59:00.000Z', '2026-11-21T14:10:00.000Z')).rejects.toThrow('This overlaps a feeding already logged for this child');
  });

  it('lets entries touch end to start, and lets a feeding and a sleep overlap', async () => {
    await expect(check('sleep', '2026-11-21T10:00:00.000Z', '2026-11-21T11:00:00.000Z')).resolves.toBeUndefined();
    await expect(check('feeding', '2026-11-21T11:00:00.000Z', '2026-11-21T12:00:00.000Z')).resolves.toBeUndefined();
    await expect(check('feeding', '2026-11-21T09:00:00.000Z', '2026-11-21T09:30:00.000Z')).resolves.toBeUndefined();
  });

  it('does not count the entry being corrected against itself', async () => {
    await expect(check('feeding', '2026-11-21T12:30:00.000Z', '2026-11-21T13:00:00.000Z', 'bottle')).resolves.toBeUndefined();
  });
});
