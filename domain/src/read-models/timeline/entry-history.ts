import { entryKind } from '../../entries/all-entry-kinds';
import type { LoggedBy } from '../children/membership-document';
import type { TimelineDocument } from './timeline-document';

export const ENTRY_HISTORY_COLLECTION = 'entry-history';

/** What a correction changed, in words a family reads ('time changed by Sam'). Free text is sealed and not compared. */
export type EntryChangedPart = 'time' | 'duration' | 'amount' | 'method' | 'type' | 'sides' | 'environment' | 'contents' | 'color';
export type EntryChangeAction = 'corrected' | 'deleted' | 'restored';

/** One change to an entry after it was logged: who (a member id), when (as recorded) and, for a correction, what. */
export interface EntryChange {
  action: EntryChangeAction;
  by: string;
  at: string;
  changed: EntryChangedPart[];
}

/**
 * The changes to one entry since it was logged, kept apart from the timeline so that an entry never
 * changed (nearly all of them) costs nothing: it is written at an entry's first correction or
 * deletion. `logged` is copied from the timeline document when the entry is deleted, which takes
 * that document away, so a restored entry still says who logged it and when.
 */
export interface EntryHistoryDocument {
  _id: string;
  childId: string;
  logged: { by: string; at: string | null } | null;
  changes: EntryChange[];
  [key: string]: unknown;
}

/** Each kind's own fields, by the part of the entry a family would say changed. */
const PART_OF_FIELD: Readonly<Record<string, EntryChangedPart>> = {
  amountOz: 'amount',
  enteredAmount: 'amount',
  pumped: 'amount',
  method: 'method',
  type: 'type',
  sides: 'sides',
  environment: 'environment',
  contents: 'contents',
  color: 'color',
};

/** A field as compared: a sleep's sack tag is sealed anew at every write, so only what is in the clear counts. */
function comparable(value: unknown): string {
  if (value && typeof value === 'object' && 'sleepSackTag' in value) {
    const { sleepSackTag: _sealed, ...clear } = value as Record<string, unknown>;
    return JSON.stringify(clear);
  }
  return JSON.stringify(value ?? null);
}

/** What a correction changed, from the document before it and the one after, each part once, in a fixed order. */
export function changedParts(before: TimelineDocument, after: TimelineDocument): EntryChangedPart[] {
  const parts = new Set<EntryChangedPart>();
  if (before.startedAt !== after.startedAt) parts.add('time');
  else if (before.endedAt !== after.endedAt) parts.add('duration');
  const own = Object.keys(entryKind(after.kind).timeline.fields({}));
  for (const field of own) {
    const part = PART_OF_FIELD[field];
    if (part && comparable(before[field]) !== comparable(after[field])) parts.add(part);
  }
  const order = Object.values(PART_OF_FIELD);
  return ['time', 'duration', ...new Set(order)].filter((part): part is EntryChangedPart => parts.has(part as EntryChangedPart));
}

/** One line of an entry's history as the API answers it: who by their family name, when, what changed. */
export interface EntryHistoryItem {
  action: 'logged' | EntryChangeAction;
  by: LoggedBy;
  /** When it was recorded; null for an entry logged before these times were kept. */
  at: string | null;
  changed: EntryChangedPart[];
}
