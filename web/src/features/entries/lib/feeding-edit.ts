import type { Feeding, VolumeUnit } from '../../../types/api.ts';
import type { UpdateFeedingInput } from '../api/update-feeding.ts';
import { MINUTE_MS, toDateTimeInputValue } from './date-time-input.ts';
import { FEEDING_DURATION_DEFAULT_MINS, toCreateFeedingInput, type FeedingFormValues } from '../kinds/feeding.tsx';

/**
 * The Add Feeding form filled in with a logged feeding. The amount stays in the unit it was entered
 * in, so saving without touching it keeps it exactly; the duration is its whole minutes, as the
 * timeline shows it.
 */
export function feedingFormOf(feeding: Feeding, parentUnit: VolumeUnit): FeedingFormValues {
  const minutes = Math.floor((Date.parse(feeding.endedAt) - Date.parse(feeding.startedAt)) / MINUTE_MS);
  return {
    datetime: toDateTimeInputValue(new Date(feeding.startedAt)),
    method: feeding.method ?? 'Bottle',
    feedingType: feeding.type ?? 'Breast Milk',
    amount: feeding.enteredAmount ? String(feeding.enteredAmount.value) : '',
    unit: feeding.enteredAmount?.unit ?? parentUnit,
    durationMins: minutes > 0 ? String(minutes) : String(FEEDING_DURATION_DEFAULT_MINS),
    notes: feeding.notes,
  };
}

/**
 * The correction to send. The form shows the start to the minute and the duration in whole
 * minutes: while neither was touched, the feeding keeps its exact start and end (a timer's are to
 * the second) and a nursing feeding its minutes per breast. Once either changed, the per-breast
 * minutes no longer add up to the new duration, and the server would refuse them: they are cleared.
 */
export function toUpdateFeedingInput(feeding: Feeding, original: FeedingFormValues, values: FeedingFormValues): UpdateFeedingInput {
  const input = toCreateFeedingInput(feeding.childId, values);
  const timesKept = values.datetime === original.datetime && values.durationMins === original.durationMins;
  const times = timesKept ? { startedAt: feeding.startedAt, endedAt: feeding.endedAt } : {};
  const sides = timesKept && values.method === 'Nursing' ? feeding.sides : null;
  return { ...input, ...times, id: feeding.id, sides };
}
