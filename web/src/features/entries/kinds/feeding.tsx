// Feedings in the web app: their form (Add Feeding and Edit Feeding), its checks and the write it
// sends. Amount limits and steps are the domain's, in the parent's unit.
import Heart from 'lucide-react/icons/heart';
import Milk from 'lucide-react/icons/milk';
import { z } from 'zod/mini';
import { feedingLine } from '@nightlight/domain/feedings/feeding-rules';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { icon } from '../../../components/icons.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { bottleContentsText, feedingMethodText } from '../../../lib/i18n/api-texts.ts';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';
import { VOLUME_LIMITS, volumeProblem, volumeProblemText } from '../../../lib/units.ts';
import type { Feeding, FeedingMethod, FeedingType, NursingSides, TimelineEntry, VolumeUnit } from '../../../types/api.ts';
import { entryDialogs } from '../components/entry-dialogs.tsx';
import { NotesField, SpanFields } from '../components/entry-fields.tsx';
import { MINUTE_MS, parseDateTimeInputValue, toDateTimeInputValue, validateStartedAt } from '../lib/date-time-input.ts';
import { previewLine } from '../lib/offline-preview.ts';
import { sideLettersText } from '../lib/side-letters.ts';
import { endTimeOf, type SpanValues } from '../lib/span-times.ts';
import type { EntryForm, FieldsProps } from './entry-form.ts';
import type { WebEntryKind } from './web-entry-kind.ts';

/** An amount in one unit, within that unit's limits and steps (20 oz, 0.25 oz; 600 mL, 5 mL). */
const amountIn = (unit: VolumeUnit) => z.optional(z.number().check(z.refine((value) => volumeProblem(value, unit) === undefined, `Amount out of range for ${unit}`)));

export const createFeedingInputSchema = z
  .object({
    childId: z.string().check(z.minLength(1)),
    startedAt: z.iso.datetime(),
    endedAt: z.iso.datetime(),
    amountOz: amountIn('oz'),
    amountMl: amountIn('mL'),
    method: z.enum(['Bottle', 'Nursing']),
    type: z.optional(z.enum(['Breast Milk', 'Formula'])),
    notes: z.optional(z.string().check(z.maxLength(1000))),
  })
  // Amount and bottle type describe a bottle; a nursing session has neither.
  .check(
    z.refine((input) => input.method === 'Bottle' || (input.amountOz === undefined && input.amountMl === undefined && input.type === undefined), {
      message: 'Amount and type are for bottle feedings only',
    }),
  );

/** A correction may carry a nursing feeding's minutes per breast: kept, or null once the times changed. */
export type CreateFeedingInput = z.infer<typeof createFeedingInputSchema> & { sides?: NursingSides | null };

export const FEEDING_DURATION_DEFAULT_MINS = 15;
const FEEDING_DURATION_MIN_MINS = 1;
const FEEDING_DURATION_MAX_MINS = 120;

export type FeedingFormValues = SpanValues & {
  method: FeedingMethod;
  feedingType: FeedingType;
  amount: string;
  /** The parent's unit: the amount is entered and sent in it. */
  unit: VolumeUnit;
  notes: string;
};

export type FeedingFormErrors = Partial<Record<'datetime' | 'amount' | 'durationMins', string>>;

function validateAmount(value: string, unit: VolumeUnit): string | undefined {
  if (value.trim() === '') return t('feedingForm.amountRequired');
  return volumeProblemText(Number(value), unit);
}

function validateDuration(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < FEEDING_DURATION_MIN_MINS || minutes > FEEDING_DURATION_MAX_MINS) {
    return t('kindForm.durationRange', { min: FEEDING_DURATION_MIN_MINS, max: FEEDING_DURATION_MAX_MINS });
  }
  return undefined;
}

export function validateFeedingForm(values: FeedingFormValues, now: Date): FeedingFormErrors {
  const errors: FeedingFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  if (values.method === 'Bottle') {
    const amount = validateAmount(values.amount, values.unit);
    if (amount) errors.amount = amount;
  }
  const duration = validateDuration(values.durationMins);
  if (duration) errors.durationMins = duration;
  return errors;
}

/** Form values (already validated) as POST /api/feedings takes them; the end is start plus duration. */
export function toCreateFeedingInput(childId: string, values: FeedingFormValues): CreateFeedingInput {
  const startedAt = parseDateTimeInputValue(values.datetime);
  if (!startedAt) throw new Error('toCreateFeedingInput needs a validated date and time');
  const durationMins = values.durationMins.trim() === '' ? FEEDING_DURATION_DEFAULT_MINS : Number(values.durationMins);
  const notes = values.notes.trim();
  return {
    childId,
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + durationMins * MINUTE_MS).toISOString(),
    method: values.method,
    ...(values.method === 'Bottle' ? { [values.unit === 'oz' ? 'amountOz' : 'amountMl']: Number(values.amount), type: values.feedingType } : {}),
    ...(notes ? { notes } : {}),
  };
}

/**
 * The Add Feeding form filled in with a logged feeding. The amount stays in the unit it was entered
 * in, so saving without touching it keeps it exactly; the duration is its whole minutes, as the
 * timeline shows it.
 */
function feedingFormOf(feeding: Feeding, parentUnit: VolumeUnit): FeedingFormValues {
  const minutes = Math.floor((Date.parse(feeding.endedAt) - Date.parse(feeding.startedAt)) / MINUTE_MS);
  const datetime = toDateTimeInputValue(new Date(feeding.startedAt));
  const durationMins = String(minutes > 0 ? minutes : FEEDING_DURATION_DEFAULT_MINS);
  return {
    datetime,
    endTime: endTimeOf(datetime, Number(durationMins)),
    durationMins,
    anchor: 'duration',
    method: feeding.method ?? 'Bottle',
    feedingType: feeding.type ?? 'Breast Milk',
    amount: feeding.enteredAmount ? String(feeding.enteredAmount.value) : '',
    unit: feeding.enteredAmount?.unit ?? parentUnit,
    notes: feeding.notes,
  };
}

/**
 * The correction to send. While neither time was touched, the feeding keeps its exact start and
 * end (a timer's are to the second) and a nursing feeding its minutes per breast. Once either
 * changed, the per-breast minutes no longer add up to the new duration, and the server would
 * refuse them: they are cleared.
 */
function toFeedingCorrection(feeding: Feeding, original: FeedingFormValues, values: FeedingFormValues): CreateFeedingInput {
  const input = toCreateFeedingInput(feeding.childId, values);
  const timesKept = values.datetime === original.datetime && values.durationMins === original.durationMins;
  const times = timesKept ? { startedAt: feeding.startedAt, endedAt: feeding.endedAt } : {};
  const sides = timesKept && values.method === 'Nursing' ? feeding.sides : null;
  return { ...input, ...times, sides };
}

/** The line of a feeding added or corrected while it waits to be sent. */
export function feedingPreview(id: string, input: CreateFeedingInput): TimelineEntry {
  const parts = feedingLine({ amountOz: input.amountOz ?? null, method: input.method });
  // Millilitres read as they were entered, as the lists show each amount.
  return previewLine('Feeding', id, input.amountMl !== undefined ? { ...parts, amount: `${input.amountMl} mL` } : parts, input, input.notes);
}

const METHODS: readonly FeedingMethod[] = ['Bottle', 'Nursing'];
const FEEDING_TYPES: readonly FeedingType[] = ['Breast Milk', 'Formula'];

/** The fields of a feeding: its start, and its end or minutes (either way in), then what it was. */
function FeedingFields({ values, errors, update }: FieldsProps<FeedingFormValues, FeedingFormErrors>) {
  const t = useT();
  const isBottle = values.method === 'Bottle';
  return (
    <>
      <SpanFields
        labels={{ start: t('kindForm.dateTime'), end: t('kindForm.finishedAtOptional'), duration: t('kindForm.durationMinutesOptional') }}
        span={values}
        errors={errors}
        duration={{ min: FEEDING_DURATION_MIN_MINS, max: FEEDING_DURATION_MAX_MINS, placeholder: String(FEEDING_DURATION_DEFAULT_MINS), hint: t('feedingForm.durationHint', { minutes: FEEDING_DURATION_DEFAULT_MINS }) }}
        onChange={(span) => update(span)}
      />
      <ChoiceGroup legend={t('feedingForm.method')} name="feeding-method" options={METHODS} labelOf={feedingMethodText} value={values.method} onChange={(method) => update({ method })} />
      {isBottle && (
        <>
          <ChoiceGroup legend={t('feedingForm.type')} name="feeding-type" options={FEEDING_TYPES} labelOf={bottleContentsText} value={values.feedingType} onChange={(feedingType) => update({ feedingType })} />
          <TextField
            label={t('kindForm.amount', { unit: values.unit })}
            type="number"
            inputMode="decimal"
            min={0}
            max={VOLUME_LIMITS[values.unit].max}
            step={VOLUME_LIMITS[values.unit].step}
            required
            value={values.amount}
            error={errors.amount}
            onChange={(event) => update({ amount: event.target.value })}
          />
        </>
      )}
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}

export const feedingForm: EntryForm<'feeding', FeedingFormValues, FeedingFormErrors, CreateFeedingInput> = {
  kind: 'feeding',
  name: 'Feeding',
  what: 'the feeding',
  empty: (datetime, { volume }) => ({ datetime, endTime: '', durationMins: '', anchor: 'duration', method: 'Bottle', feedingType: 'Breast Milk', amount: '', unit: volume, notes: '' }),
  fromEntry: (feeding, { volume }) => feedingFormOf(feeding, volume),
  validate: validateFeedingForm,
  toInput: toCreateFeedingInput,
  toCorrection: toFeedingCorrection,
  // The schema knows the fields of POST only: a correction's sides are added after it.
  checked: ({ sides, ...fields }) => ({ ...createFeedingInputSchema.parse(fields), ...(sides === undefined ? {} : { sides }) }),
  preview: feedingPreview,
  Fields: FeedingFields,
};

const dialogs = entryDialogs(feedingForm);
export const { AddDialog: AddFeedingDialog, EditDialog: EditFeedingDialog, write: createFeedingWrite } = dialogs;

const BOTTLE = icon(Milk);
const NURSING = icon(Heart);
/** The server's sign of a nursing feeding's line. */
const NURSING_GLYPH = '🤱';

export const feedingEntry: WebEntryKind<'feeding'> = {
  kind: 'feeding',
  icon: BOTTLE,
  // A nursing feeding's line has its own sign.
  iconOf: (entry) => (entry.icon === NURSING_GLYPH ? NURSING : BOTTLE),
  add: 'Add Feeding',
  plural: 'Feedings',
  facts: { duration: 'Duration', amount: 'Amount' },
  AddDialog: AddFeedingDialog,
  EditDialog: EditFeedingDialog,
  lineOf: (feeding) => ({ ...feeding.entry, amount: sideLettersText(feeding.entry.amount) }),
};
