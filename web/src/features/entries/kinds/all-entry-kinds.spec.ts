import { describe, expect, it } from 'vitest';
import { ENTRY_KIND_NAMES, ENTRY_TYPES } from '@nightlight/domain/entries/entry-kinds';
import { WEB_ENTRY_KIND_LIST, WEB_ENTRY_KINDS, webEntryKindOf, type WebEntryKindRegistry } from './all-entry-kinds.ts';
import { diaperEntry } from './diaper.tsx';
import { feedingEntry } from './feeding.tsx';
import { sleepEntry } from './sleep.tsx';

// Checked by `npm run typecheck`: the directive fails the type check if the line under it compiles,
// so a kind of entry the web app leaves out (no button, no dialog, no line) cannot go unnoticed.
// @ts-expect-error 'pumping' is missing from the web app's kinds
const withoutPumping: WebEntryKindRegistry = { feeding: feedingEntry, sleep: sleepEntry, diaper: diaperEntry };

describe("the web app's kinds of entry", () => {
  it('are the domain’s, in its order, each found again from its timeline line', () => {
    expect(WEB_ENTRY_KIND_LIST.map((kind) => kind.kind)).toEqual(ENTRY_KIND_NAMES);
    expect(ENTRY_TYPES.map((type) => webEntryKindOf(type).kind)).toEqual(ENTRY_KIND_NAMES);
    expect(WEB_ENTRY_KIND_LIST.map((kind) => kind.add)).toEqual(['Add Feeding', 'Add Sleep', 'Add Diaper', 'Add Pumping', 'Add Solids', 'Add Medication', 'Add Temperature', 'Add Tummy Time']);
    expect(Object.keys(withoutPumping)).not.toEqual(Object.keys(WEB_ENTRY_KINDS));
  });
});
