import { describe, expect, it } from 'vitest';
import { diaperKind } from '../diapers/diaper.kind';
import { eventRegistry } from '../events/event-registry';
import { feedingKind } from '../feedings/feeding.kind';
import { medicationKind } from '../medications/medication.kind';
import { pumpingKind } from '../pumpings/pumping.kind';
import { timelineDocument } from '../read-models/timeline/timeline-document';
import { sleepKind } from '../sleeps/sleep.kind';
import { solidKind } from '../solids/solid.kind';
import { temperatureKind } from '../temperatures/temperature.kind';
import { tummyTimeKind } from '../tummy-times/tummy-time.kind';
import { ENTRY_EVENT_TYPES, ENTRY_KINDS, entryEventOf, isSessionKind, type EntryKindRegistry } from './all-entry-kinds';
import { ENTRY_KIND_NAMES, ENTRY_TYPES, type EntryKind } from './entry-kinds';

// Compile-time checks, run by `npm run typecheck` (part of `npm test`): a kind added to EntryKind
// with no definition, a definition that leaves out part of a kind, a map or a switch over the kinds
// that leaves one out, none compiles. Each directive fails the type check if the line under it
// ever compiles, so these cannot pass by accident.

// @ts-expect-error 'pumping' has no definition in the registry the services iterate over
const unregistered: EntryKindRegistry = { feeding: feedingKind, sleep: sleepKind, diaper: diaperKind };

// @ts-expect-error a kind's definition under another kind's name
const misnamed: EntryKindRegistry = { feeding: feedingKind, sleep: sleepKind, diaper: diaperKind, pumping: diaperKind, solid: solidKind, medication: medicationKind, temperature: temperatureKind, tummyTime: tummyTimeKind };

// A definition without its CSV columns (or any other part) is not a definition.
const { csv: _csv, ...withoutCsv } = pumpingKind;
// @ts-expect-error 'csv' is missing
const incompleteKind: typeof pumpingKind = withoutCsv;

// @ts-expect-error 'pumping' is missing from a map that must name every kind
const incomplete: Record<EntryKind, string> = { feeding: 'a feeding', sleep: 'a sleep', diaper: 'a diaper change' };

function forgetful(kind: EntryKind): string {
  switch (kind) {
    case 'feeding':
    case 'sleep':
    case 'diaper':
      return kind;
    default: {
      // @ts-expect-error 'pumping' reaches the exhaustiveness check
      const unhandled: never = kind;
      return unhandled;
    }
  }
}

describe('the kinds of entry', () => {
  it('are feeding, sleep, diaper, pumping, solid food, medication, temperature and tummy time, each at its own path and stream, under its own name', () => {
    expect(ENTRY_KIND_NAMES).toEqual(['feeding', 'sleep', 'diaper', 'pumping', 'solid', 'medication', 'temperature', 'tummyTime']);
    expect(ENTRY_TYPES).toEqual(['Feeding', 'Sleep', 'Diaper', 'Pumping', 'Solid', 'Medication', 'Temperature', 'TummyTime']);
    expect(ENTRY_KIND_NAMES.map((kind) => [ENTRY_KINDS[kind].kind, ENTRY_KINDS[kind].path, ENTRY_KINDS[kind].streamId('x')])).toEqual([
      ['feeding', '/api/feedings', 'feeding-x'],
      ['sleep', '/api/sleep', 'sleep-x'],
      ['diaper', '/api/diapers', 'diaper-x'],
      ['pumping', '/api/pumpings', 'pumping-x'],
      ['solid', '/api/solids', 'solid-x'],
      ['medication', '/api/medications', 'medication-x'],
      ['temperature', '/api/temperatures', 'temperature-x'],
      ['tummyTime', '/api/tummy-times', 'tummyTime-x'],
    ]);
    expect(ENTRY_KIND_NAMES.filter(isSessionKind)).toEqual(['feeding', 'sleep']);
    expect([incomplete.feeding, forgetful('diaper')]).toEqual(['a feeding', 'diaper']);
    expect([unregistered, misnamed, incompleteKind].every((value) => typeof value === 'object')).toBe(true);
  });

  it('name only event types the registry knows, each back to its kind and role', () => {
    for (const type of ENTRY_EVENT_TYPES) expect(Object.hasOwn(eventRegistry, type), type).toBe(true);
    expect(ENTRY_EVENT_TYPES.size).toBe(40);
    for (const kind of ENTRY_KIND_NAMES) expect(Object.keys(ENTRY_KINDS[kind].eventDefinitions).sort()).toEqual(Object.values(ENTRY_KINDS[kind].events).sort());
    expect(entryEventOf('DiaperChanged')).toEqual({ kind: 'diaper', role: 'logged' });
    expect(entryEventOf('PumpingNotesResealed')).toEqual({ kind: 'pumping', role: 'resealed' });
    expect(entryEventOf('SleepRestored')).toEqual({ kind: 'sleep', role: 'restored' });
    expect(entryEventOf('ChildRegistered')).toBeNull();
  });

  it("keep each kind's details in its own part of a timeline document, under the kind's name", () => {
    const facts = { id: 'd1', kind: 'diaper' as const, childId: 'c1', ownerId: 'u1', startedAt: '2026-11-20T10:00:00.000Z', endedAt: '2026-11-20T10:00:00.000Z', sealedNotes: '' };
    const doc = timelineDocument({ ...facts, details: { contents: 'dirty', color: 'green' } }, 'UTC', 7);
    expect(doc).toEqual({
      _id: 'd1',
      kind: 'diaper',
      childId: 'c1',
      ownerId: 'u1',
      startedAt: facts.startedAt,
      endedAt: facts.endedAt,
      localDate: '2026-11-20',
      diaper: { contents: 'dirty', color: 'green' },
      sealedNotes: '',
      entry: { id: 'd1', datetime: '2026-11-20T10:00', type: 'Diaper', icon: '💩', amount: 'Dirty · green', duration: '-', status: 'completed' },
      position: 7,
    });
  });
});
