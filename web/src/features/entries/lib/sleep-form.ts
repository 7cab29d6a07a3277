import type { CreateSleepInput } from '../api/create-sleep.ts';
import { MINUTE_MS, parseDateTimeInputValue, validateStartedAt } from './date-time-input.ts';

export const SLEEP_DURATION_MIN_MINS = 1;
export const SLEEP_DURATION_MAX_MINS = 1440;
export const ROOM_TEMP_MIN_F = 60;
export const ROOM_TEMP_MAX_F = 80;
export const SLEEP_SACK_MAX_LENGTH = 40;

export type SleepFormValues = {
  datetime: string;
  durationMins: string;
  roomTemp: string;
  sleepSackTag: string;
  whiteNoise: boolean;
  notes: string;
};

export type SleepFormErrors = Partial<Record<'datetime' | 'durationMins' | 'roomTemp', string>>;

export function emptySleepForm(datetime: string): SleepFormValues {
  return { datetime, durationMins: '', roomTemp: '', sleepSackTag: '', whiteNoise: false, notes: '' };
}

export function validateSleepForm(values: SleepFormValues, now: Date): SleepFormErrors {
  const errors: SleepFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;

  if (values.durationMins.trim() === '') {
    errors.durationMins = 'Duration is required';
  } else {
    const minutes = Number(values.durationMins);
    if (!Number.isInteger(minutes) || minutes < SLEEP_DURATION_MIN_MINS || minutes > SLEEP_DURATION_MAX_MINS) {
      errors.durationMins = `Duration must be a whole number of minutes from ${SLEEP_DURATION_MIN_MINS} to ${SLEEP_DURATION_MAX_MINS}`;
    }
  }

  if (values.roomTemp.trim() !== '') {
    const temp = Number(values.roomTemp);
    if (!Number.isInteger(temp) || temp < ROOM_TEMP_MIN_F || temp > ROOM_TEMP_MAX_F) {
      errors.roomTemp = `Room temperature must be a whole number from ${ROOM_TEMP_MIN_F} to ${ROOM_TEMP_MAX_F} °F`;
    }
  }
  return errors;
}

/** True once any environment field differs from its default; until then none is sent. */
function environmentTouched(values: SleepFormValues): boolean {
  return values.roomTemp.trim() !== '' || values.sleepSackTag.trim() !== '' || values.whiteNoise;
}

/** Form values (already validated) as POST /api/sleep takes them; the end is start plus duration. */
export function toCreateSleepInput(childId: string, values: SleepFormValues): CreateSleepInput {
  const startedAt = parseDateTimeInputValue(values.datetime);
  if (!startedAt) throw new Error('toCreateSleepInput needs a validated date and time');
  const notes = values.notes.trim();
  return {
    childId,
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + Number(values.durationMins) * MINUTE_MS).toISOString(),
    ...(environmentTouched(values)
      ? {
          environment: {
            roomTemp: values.roomTemp.trim() === '' ? null : Number(values.roomTemp),
            whiteNoise: values.whiteNoise,
            sleepSackTag: values.sleepSackTag.trim() || null,
          },
        }
      : {}),
    ...(notes ? { notes } : {}),
  };
}
