import { describe, expect, it } from 'vitest';
import { eventRegistry } from '../events/event-registry';
import { ENTRY_EVENT_TYPES, ENTRY_KIND_NAMES, ENTRY_KINDS, entryEventOf, isSessionKind, type EntryKind } from './entry-kinds';

// Compile-time checks, run by `npm run typecheck` (part of `npm test`): a map or a switch over the
// kinds that leaves one out does not compile. Each directive fails the type check if the line under
// it ever compiles, so these cannot pass by accident.

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
  it('are feeding, sleep, diaper and pumping, each at its own path and stream', () => {
    expect(ENTRY_KIND_NAMES).toEqual(['feeding', 'sleep', 'diaper', 'pumping']);
    expect(ENTRY_KIND_NAMES.map((kind) => [ENTRY_KINDS[kind].path, ENTRY_KINDS[kind].streamId('x')])).toEqual([
      ['/api/feedings', 'feeding-x'],
      ['/api/sleep', 'sleep-x'],
      ['/api/diapers', 'diaper-x'],
      ['/api/pumpings', 'pumping-x'],
    ]);
    expect(ENTRY_KIND_NAMES.filter(isSessionKind)).toEqual(['feeding', 'sleep']);
    expect([incomplete.feeding, forgetful('diaper')]).toEqual(['a feeding', 'diaper']);
  });

  it('name only event types the registry knows, each back to its kind and role', () => {
    for (const type of ENTRY_EVENT_TYPES) expect(Object.hasOwn(eventRegistry, type), type).toBe(true);
    expect(ENTRY_EVENT_TYPES.size).toBe(16);
    expect(entryEventOf('DiaperChanged')).toEqual({ kind: 'diaper', role: 'logged' });
    expect(entryEventOf('PumpingNotesResealed')).toEqual({ kind: 'pumping', role: 'resealed' });
    expect(entryEventOf('ChildRegistered')).toBeNull();
  });
});
