import type { ComponentType } from 'react';
import type { EntryKind } from '@nightlight/domain/entries/entry-kinds';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { TimelineEntry } from '../../../types/api.ts';
import type { WaitingWrite } from '../lib/waiting-entries.ts';

/** `resume`: Edit on a write the server refused after it waited offline; saving replaces it. */
export type AddEntryDialogProps = { open: boolean; onClose: () => void; childId: string; resume?: WaitingWrite };

/**
 * What the dashboard, the lists and the activity log need of one kind of entry, in its own file
 * (kinds/<kind>.tsx). The shared code iterates over the kinds (all-entry-kinds.ts) and names none.
 */
export interface WebEntryKind<Kind extends EntryKind = EntryKind> {
  kind: Kind;
  /** The dashboard's button, and the title of its dialog: 'Add Diaper'. */
  add: string;
  /** A button drawn quieter, for what fewer parents log (pumping). */
  quiet?: boolean;
  /** What its line shows under its heading: a diaper change is an instant and says what it held. */
  facts: { duration: string | null; amount: string };
  AddDialog: ComponentType<AddEntryDialogProps>;
  /** Its line in a day's list, when the line adds to the server's (a diaper's guidance). */
  lineOf?: (listed: EntryApiViews[Kind]) => TimelineEntry;
}
