import { volumeProblem } from '../../../lib/units.ts';
import type { FeedingMethod, FeedingType, VolumeUnit } from '../../../types/api.ts';
import type { CreateFeedingInput } from '../api/create-feeding.ts';
import { MINUTE_MS, parseDateTimeInputValue, validateStartedAt } from './date-time-input.ts';

export const FEEDING_DURATION_DEFAULT_MINS = 15;
export const FEEDING_DURATION_MIN_MINS = 1;
export const FEEDING_DURATION_MAX_MINS = 120;

export type FeedingFormValues = {
  datetime: string;
  method: FeedingMethod;
  feedingType: FeedingType;
  amount: string;
  /** The parent's unit: the amount is entered and sent in it. */
  unit: VolumeUnit;
  durationMins: string;
  notes: string;
};

export type FeedingFormErrors = Partial<Record<'datetime' | 'amount' | 'durationMins', string>>;

export const emptyFeedingForm =
  (unit: VolumeUnit) =>
  (datetime: string): FeedingFormValues => ({ datetime, method: 'Bottle', feedingType: 'Breast Milk', amount: '', unit, durationMins: '', notes: '' });

function validateAmount(value: string, unit: VolumeUnit): string | undefined {
  if (value.trim() === '') return 'Amount is required for bottle feeding';
  return volumeProblem(Number(value), unit);
}

function validateDuration(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes < FEEDING_DURATION_MIN_MINS || minutes > FEEDING_DURATION_MAX_MINS) {
    return `Duration must be a whole number of minutes from ${FEEDING_DURATION_MIN_MINS} to ${FEEDING_DURATION_MAX_MINS}`;
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
