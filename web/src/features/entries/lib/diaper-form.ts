import type { DiaperContents, StoolColor } from '../../../types/api.ts';
import type { CreateDiaperInput } from '../api/create-diaper.ts';
import { parseDateTimeInputValue, validateStartedAt } from './date-time-input.ts';

export const CONTENTS_LABELS = { wet: 'Wet', dirty: 'Dirty', both: 'Both', dry: 'Dry' } satisfies Record<DiaperContents, string>;
export const COLOR_LABELS = { yellow: 'Yellow', green: 'Green', brown: 'Brown', black: 'Black', red: 'Red', white: 'White' } satisfies Record<StoolColor, string>;

export type DiaperFormValues = {
  datetime: string;
  contents: DiaperContents | null;
  color: StoolColor | null;
  notes: string;
};

export type DiaperFormErrors = Partial<Record<'datetime' | 'contents', string>>;

export const hasStool = (contents: DiaperContents | null): boolean => contents === 'dirty' || contents === 'both';

/** Nothing chosen yet: the parent's first tap says what the diaper held, the second saves it. */
export function emptyDiaperForm(datetime: string): DiaperFormValues {
  return { datetime, contents: null, color: null, notes: '' };
}

export function validateDiaperForm(values: DiaperFormValues, now: Date): DiaperFormErrors {
  const errors: DiaperFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  if (values.contents === null) errors.contents = 'Choose what the diaper held';
  return errors;
}

/** Form values (already validated) as POST /api/diapers takes them; a colour only with stool. */
export function toCreateDiaperInput(childId: string, values: DiaperFormValues): CreateDiaperInput {
  const occurredAt = parseDateTimeInputValue(values.datetime);
  if (!occurredAt || values.contents === null) throw new Error('toCreateDiaperInput needs validated values');
  const notes = values.notes.trim();
  return {
    childId,
    occurredAt: occurredAt.toISOString(),
    contents: values.contents,
    ...(hasStool(values.contents) && values.color ? { color: values.color } : {}),
    ...(notes ? { notes } : {}),
  };
}
