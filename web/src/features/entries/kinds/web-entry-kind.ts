import type { ComponentType } from 'react';
import type { EntryKind } from '@nightlight/domain/entries/entry-kinds';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { IconGlyph } from '../../../components/icons.tsx';
import type { Child, TimelineEntry } from '../../../types/api.ts';
import type { AddEntryDialogProps, EditEntryDialogProps } from '../components/entry-dialogs.tsx';

export type { AddEntryDialogProps, EditEntryDialogProps };

/** What a kind's line in the dashboard's glance is drawn for: the child shown, and the phone's clock. */
export type KindGlanceProps = { child: Pick<Child, 'id' | 'birthDate' | 'timezone'>; now: Date };

/**
 * What the dashboard, the lists and the activity log need of one kind of entry, in its own file
 * (kinds/<kind>.tsx). The shared code iterates over the kinds (all-entry-kinds.ts) and names none.
 */
export interface WebEntryKind<Kind extends EntryKind = EntryKind> {
  kind: Kind;
  /** Its sign, beside its button's name and on its lines. */
  icon: IconGlyph;
  /** The sign of a line that differs within the kind (a nursing feeding's). */
  iconOf?: (entry: TimelineEntry) => IconGlyph;
  /** Its name on a line, where its type is not a word ('Tummy time' for 'TummyTime'). */
  label?: string;
  /** The dashboard's button, and the title of its dialog: 'Add Diaper'. */
  add: string;
  /** A button drawn quieter, for what fewer parents log (pumping). */
  quiet?: boolean;
  /** What a list of them is called in the activity log's filter: 'Diapers'. */
  plural: string;
  /** What its line shows under its heading: a diaper change is an instant and says what it held; null where it has none. */
  facts: { duration: string | null; amount: string | null };
  AddDialog: ComponentType<AddEntryDialogProps>;
  /** Corrects a logged entry in the same fields, filled in. */
  EditDialog: ComponentType<EditEntryDialogProps>;
  /** A line it adds to the dashboard's glance at the top (a medication's 'last given'). */
  Glance?: ComponentType<KindGlanceProps>;
  /** Its line in a day's list, when the line adds to the server's (a diaper's guidance). */
  lineOf?: (listed: EntryApiViews[Kind]) => TimelineEntry;
}
