import type { ComponentType } from 'react';
import type { EntryKind } from '@nightlight/domain/entries/entry-kinds';
import type { EntryApiViews } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { TimelineEntry, Units } from '../../../types/api.ts';

export type FieldsProps<Values, Errors> = { values: Values; errors: Errors; update: (changes: Partial<Values>) => void };

/**
 * One kind's form, as both its Add and its Edit dialog fill it in (`entryDialogs`): the values it
 * starts from, its checks, the body it sends and its fields. A correction is the body of POST sent
 * with PUT (every kind's routes take the same body), the entry's id in the path.
 */
export interface EntryForm<Kind extends EntryKind, Values extends object, Errors extends object, Input extends { childId: string }> {
  kind: Kind;
  /** In the dialogs' titles: 'Add Sleep', 'Edit Sleep'. */
  name: string;
  /** Names the entry in the console when a save fails: "the sleep". */
  what: string;
  /** The form of a new entry, dated `datetime` (now), amounts in the parent's units. */
  empty(datetime: string, units: Units): Values;
  /** The form filled in with a logged entry. */
  fromEntry(entry: EntryApiViews[Kind], units: Units): Values;
  validate(values: Values, now: Date): Errors;
  /** The values (already validated) as the kind's routes take them. */
  toInput(childId: string, values: Values): Input;
  /**
   * The correction to send for `entry`, opened as `original`: what the parent left alone is sent as
   * it was (a timer's times are to the second, the form's to the minute). Without it, `toInput`.
   */
  toCorrection?(entry: EntryApiViews[Kind], original: Values, values: Values): Input;
  /** The body as the kind's schema passes it. */
  checked(input: Input): Input;
  /** The entry's line while the write waits to be sent. */
  preview(id: string, input: Input): TimelineEntry;
  Fields: ComponentType<FieldsProps<Values, Errors>>;
}
