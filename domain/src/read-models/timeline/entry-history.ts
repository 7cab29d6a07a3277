import { entryKind } from '../../entries/all-entry-kinds';
import { withoutSealed } from '../../entries/sealed-fields';
import type { LoggedBy } from '../children/membership-document';
import type { TimelineDocument } from './timeline-document';

export const ENTRY_HISTORY_COLLECTION = 'entry-history';

/**
 * What a correction changed, in words a family reads ('time changed by Sam'), in the order they are
 * said. Free text is sealed and not compared.
 */
export const ENTRY_CHANGED_PARTS = ['time', 'duration', 'amount', 'method', 'type', 'sides', 'environment', 'contents', 'color', 'reaction', 'temperature', 'dose'] as const;
export type EntryChangedPart = (typeof ENTRY_CHANGED_PARTS)[number];
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

/** What a correction changed, from the document before it and the one after, each part once, in a fixed order. */
export function changedParts(before: TimelineDocument, after: TimelineDocument): EntryChangedPart[] {
  const parts = new Set<EntryChangedPart>();
  if (before.startedAt !== after.startedAt) parts.add('time');
  else if (before.endedAt !== after.endedAt) parts.add('duration');
  const { kind, sealed, timeline } = entryKind(after.kind);
  // Free text is sealed anew at every write: only what is in the clear is compared.
  const [was, is] = [before, after].map((doc) => withoutSealed((doc[kind] ?? {}) as Record<string, unknown>, sealed));
  for (const [field, part] of Object.entries(timeline.parts)) {
    if (JSON.stringify(was![field] ?? null) !== JSON.stringify(is![field] ?? null)) parts.add(part);
  }
  return ENTRY_CHANGED_PARTS.filter((part) => parts.has(part));
}

/** One line of an entry's history as the API answers it: who by their family name, when, what changed. */
export interface EntryHistoryItem {
  action: 'logged' | EntryChangeAction;
  by: LoggedBy;
  /** When it was recorded; null for an entry logged before these times were kept. */
  at: string | null;
  changed: EntryChangedPart[];
}
