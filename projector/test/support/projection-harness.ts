import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProfileData } from '@nightlight/domain/children/child.events';
import { schemaVersionOf } from '@nightlight/domain/events/event-registry';
import { entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import type { CheckedEntry, EntryKindDefinition } from '@nightlight/domain/entries/entry-kind-definition';
import type { EntryKind } from '@nightlight/domain/entries/entry-kinds';
import { turnSealed } from '@nightlight/domain/entries/sealed-fields';
import type { EntryDetails } from '@nightlight/domain/read-models/timeline/timeline-document';
import { childStreamId, diaperStreamId, feedingStreamId, pumpingStreamId, sleepStreamId } from '@nightlight/domain/shared/stream-ids';
import { sleepSackTogOf, type SleepEnvironment } from '@nightlight/domain/sleeps/sleep-rules';
import { PersonalDataCipher } from '@nightlight/infrastructure/crypto/personal-data-cipher';
import { createSqliteEventStore } from '@nightlight/infrastructure/event-store/sqlite-event-store';
import { createSqliteKeyStore } from '@nightlight/infrastructure/key-store/sqlite-key-store';
import type { EventStore } from '@nightlight/infrastructure/ports/event-store';
import type { Doc, ReadStore } from '@nightlight/infrastructure/ports/read-store';
import { createMemoryReadStore } from '@nightlight/infrastructure/read-store/memory-read-store';
import { allProjections } from '../../src/all-projections';
import { CHECKPOINTS_COLLECTION, startProjector, type RunningProjector } from '../../src/projector-runner';

/** A real SQLite event log and key store in a temp dir; read stores are made per projector. */
export interface ProjectionStores {
  eventStore: EventStore;
  cipher: PersonalDataCipher;
  close(): Promise<void>;
}

export async function openProjectionStores(): Promise<ProjectionStores> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nightlight-projector-'));
  const eventStore = createSqliteEventStore({ file: path.join(dir, 'events.db') });
  const keyStore = createSqliteKeyStore({ file: path.join(dir, 'keys.db') });
  const cipher = new PersonalDataCipher(randomBytes(32), keyStore);
  return {
    eventStore,
    cipher,
    async close() {
      await eventStore.close();
      await keyStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A read store that remembers which collections the projections touched, so all can be compared. */
export interface ObservedReadStore extends ReadStore {
  collectionNames(): string[];
}

export function observedMemoryReadStore(): ObservedReadStore {
  const inner = createMemoryReadStore();
  const names = new Set<string>();
  return {
    collection(name) {
      names.add(name);
      return inner.collection(name);
    },
    dropCollections: (matching) => inner.dropCollections(matching),
    commit: () => inner.commit(),
    close: () => inner.close(),
    collectionNames: () => [...names].sort(),
  };
}

/** Every document of every collection but the checkpoints, sorted by id, as one comparable value. */
export async function snapshotOf(readStore: ObservedReadStore): Promise<Record<string, Doc[]>> {
  const snapshot: Record<string, Doc[]> = {};
  for (const name of readStore.collectionNames()) {
    if (name === CHECKPOINTS_COLLECTION) continue;
    const docs = await readStore.collection(name).find({});
    if (docs.length > 0) snapshot[name] = docs.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  }
  return snapshot;
}

export async function startAllProjections(stores: ProjectionStores, readStore: ReadStore): Promise<RunningProjector> {
  return startProjector({
    eventStore: stores.eventStore,
    projections: allProjections,
    context: { readStore, cipher: stores.cipher },
    onError: (error) => {
      throw error;
    },
  });
}

/** given(events).then(documents): a fresh projector catches up with the whole log. */
export async function projectFromStart(stores: ProjectionStores): Promise<ObservedReadStore> {
  const readStore = observedMemoryReadStore();
  const projector = await startAllProjections(stores, readStore);
  await projector.caughtUp;
  await projector.stop();
  return readStore;
}

let eventCounter = 0;
const DEFAULT_RECORDED_AT = '2026-11-22T12:00:00.000Z';
let recordedAt = DEFAULT_RECORDED_AT;

/** When the events appended from now on say they were recorded (the command side's clock); the default without one. */
export function recordEventsAt(instant: string | null): void {
  recordedAt = instant ?? DEFAULT_RECORDED_AT;
}

/** Appends one event the way the command side records it; returns its global position. */
export async function append(stores: ProjectionStores, streamId: string, type: string, data: unknown): Promise<number> {
  eventCounter += 1;
  const metadata = { correlationId: `c-${eventCounter}`, causationId: `c-${eventCounter}`, schemaVersion: schemaVersionOf(type), recordedAt };
  const result = await stores.eventStore.append(streamId, [{ id: crypto.randomUUID(), type, data, metadata }], 'any');
  return result.position;
}

export interface ChildFacts {
  childId: string;
  ownerId: string;
  displayName: string;
  birthDate: string;
  sex?: ChildProfileData['sex'];
  timezone: string;
  nightWindowStart?: string;
  nightWindowEnd?: string;
}

async function sealedProfile(stores: ProjectionStores, child: ChildFacts) {
  return {
    childId: child.childId,
    ownerId: child.ownerId,
    displayName: await stores.cipher.seal(child.ownerId, child.displayName),
    birthDate: await stores.cipher.seal(child.ownerId, child.birthDate),
    sex: child.sex ?? 'Female',
    nightWindowStart: child.nightWindowStart ?? '19:00',
    nightWindowEnd: child.nightWindowEnd ?? '08:00',
    timezone: child.timezone,
  };
}

export async function registerChild(stores: ProjectionStores, child: ChildFacts): Promise<number> {
  return append(stores, childStreamId(child.childId), 'ChildRegistered', await sealedProfile(stores, child));
}

export async function updateChild(stores: ProjectionStores, child: ChildFacts): Promise<number> {
  return append(stores, childStreamId(child.childId), 'ChildProfileUpdated', await sealedProfile(stores, child));
}

export async function removeChild(stores: ProjectionStores, child: { childId: string; ownerId: string }): Promise<number> {
  return append(stores, childStreamId(child.childId), 'ChildRemoved', { childId: child.childId, ownerId: child.ownerId });
}

export interface EntryRef {
  id: string;
  childId: string;
  ownerId: string;
}

type FeedingDetails = { startedAt: string; endedAt: string; notes: string } & EntryDetails<'feeding'>;
type SleepDetails = { startedAt: string; endedAt: string; notes: string };
type DiaperDetails = { occurredAt: string; notes: string } & EntryDetails<'diaper'>;
type PumpingDetails = { startedAt: string; durationMinutes: number | null; notes: string } & EntryDetails<'pumping'>;

/**
 * An entry of any kind logged, corrected or restored (`role`) as the command side records it: its
 * checked details with the notes and every other free text sealed.
 */
export async function entryEvent(stores: ProjectionStores, kind: EntryKind, role: keyof Pick<EntryKindDefinition['events'], 'logged' | 'corrected' | 'restored'>, ref: EntryRef, checked: CheckedEntry): Promise<number> {
  const definition = entryKind(kind);
  const seal = (text: string) => stores.cipher.seal(ref.ownerId, text);
  const { notes, details, ...times } = checked;
  const data = definition.eventData(ref, { ...times, details: await turnSealed(details, definition.sealed, seal), notes: await seal(notes) });
  return append(stores, definition.streamId(ref.id), definition.events[role], data);
}

/** An entry of any kind deleted. */
export async function deleteEntry(stores: ProjectionStores, kind: EntryKind, ref: EntryRef): Promise<number> {
  const definition = entryKind(kind);
  return append(stores, definition.streamId(ref.id), definition.events.deleted, { [definition.idField]: ref.id, childId: ref.childId, ownerId: ref.ownerId });
}

export async function feedingEvent(
  stores: ProjectionStores,
  type: 'FeedingLogged' | 'FeedingCorrected' | 'FeedingRestored',
  ref: EntryRef,
  details: Omit<FeedingDetails, 'enteredAmount' | 'sides'> & Partial<Pick<FeedingDetails, 'enteredAmount' | 'sides'>>,
): Promise<number> {
  // Entered in ounces, and with no sides, unless the test says otherwise.
  const enteredAmount = details.enteredAmount !== undefined ? details.enteredAmount : details.amountOz === null ? null : { value: details.amountOz, unit: 'oz' as const };
  const data = { feedingId: ref.id, childId: ref.childId, ownerId: ref.ownerId, sides: null, ...details, enteredAmount, notes: await stores.cipher.seal(ref.ownerId, details.notes) };
  return append(stores, feedingStreamId(ref.id), type, data);
}

export async function deleteFeeding(stores: ProjectionStores, ref: EntryRef): Promise<number> {
  return append(stores, feedingStreamId(ref.id), 'FeedingDeleted', { feedingId: ref.id, childId: ref.childId, ownerId: ref.ownerId });
}

/** A sleep with its notes and sleep-sack tag in plain text, sealed as the command side seals them. */
export async function sleepEvent(
  stores: ProjectionStores,
  type: 'SleepLogged' | 'SleepCorrected',
  ref: EntryRef,
  details: SleepDetails & { environment: SleepEnvironment | null },
): Promise<number> {
  const { environment } = details;
  const sealedTag = environment?.sleepSackTag == null ? null : await stores.cipher.seal(ref.ownerId, environment.sleepSackTag);
  const data = {
    sleepId: ref.id,
    childId: ref.childId,
    ownerId: ref.ownerId,
    ...details,
    environment: environment && { roomTemp: environment.roomTemp, whiteNoise: environment.whiteNoise, sleepSackTag: sealedTag, sleepSackTog: sleepSackTogOf(environment.sleepSackTag) },
    notes: await stores.cipher.seal(ref.ownerId, details.notes),
  };
  return append(stores, sleepStreamId(ref.id), type, data);
}

export async function deleteSleep(stores: ProjectionStores, ref: EntryRef): Promise<number> {
  return append(stores, sleepStreamId(ref.id), 'SleepDeleted', { sleepId: ref.id, childId: ref.childId, ownerId: ref.ownerId });
}

/** A diaper change with its notes in plain text, sealed as the command side seals them. */
export async function diaperEvent(stores: ProjectionStores, type: 'DiaperChanged' | 'DiaperCorrected', ref: EntryRef, details: DiaperDetails): Promise<number> {
  const data = { diaperId: ref.id, childId: ref.childId, ownerId: ref.ownerId, ...details, notes: await stores.cipher.seal(ref.ownerId, details.notes) };
  return append(stores, diaperStreamId(ref.id), type, data);
}

export async function deleteDiaper(stores: ProjectionStores, ref: EntryRef): Promise<number> {
  return append(stores, diaperStreamId(ref.id), 'DiaperDeleted', { diaperId: ref.id, childId: ref.childId, ownerId: ref.ownerId });
}

/** A pumping session with its notes in plain text, sealed as the command side seals them. */
export async function pumpingEvent(stores: ProjectionStores, type: 'PumpingLogged' | 'PumpingCorrected', ref: EntryRef, details: PumpingDetails): Promise<number> {
  const data = { pumpingId: ref.id, childId: ref.childId, ownerId: ref.ownerId, ...details, notes: await stores.cipher.seal(ref.ownerId, details.notes) };
  return append(stores, pumpingStreamId(ref.id), type, data);
}

export async function deletePumping(stores: ProjectionStores, ref: EntryRef): Promise<number> {
  return append(stores, pumpingStreamId(ref.id), 'PumpingDeleted', { pumpingId: ref.id, childId: ref.childId, ownerId: ref.ownerId });
}
