import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createResearchReplica, type ExportedLine } from '@nightlight/domain/research/research-replica';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { researchCursorCodec } from '@nightlight/infrastructure/crypto/research-cursor';
import { researchDigest } from '@nightlight/infrastructure/crypto/research-digest';
import { prepareResearchRelease, resumePosition, type ResearchSource } from '../src/research/research-export';
import {
  append,
  deleteFeeding,
  diaperEvent,
  feedingEvent,
  openProjectionStores,
  pumpingEvent,
  recordEventsAt,
  registerChild,
  removeChild,
  sleepEvent,
  updateChild,
  type ProjectionStores,
} from './support/projection-harness';

// Random histories of a few children, exported from time to time and resumed from the last cursor:
// whatever happened in between (entries logged late or corrected across the release's cutoff,
// birth dates corrected, zones changed, research refused and agreed again, accounts deleted,
// children removed, the release growing as the log's clock moves on), a researcher who applied
// every export holds exactly the lines, and so the final state, of one full export made at the end.

const DAY_MS = 86_400_000;
const BASE = Date.UTC(2025, 0, 1);
const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Sydney'];
const KINDS = ['feeding', 'sleep', 'diaper', 'pumping', 'growth'] as const;

const when = { day: fc.integer({ min: 0, max: 600 }), minute: fc.integer({ min: 0, max: 1439 }), length: fc.integer({ min: 1, max: 600 }) };
const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('log' as const), child: fc.nat(5), kind: fc.constantFrom(...KINDS), ...when, amount: fc.integer({ min: 1, max: 300 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('correct' as const), pick: fc.nat(), ...when, amount: fc.integer({ min: 1, max: 300 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('profile' as const), child: fc.nat(5), birthDay: fc.integer({ min: 0, max: 400 }), zone: fc.nat(ZONES.length - 1), late: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('consent' as const), child: fc.nat(5), consent: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('anonymize' as const), child: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), child: fc.nat(5) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 150 }) }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('export' as const) }) },
);
const history = fc.record({
  children: fc.array(fc.record({ birthDay: fc.integer({ min: 0, max: 400 }), zone: fc.nat(ZONES.length - 1), consent: fc.constantFrom(true, true, false, null) }), { minLength: 1, maxLength: 6 }),
  ops: fc.array(op, { minLength: 15, maxLength: 60 }),
});

const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (day: number) => iso(BASE + day * DAY_MS).slice(0, 10);

interface Entry {
  id: string;
  childId: string;
  kind: (typeof KINDS)[number];
  deleted: boolean;
}

async function logEntry(stores: ProjectionStores, entry: Entry, type: 'logged' | 'corrected', at: { day: number; minute: number; length: number; amount: number }): Promise<void> {
  const ref = { id: entry.id, childId: entry.childId, ownerId: 'owner' };
  const start = BASE + at.day * DAY_MS + at.minute * 60_000;
  const startedAt = iso(start);
  const endedAt = iso(start + at.length * 60_000);
  if (entry.kind === 'feeding') {
    await feedingEvent(stores, type === 'logged' ? 'FeedingLogged' : 'FeedingCorrected', ref, { startedAt, endedAt, amountOz: at.amount / 29.5735, method: 'Bottle', type: 'Formula', notes: '' });
  } else if (entry.kind === 'sleep') {
    await sleepEvent(stores, type === 'logged' ? 'SleepLogged' : 'SleepCorrected', ref, { startedAt, endedAt, environment: null, notes: '' });
  } else if (entry.kind === 'diaper') {
    await diaperEvent(stores, type === 'logged' ? 'DiaperChanged' : 'DiaperCorrected', ref, { occurredAt: startedAt, contents: 'dirty', color: at.amount % 2 ? 'black' : 'yellow', notes: '' });
  } else if (entry.kind === 'pumping') {
    await pumpingEvent(stores, type === 'logged' ? 'PumpingLogged' : 'PumpingCorrected', ref, { startedAt, durationMinutes: at.amount % 3 ? (at.length % 120) + 1 : null, leftAmount: at.amount, rightAmount: null, unit: 'mL', notes: '' });
  } else {
    const data = { measurementId: entry.id, childId: entry.childId, ownerId: 'owner', measuredOn: dateOf(at.day), weightKg: at.amount / 40, lengthCm: null, headCm: null, enteredIn: 'metric' };
    await append(stores, `growth-${entry.id}`, type === 'logged' ? 'GrowthMeasured' : 'GrowthMeasurementCorrected', data);
  }
}

async function deleteEntry(stores: ProjectionStores, entry: Entry): Promise<void> {
  const ref = { id: entry.id, childId: entry.childId, ownerId: 'owner' };
  if (entry.kind === 'feeding') await deleteFeeding(stores, ref);
  else if (entry.kind === 'growth') await append(stores, `growth-${entry.id}`, 'GrowthMeasurementDeleted', { measurementId: entry.id, childId: entry.childId, ownerId: 'owner' });
  else {
    const type = { sleep: 'SleepDeleted', diaper: 'DiaperDeleted', pumping: 'PumpingDeleted' }[entry.kind];
    await append(stores, `${entry.kind}-${entry.id}`, type, { [`${entry.kind}Id`]: entry.id, childId: entry.childId, ownerId: 'owner' });
  }
}

describe('resuming a research export', () => {
  it('leaves the researcher with the lines and final state of a full export, whatever happened in between', async () => {
    await fc.assert(
      fc.asyncProperty(history, async ({ children, ops }) => {
        const stores = await openProjectionStores();
        const secretDir = mkdtempSync(path.join(tmpdir(), 'nightlight-research-'));
        try {
          const secret = { RESEARCH_SECRET: randomBytes(32).toString('base64'), dataDir: secretDir };
          const source: ResearchSource = { eventStore: stores.eventStore, cipher: stores.cipher, digest: researchDigest(secret), cursor: researchCursorCodec(secret) };
          const exportLines = async (from: string | null): Promise<{ lines: ExportedLine[]; resumeFrom: string }> => {
            const release = await prepareResearchRelease(source, resumePosition(source.cursor, from ?? undefined), { minChildren: 0, batchEvents: 7 });
            let text = '';
            for await (const chunk of release.ndjson()) text += chunk;
            const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line));
            return { lines: lines.slice(0, -1), resumeFrom: lines.at(-1).resumeFrom };
          };

          let clock = BASE + 500 * DAY_MS;
          recordEventsAt(iso(clock));
          const childIds = children.map((_child, index) => `child-${index}`);
          const gone = new Set<string>();
          for (const [index, child] of children.entries()) {
            await registerChild(stores, { childId: childIds[index]!, ownerId: 'owner', displayName: 'x', birthDate: dateOf(child.birthDay), timezone: ZONES[child.zone]! });
            if (child.consent !== null) await append(stores, childStreamId(childIds[index]!), 'ChildResearchConsentChanged', { childId: childIds[index], consent: child.consent });
          }
          const entries: Entry[] = [];
          const replica = createResearchReplica();
          let cursor: string | null = null;
          const resume = async () => {
            const { lines, resumeFrom } = await exportLines(cursor);
            for (const line of lines) replica.apply(line);
            cursor = resumeFrom;
          };

          for (const step of ops) {
            const childId = 'child' in step ? childIds[step.child % childIds.length]! : '';
            if (childId && gone.has(childId)) continue;
            if (step.op === 'log') {
              const entry: Entry = { id: `e${entries.length}`, childId, kind: step.kind, deleted: false };
              entries.push(entry);
              await logEntry(stores, entry, 'logged', step);
            } else if (step.op === 'correct' || step.op === 'delete') {
              const standing = entries.filter((candidate) => !candidate.deleted && !gone.has(candidate.childId));
              const entry = standing[step.pick % Math.max(standing.length, 1)];
              if (!entry) continue;
              if (step.op === 'correct') await logEntry(stores, entry, 'corrected', step);
              else {
                entry.deleted = true;
                await deleteEntry(stores, entry);
              }
            } else if (step.op === 'profile') {
              const timezone = ZONES[step.zone]!;
              await updateChild(stores, { childId, ownerId: 'owner', displayName: 'x', birthDate: dateOf(step.birthDay), timezone, nightWindowStart: step.late ? '20:30' : '19:00' });
            } else if (step.op === 'consent') {
              await append(stores, childStreamId(childId), 'ChildResearchConsentChanged', { childId, consent: step.consent });
            } else if (step.op === 'anonymize' || step.op === 'remove') {
              gone.add(childId);
              if (step.op === 'remove') await removeChild(stores, { childId, ownerId: 'owner' });
              else await append(stores, childStreamId(childId), 'ChildAnonymized', { childId, sex: 'Female', birthMonth: '2025-06' });
            } else if (step.op === 'wait') {
              // Time passes and something else is recorded (here a sign-up): the release's cutoff moves on.
              clock += step.days * DAY_MS;
              recordEventsAt(iso(clock));
              await append(stores, `email-${clock}`, 'EmailReserved', { userId: `user-${clock}` });
            } else {
              await resume();
            }
          }
          await resume();

          const full = await exportLines(null);
          const fresh = createResearchReplica();
          for (const line of full.lines) fresh.apply(line);
          expect(replica.lines()).toEqual(fresh.lines());
          expect(replica.finalState()).toEqual(fresh.finalState());
        } finally {
          recordEventsAt(null);
          await stores.close();
          rmSync(secretDir, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  }, 240_000);
});
