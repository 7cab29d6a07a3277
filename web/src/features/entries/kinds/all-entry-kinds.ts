import { ENTRY_KIND_NAMES, entryKindOf, type EntryKind, type EntryType } from '@nightlight/domain/entries/entry-kinds';
import { diaperEntry } from './diaper.tsx';
import { feedingEntry } from './feeding.tsx';
import { medicationEntry } from './medication.tsx';
import { pumpingEntry } from './pumping.tsx';
import { sleepEntry } from './sleep.tsx';
import { temperatureEntry } from './temperature.tsx';
import { tummyTimeEntry } from './tummy-time.tsx';
import { solidEntry } from './solid.tsx';
import type { WebEntryKind } from './web-entry-kind.ts';

/** Every kind of entry in the web app, each under its own name: a kind left out fails the type check. */
export type WebEntryKindRegistry = { [K in EntryKind]: WebEntryKind<K> };

export const WEB_ENTRY_KINDS = {
  feeding: feedingEntry,
  sleep: sleepEntry,
  diaper: diaperEntry,
  pumping: pumpingEntry,
  solid: solidEntry,
  medication: medicationEntry,
  temperature: temperatureEntry,
  tummyTime: tummyTimeEntry,
} satisfies WebEntryKindRegistry;

/** The kinds in the order the dashboard shows their buttons. */
export const WEB_ENTRY_KIND_LIST: readonly WebEntryKind[] = ENTRY_KIND_NAMES.map((kind) => WEB_ENTRY_KINDS[kind] as WebEntryKind);

/** The kind of a timeline line ('Diaper'). */
export const webEntryKindOf = (type: EntryType): WebEntryKind => WEB_ENTRY_KINDS[entryKindOf(type)] as WebEntryKind;
