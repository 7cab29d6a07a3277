import type { FeedingMethod, FeedingType } from '../../../types/api.ts';
import { FEEDING_AMOUNT_MAX_OZ, FEEDING_AMOUNT_STEP_OZ, type CreateFeedingInput } from '../api/create-feeding.ts';
import { MINUTE_MS, parseDateTimeInputValue, validateStartedAt } from './date-time-input.ts';

export const FEEDING_DURATION_DEFAULT_MINS = 15;
export const FEEDING_DURATION_MIN_MINS = 1;
export const FEEDING_DURATION_MAX_MINS = 120;

export type FeedingFormValues = {
  datetime: string;
  method: FeedingMethod;
  feedingType: FeedingType;
  amountOz: string;
  durationMins: string;
  notes: string;
};

export type FeedingFormErrors = Partial<Record<'datetime' | 'amountOz' | 'durationMins', string>>;

export function emptyFeedingForm(datetime: string): FeedingFormValues {
  return { datetime, method: 'Bottle', feedingType: 'Breast Milk', amountOz: '', durationMins: '', notes: '' };
}

function validateAmount(value: string): string | undefined {
  if (value.trim() === '') return 'Amount is required for bottle feeding';
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount < 0 || amount > FEEDING_AMOUNT_MAX_OZ) {
    return `Amount must be between 0 and ${FEEDING_AMOUNT_MAX_OZ} oz`;
  }
  if (!Number.isInteger(amount / FEEDING_AMOUNT_STEP_OZ)) return 'Amount must be in steps of 0.25 oz';
  return undefined;
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
    const amount = validateAmount(values.amountOz);
    if (amount) errors.amountOz = amount;
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
    ...(values.method === 'Bottle' ? { amountOz: Number(values.amountOz), type: values.feedingType } : {}),
    ...(notes ? { notes } : {}),
  };
}
