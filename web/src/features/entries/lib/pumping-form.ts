import { MAX_PUMPING_MINUTES } from '@nightlight/domain/pumpings/pumping-rules';
import { volumeProblem } from '../../../lib/units.ts';
import type { VolumeUnit } from '../../../types/api.ts';
import type { CreatePumpingInput } from '../api/create-pumping.ts';
import { parseDateTimeInputValue, validateStartedAt } from './date-time-input.ts';

/** The server's limit (domain pumping-rules.ts). */
export const PUMPING_DURATION_MAX_MINS = MAX_PUMPING_MINUTES;

export type PumpingFormValues = { datetime: string; durationMins: string; leftAmount: string; rightAmount: string; unit: VolumeUnit; notes: string };
export type PumpingFormErrors = Partial<Record<'datetime' | 'durationMins' | 'leftAmount' | 'rightAmount', string>>;

export const emptyPumpingForm = (unit: VolumeUnit) => (datetime: string): PumpingFormValues => ({ datetime, durationMins: '', leftAmount: '', rightAmount: '', unit, notes: '' });

/** Only the start is required: a parent may log that they pumped, how long, or how much. */
export function validatePumpingForm(values: PumpingFormValues, now: Date): PumpingFormErrors {
  const errors: PumpingFormErrors = {};
  const datetime = validateStartedAt(values.datetime, now);
  if (datetime) errors.datetime = datetime;
  if (values.durationMins.trim() !== '') {
    const minutes = Number(values.durationMins);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > PUMPING_DURATION_MAX_MINS) errors.durationMins = `Duration must be a whole number of minutes from 1 to ${PUMPING_DURATION_MAX_MINS}`;
  }
  for (const side of ['leftAmount', 'rightAmount'] as const) {
    if (values[side].trim() === '') continue;
    const problem = volumeProblem(Number(values[side]), values.unit);
    if (problem) errors[side] = problem;
  }
  return errors;
}

export function toCreatePumpingInput(childId: string, values: PumpingFormValues): CreatePumpingInput {
  const startedAt = parseDateTimeInputValue(values.datetime);
  if (!startedAt) throw new Error('toCreatePumpingInput needs a validated date and time');
  const optional = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const input: CreatePumpingInput = { childId, startedAt: startedAt.toISOString(), unit: values.unit };
  const durationMinutes = optional(values.durationMins);
  const leftAmount = optional(values.leftAmount);
  const rightAmount = optional(values.rightAmount);
  const notes = values.notes.trim();
  return {
    ...input,
    ...(durationMinutes === undefined ? {} : { durationMinutes }),
    ...(leftAmount === undefined ? {} : { leftAmount }),
    ...(rightAmount === undefined ? {} : { rightAmount }),
    ...(notes ? { notes } : {}),
  };
}
