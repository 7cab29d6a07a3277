import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dateShiftDays } from '@nightlight/domain/research/research-identity';
import { createResearchReplica } from '@nightlight/domain/research/research-replica';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { researchCursorCodec } from '@nightlight/infrastructure/crypto/research-cursor';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import {
  EARLIER_FORMAT_MESSAGE,
  prepareResearchRelease,
  ReleaseTooSmallError,
  ResumeCursorError,
  resumePosition,
  type ReleaseOptions,
  type ResearchSource,
} from '../src/research/research-export';
import {
  append,
  diaperEvent,
  feedingEvent,
  openProjectionStores,
  pumpingEvent,
  recordEventsAt,
  registerChild,
  removeChild,
  updateChild,
  type ProjectionStores,
} from './support/projection-harness';

let stores: ProjectionStores;
let source: ResearchSource;
let secretDir: string;

// Recorded long after the November 2026 entries: the release (184 days behind the newest recording) holds them all.
const LATER = '2028-01-01T12:00:00.000Z';

beforeEach(async () => {
  stores = await openProjectionStores();
  secretDir = mkdtempSync(path.join(tmpdir(), 'nightlight-research-'));
  const secret = { RESEARCH_SECRET: randomBytes(32).toString('base64'), dataDir: secretDir };
  source = { eventStore: stores.eventStore, cipher: stores.cipher, digest: researchDigest(secret), cursor: researchCursorCodec(secret) };
  recordEventsAt(LATER);
});
afterEach(async () => {
  recordEventsAt(null);
  await stores.close();
  rmSync(secretDir, { recursive: true, force: true });
});

const OWNER = 'owner-1';
const childIds = ['child-a', 'child-b', 'child-c', 'child-d', 'child-e'];
const streamOf = (childId: string) => `c_${source.digest(childId).slice(0, 16)}`;

async function exportText(from: string | null = null, options: ReleaseOptions = {}): Promise<string> {
  const release = await prepareResearchRelease(source, resumePosition(source.cursor, from ?? undefined), options);
  let text = '';
  for await (const chunk of release.ndjson()) text += chunk;
  return text;
}

const linesOf = (text: string): any[] => text.trimEnd().split('\n').map((line) => JSON.parse(line));

/** An export's lines and its `end` line. */
async function exported(from: string | null = null, options: ReleaseOptions = {}) {
  const lines = linesOf(await exportText(from, options));
  return { lines, end: lines.pop() };
}

/** Feedings of every child in turn, so each child's events are spread across the whole log. */
async function feedInTurns(children: readonly string[], rounds: number, firstMinute = 0, day = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    for (const childId of children) {
      const startedAt = new Date(Date.UTC(2026, 10, day, 8, firstMinute + round)).toISOString();
      await feedingEvent(stores, 'FeedingLogged', { id: `${childId}-feeding-${day}-${firstMinute + round}`, childId, ownerId: OWNER }, {
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

const consent = (childId: string, value: boolean) => append(stores, childStreamId(childId), 'ChildResearchConsentChanged', { childId, consent: value });

async function registerChildren(children: readonly string[], agreed = true): Promise<void> {
  for (const childId of children) {
    await registerChild(stores, { childId, ownerId: OWNER, displayName: childId, birthDate: '2026-09-01', timezone: 'UTC' });
    if (agreed) await consent(childId, true);
  }
}

describe('the research export', () => {
  it('writes each child as one group, in pseudonym order, numbered from 1 in log order, without log positions', async () => {
    await registerChildren(childIds);
    await feedInTurns(childIds, 6);
    const { lines, end } = await exported();

    expect(end).toEqual({ schemaVersion: 2, kind: 'end', lines: 35, children: 5, shiftedThrough: '2027-06-30', resumeFrom: expect.stringMatching(/^rc2\.[\w-]+$/) });
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
    for (const line of lines) expect(Object.keys(line).slice(0, 4)).toEqual(['schemaVersion', 'stream', 'seq', 'kind']);
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
    const first = await exported();

    expect(await exported(first.end.resumeFrom)).toEqual({ lines: [], end: { ...first.end, lines: 0 } });

    await feedInTurns(['child-b', 'child-d'], 2, 50);
    const next = await exported(first.end.resumeFrom, { batchEvents: 2 });
    expect(next.end).toMatchObject({ lines: 4, children: 5 });
    expect(next.end.resumeFrom).not.toBe(first.end.resumeFrom);
    expect(next.lines.map((line) => [line.stream, line.seq, line.kind])).toEqual(
      [streamOf('child-b'), streamOf('child-d')].sort().flatMap((stream) => [
        [stream, 4, 'feeding-logged'],
        [stream, 5, 'feeding-logged'],
      ]),
    );
    // Applied one after the other, the two exports are what one export of the whole log gives.
    const replica = createResearchReplica();
    for (const line of [...first.lines, ...next.lines]) replica.apply(line);
    expect(replica.lines().flat()).toEqual((await exported()).lines);
  });

  it('hides the log position in a cursor that cannot be read, altered or made up, and turns away a cursor of the earlier format', async () => {
    await registerChildren(childIds);
    await feedInTurns(childIds, 1);
    const { end } = await exported();
    const head = await stores.eventStore.headPosition();
    expect(source.cursor.decode(end.resumeFrom)).toBe(head);

    const altered = `${end.resumeFrom.slice(0, -2)}${end.resumeFrom.endsWith('A') ? 'BB' : 'AA'}`;
    for (const forged of [altered, 'rc2.', `rc2.${Buffer.alloc(36).toString('base64url')}`, String(head), '']) expect(source.cursor.decode(forged)).toBeNull();
    const otherServer = researchCursorCodec({ RESEARCH_SECRET: randomBytes(32).toString('base64'), dataDir: secretDir });
    expect(otherServer.decode(end.resumeFrom)).toBeNull();
    expect(() => resumePosition(source.cursor, 'rc1.AAAA')).toThrow(new ResumeCursorError(EARLIER_FORMAT_MESSAGE));
  });

  it('writes a line for each diaper change, pumping session and measurement, and counts no resealed notes as one', async () => {
    await registerChildren(['child-a']);
    const ref = { id: 'diaper-1', childId: 'child-a', ownerId: OWNER };
    await diaperEvent(stores, 'DiaperChanged', ref, { occurredAt: '2026-11-20T08:00:00.000Z', contents: 'wet', color: null, notes: 'sealed' });
    // Resealed when a parent leaves: nothing research sees changes, so it is no line and no step.
    await append(stores, 'diaper-diaper-1', 'DiaperNotesResealed', { diaperId: 'diaper-1', childId: 'child-a', ownerId: OWNER, notes: 'resealed' });
    await pumpingEvent(stores, 'PumpingLogged', { ...ref, id: 'pumping-1' }, { startedAt: '2026-11-20T09:00:00.000Z', durationMinutes: 10, leftAmount: 2.5, rightAmount: null, unit: 'oz', notes: 'sealed' });
    await append(stores, 'growth-growth-1', 'GrowthMeasured', { measurementId: 'growth-1', childId: 'child-a', ownerId: OWNER, measuredOn: '2026-11-20', weightKg: 4.12, lengthCm: null, headCm: null, enteredIn: 'metric' });
    const { lines, end } = await exported(null, { batchEvents: 1 });

    expect(end).toMatchObject({ kind: 'end', lines: 4 });
    expect(lines.map(({ seq, kind }) => [seq, kind])).toEqual([
      [1, 'child-registered'],
      [2, 'diaper-logged'],
      [3, 'pumping-logged'],
      [4, 'growth-logged'],
    ]);
    // Born 2026-09-01 (UTC): 20 November is her 80th day.
    expect(lines.slice(1).map((line) => line.ageDays)).toEqual([80, 80, 80]);
    expect(lines[2]).toMatchObject({ localTime: '09:00', durationMinutes: 10, leftOz: 2.5, rightOz: null });
    expect(lines[3]).toMatchObject({ localTime: null, weightKg: 4.1 });
  });
});

describe('who is in a release', () => {
  it('only children research may have: a yes, or an anonymised account without a no', async () => {
    await registerChildren(['child-a', 'child-b']);
    await registerChildren(['child-c', 'child-d', 'child-e'], false);
    await consent('child-c', false);
    // child-d's account was deleted without a word about research; child-c's parent had said no.
    for (const childId of ['child-c', 'child-d']) await append(stores, childStreamId(childId), 'ChildAnonymized', { childId, sex: 'Female', birthMonth: '2026-09' });
    await feedInTurns(childIds, 1);
    const { lines, end } = await exported();
    expect(end.children).toBe(3);
    expect([...new Set(lines.map((line) => line.stream))]).toEqual([streamOf('child-a'), streamOf('child-b'), streamOf('child-d')].sort());
  });

  it('is refused, before a line is written, below the minimum number of children', async () => {
    await registerChildren(childIds);
    await feedInTurns(childIds, 1);
    await expect(prepareResearchRelease(source, null, { minChildren: 6 })).rejects.toThrow(
      new ReleaseTooSmallError('This release would hold 5 children; research data leaves only in releases of at least 6 (RESEARCH_MIN_CHILDREN)'),
    );
    expect((await exported(null, { minChildren: 5 })).end.children).toBe(5);
  });

  it('tells whoever had a child to drop it when its parent removes it or says no, and gives it back after a yes', async () => {
    await registerChildren(childIds.slice(0, 3));
    await feedInTurns(childIds.slice(0, 3), 2);
    await removeChild(stores, { childId: 'child-a', ownerId: OWNER });
    const first = await exported();
    expect(new Set(first.lines.map((line) => line.stream)).size).toBe(2);
    expect(JSON.stringify(first.lines)).not.toContain(streamOf('child-a'));

    await removeChild(stores, { childId: 'child-b', ownerId: OWNER });
    const withoutB = await exported(first.end.resumeFrom);
    expect(withoutB.lines).toEqual([{ schemaVersion: 2, stream: streamOf('child-b'), kind: 'child-withdrawn' }]);
    // A fresh export never names a removed child at all.
    expect(JSON.stringify(await exported())).not.toContain(streamOf('child-b'));

    await consent('child-c', false);
    await consent('child-c', true);
    expect((await exported(withoutB.end.resumeFrom)).lines).toEqual([]);
    await consent('child-c', false);
    const withoutC = await exported(withoutB.end.resumeFrom, { minChildren: 0 });
    expect(withoutC.lines).toEqual([{ schemaVersion: 2, stream: streamOf('child-c'), kind: 'child-withdrawn' }]);
    await consent('child-c', true);
    const again = await exported(withoutC.end.resumeFrom);
    expect(again.lines.map((line) => [line.stream, line.seq])).toEqual([1, 2, 3].map((seq) => [streamOf('child-c'), seq]));
  });

  it('withdraws every child a resumed release had once it falls below the minimum, and then starts from nothing', async () => {
    await registerChildren(childIds.slice(0, 3));
    await feedInTurns(childIds.slice(0, 3), 1);
    const first = await exported(null, { minChildren: 3 });
    await consent('child-a', false);
    const shrunk = await exported(first.end.resumeFrom, { minChildren: 3 });
    expect(shrunk.lines).toEqual(childIds.slice(0, 3).map(streamOf).sort().map((stream) => ({ schemaVersion: 2, stream, kind: 'child-withdrawn' })));
    expect(shrunk.end.children).toBe(0);
    // Its cursor resumes from the beginning: a full export of the two that are left.
    expect((await exported(shrunk.end.resumeFrom, { minChildren: 2 })).lines).toEqual((await exported(null, { minChildren: 2 })).lines);
  });
});

describe('a release that stays right', () => {
  it('holds lines back until the release reaches their shifted date, then gives them under the numbers they always had', async () => {
    // Recorded on 22 November 2026: the release stops 184 days earlier on the shifted calendar, before these feedings.
    recordEventsAt('2026-11-22T12:00:00.000Z');
    await registerChildren(['child-a']);
    const old = { id: 'old', childId: 'child-a', ownerId: OWNER };
    await feedingEvent(stores, 'FeedingLogged', old, { startedAt: '2025-01-10T08:00:00.000Z', endedAt: '2025-01-10T08:20:00.000Z', amountOz: 3, method: 'Bottle', type: 'Formula', notes: '' });
    await feedInTurns(['child-a'], 2);
    const first = await exported();
    expect(first.lines.map((line) => [line.seq, line.kind])).toEqual([
      [1, 'child-registered'],
      [2, 'feeding-logged'],
    ]);
    // A year later the release reaches them: they come under seq 3 and 4.
    recordEventsAt(LATER);
    await feedingEvent(stores, 'FeedingCorrected', old, { startedAt: '2025-01-10T08:00:00.000Z', endedAt: '2025-01-10T08:25:00.000Z', amountOz: 3, method: 'Bottle', type: 'Formula', notes: '' });
    const next = await exported(first.end.resumeFrom);
    expect(next.lines.map((line) => [line.seq, line.kind])).toEqual([
      [3, 'feeding-logged'],
      [4, 'feeding-logged'],
      [5, 'feeding-corrected'],
    ]);
    const replica = createResearchReplica();
    for (const line of [...first.lines, ...next.lines]) replica.apply(line);
    expect(replica.lines().flat()).toEqual((await exported()).lines);
  });

  it('restates a stream whose lines all change: a corrected birth date moves every age', async () => {
    await registerChildren(['child-a', 'child-b']);
    await feedInTurns(['child-a', 'child-b'], 2);
    const first = await exported();
    await updateChild(stores, { childId: 'child-a', ownerId: OWNER, displayName: 'child-a', birthDate: '2026-09-08', timezone: 'UTC' });
    const next = await exported(first.end.resumeFrom);
    expect(next.lines.map((line) => [line.stream, line.kind, line.ageDays])).toEqual([
      [streamOf('child-a'), 'stream-restated', undefined],
      [streamOf('child-a'), 'child-registered', undefined],
      [streamOf('child-a'), 'feeding-logged', 73],
      [streamOf('child-a'), 'feeding-logged', 73],
    ]);
    const replica = createResearchReplica();
    for (const line of [...first.lines, ...next.lines]) replica.apply(line);
    expect(replica.lines().flat()).toEqual((await exported()).lines);
  });

  it('restates a stream when a new zone moves one of its entries past the release, which no replaced line could say', async () => {
    await registerChildren(['child-a']);
    // The release stops before 1 July 2027 (shifted): a feeding at 20:00 UTC on the shifted 30 June is in it,
    // but in Sydney (UTC+10) it is 06:00 on 1 July, past it.
    const shift = dateShiftDays(source.digest, 'child-a');
    const day = (shifted: string) => new Date(Date.parse(`${shifted}T00:00:00Z`) - shift * 86_400_000).toISOString().slice(0, 10);
    const feed = (id: string, startedAt: string) =>
      feedingEvent(stores, 'FeedingLogged', { id, childId: 'child-a', ownerId: OWNER }, { startedAt, endedAt: startedAt, amountOz: 2, method: 'Bottle', type: 'Formula', notes: '' });
    await feed('late', `${day('2027-06-30')}T20:00:00.000Z`);
    await feed('early', `${day('2027-06-01')}T08:00:00.000Z`);
    const first = await exported();
    expect(first.lines.map((line) => line.kind)).toEqual(['child-registered', 'feeding-logged', 'feeding-logged']);

    await updateChild(stores, { childId: 'child-a', ownerId: OWNER, displayName: 'child-a', birthDate: '2026-09-01', timezone: 'Australia/Sydney' });
    const next = await exported(first.end.resumeFrom);
    expect(next.lines.map((line) => [line.kind, line.seq, line.localTime])).toEqual([
      ['stream-restated', undefined, undefined],
      ['child-registered', 1, undefined],
      ['feeding-logged', 3, '18:00'],
    ]);
    const replica = createResearchReplica();
    for (const line of [...first.lines, ...next.lines]) replica.apply(line);
    expect(replica.lines().flat()).toEqual((await exported()).lines);
  });
});
