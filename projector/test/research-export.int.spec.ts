import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { researchCursorCodec } from '@nightlight/infrastructure/crypto/research-cursor';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import { researchNdjson, type ExportOptions, type ResearchSource } from '../src/research/research-export';
import { append, diaperEvent, feedingEvent, openProjectionStores, pumpingEvent, registerChild, removeChild, type ProjectionStores } from './support/projection-harness';

let stores: ProjectionStores;
let source: ResearchSource;
let secretDir: string;

beforeEach(async () => {
  stores = await openProjectionStores();
  secretDir = mkdtempSync(path.join(tmpdir(), 'nightlight-research-'));
  const secret = { RESEARCH_SECRET: randomBytes(32).toString('base64'), dataDir: secretDir };
  source = { eventStore: stores.eventStore, cipher: stores.cipher, digest: researchDigest(secret), cursor: researchCursorCodec(secret) };
});
afterEach(async () => {
  await stores.close();
  rmSync(secretDir, { recursive: true, force: true });
});

const OWNER = 'owner-1';
const childIds = ['child-a', 'child-b', 'child-c', 'child-d', 'child-e'];

async function exportText(from: string | null = null, options: ExportOptions = {}): Promise<string> {
  const position = from === null ? null : source.cursor.decode(from);
  let text = '';
  for await (const chunk of researchNdjson(source, position, options)) text += chunk;
  return text;
}

const linesOf = (text: string): any[] => text.trimEnd().split('\n').map((line) => JSON.parse(line));

/** Feedings of every child in turn, so each child's events are spread across the whole log. */
async function feedInTurns(children: readonly string[], rounds: number, firstMinute = 0): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    for (const childId of children) {
      const startedAt = new Date(Date.UTC(2026, 10, 20, 8, firstMinute + round)).toISOString();
      await feedingEvent(stores, 'FeedingLogged', { id: `${childId}-feeding-${firstMinute + round}`, childId, ownerId: OWNER }, {
        startedAt,
        endedAt: new Date(Date.parse(startedAt) + 60_000 * (round + 1)).toISOString(),
        amountOz: null,
        method: 'Nursing',
        type: null,
        notes: 'Nursing feeding',
      });
    }
  }
}

async function registerChildren(children: readonly string[]): Promise<void> {
  for (const childId of children) await registerChild(stores, { childId, ownerId: OWNER, displayName: childId, birthDate: '2026-09-01', timezone: 'UTC' });
}

describe('the research export', () => {
  it('writes each child as one group, in pseudonym order, numbered from 1 in log order, without log positions', async () => {
    await registerChildren(childIds);
    await feedInTurns(childIds, 6);
    const lines = linesOf(await exportText());

    const end = lines.pop();
    expect(end).toEqual({ kind: 'end', lines: 35, resumeFrom: expect.stringMatching(/^rc1\.[\w-]+$/) });
    const streams = lines.map((line) => line.stream);
    const groups = streams.filter((stream, index) => stream !== streams[index - 1]);
    expect(groups).toHaveLength(5);
    expect(groups).toEqual([...groups].sort());
    for (const stream of groups) {
      const own = lines.filter((line) => line.stream === stream);
      expect(own.map((line) => line.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(own.map((line) => line.kind)).toEqual(['child-registered', ...Array(6).fill('feeding-logged')]);
      // Appended a minute apart, each a minute longer: log order is start order and duration order.
      expect(own.slice(1).map((line) => line.durationMinutes)).toEqual([1, 2, 3, 4, 5, 6]);
    }
    for (const line of lines) expect(Object.keys(line).slice(0, 3)).toEqual(['stream', 'seq', 'kind']);
    expect(JSON.stringify(lines)).not.toContain('position');
  });

  it('gives the same bytes however many lines it may hold at once, including a child bigger than a batch', async () => {
    await registerChildren(childIds);
    await feedInTurns(childIds, 6);
    await feedInTurns(['child-c'], 20, 100);
    const whole = await exportText();
    expect(await exportText(null, { batchEvents: 8 })).toBe(whole);
    expect(await exportText(null, { batchEvents: 1 })).toBe(whole);
    expect(await exportText()).toBe(whole);
  });

  it('resumes after the cursor of its last line, with each child numbered on from where it stopped', async () => {
    await registerChildren(childIds);
    await feedInTurns(childIds, 2);
    const first = linesOf(await exportText());
    const { resumeFrom } = first.pop();

    expect(linesOf(await exportText(resumeFrom))).toEqual([{ kind: 'end', lines: 0, resumeFrom }]);

    await feedInTurns(['child-b', 'child-d'], 2, 50);
    const next = linesOf(await exportText(resumeFrom, { batchEvents: 2 }));
    const nextEnd = next.pop();
    expect(nextEnd).toMatchObject({ kind: 'end', lines: 4 });
    expect(nextEnd.resumeFrom).not.toBe(resumeFrom);
    const streamOf = (childLines: any[], nth: number) => [...new Set(childLines.map((line) => line.stream))][nth];
    expect(next.map((line) => [line.seq, line.kind])).toEqual([
      [4, 'feeding-logged'],
      [5, 'feeding-logged'],
      [4, 'feeding-logged'],
      [5, 'feeding-logged'],
    ]);
    expect(new Set(next.map((line) => line.stream)).size).toBe(2);
    expect([streamOf(next, 0), streamOf(next, 1)].every((stream) => first.some((line) => line.stream === stream))).toBe(true);
    // Together, the two exports are what one export of the whole log gives, child by child.
    const whole = linesOf(await exportText());
    whole.pop();
    const byStream = (lines: any[]) => [...lines].sort((a, b) => (a.stream === b.stream ? a.seq - b.seq : a.stream < b.stream ? -1 : 1));
    expect(byStream([...first, ...next])).toEqual(whole);
  });

  it('hides the log position in a cursor that cannot be read, altered or made up', async () => {
    await registerChildren(childIds);
    const { resumeFrom } = linesOf(await exportText()).pop();
    const head = await stores.eventStore.headPosition();
    expect(source.cursor.decode(resumeFrom)).toBe(head);

    const altered = `${resumeFrom.slice(0, -2)}${resumeFrom.endsWith('A') ? 'BB' : 'AA'}`;
    for (const forged of [altered, 'rc1.', `rc1.${Buffer.alloc(36).toString('base64url')}`, String(head), '']) expect(source.cursor.decode(forged)).toBeNull();
    const otherServer = researchCursorCodec({ RESEARCH_SECRET: randomBytes(32).toString('base64'), dataDir: secretDir });
    expect(otherServer.decode(resumeFrom)).toBeNull();
  });

  it('leaves out a child its parent removed, and tells whoever had its lines to drop them', async () => {
    await registerChildren(childIds.slice(0, 3));
    await feedInTurns(childIds.slice(0, 3), 2);
    await removeChild(stores, { childId: 'child-a', ownerId: OWNER });
    const first = linesOf(await exportText());
    const { resumeFrom } = first.pop();
    expect(new Set(first.map((line) => line.stream)).size).toBe(2);
    const streamOf = (childId: string) => `c_${source.digest(childId).slice(0, 16)}`;
    expect(JSON.stringify(first)).not.toContain(streamOf('child-a'));
    const bStream = streamOf('child-b');
    expect(first.some((line) => line.stream === bStream)).toBe(true);

    await removeChild(stores, { childId: 'child-b', ownerId: OWNER });
    const next = linesOf(await exportText(resumeFrom));
    expect(next.slice(0, -1)).toEqual([{ stream: bStream, kind: 'child-withdrawn' }]);
    // A fresh export never names a removed child at all.
    expect(JSON.stringify(linesOf(await exportText()))).not.toContain(bStream);
  });

  it('writes a line for each diaper change, pumping session and measurement, and counts no resealed notes as one', async () => {
    await registerChildren(['child-a']);
    const ref = { id: 'diaper-1', childId: 'child-a', ownerId: OWNER };
    await diaperEvent(stores, 'DiaperChanged', ref, { occurredAt: '2026-11-20T08:00:00.000Z', contents: 'wet', color: null, notes: 'sealed' });
    // Resealed when a parent leaves: nothing research sees changes, so it is no line and no count.
    await append(stores, 'diaper-diaper-1', 'DiaperNotesResealed', { diaperId: 'diaper-1', childId: 'child-a', ownerId: OWNER, notes: 'resealed' });
    await pumpingEvent(stores, 'PumpingLogged', { ...ref, id: 'pumping-1' }, { startedAt: '2026-11-20T09:00:00.000Z', durationMinutes: 10, leftAmount: 2.5, rightAmount: null, unit: 'oz', notes: 'sealed' });
    await append(stores, 'growth-growth-1', 'GrowthMeasured', { measurementId: 'growth-1', childId: 'child-a', ownerId: OWNER, measuredOn: '2026-11-20', weightKg: 4.12, lengthCm: null, headCm: null, enteredIn: 'metric' });
    const lines = linesOf(await exportText(null, { batchEvents: 1 }));

    expect(lines.pop()).toMatchObject({ kind: 'end', lines: 4 });
    expect(lines.map(({ seq, kind }) => [seq, kind])).toEqual([
      [1, 'child-registered'],
      [2, 'diaper-logged'],
      [3, 'pumping-logged'],
      [4, 'growth-measured'],
    ]);
    // Born 2026-09-01 (UTC): 20 November is her 80th day.
    expect(lines.slice(1).map((line) => line.ageDays)).toEqual([80, 80, 80]);
    expect(lines[2]).toMatchObject({ localTime: '09:00', durationMinutes: 10, leftOz: 2.5, rightOz: null });
    expect(lines[3]).toMatchObject({ localTime: null, weightKg: 4.1 });
  });
});

