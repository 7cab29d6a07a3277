import type { EntryOrigin } from '../entries/entry-kind-definition';
import { DomainRuleError } from '../shared/domain-event';
import type { VolumeUnit } from './pumping.events';
import { volumeProblem } from '../units/volume';

export const MAX_PUMPING_MINUTES = 120;

export interface PumpingInput {
  startedAt: string;
  durationMinutes?: number | null;
  leftAmount?: number | null;
  rightAmount?: number | null;
  unit: VolumeUnit;
  notes?: string | null;
}

export interface CheckedPumping {
  startedAt: string;
  durationMinutes: number | null;
  leftAmount: number | null;
  rightAmount: number | null;
  unit: VolumeUnit;
  notes: string;
}

/** The Add Pumping dialog's rules, enforced again on the server. Nothing but the start is required; a file's amounts need not be on the steps. */
export function checkPumping(input: PumpingInput, now: Date, origin: EntryOrigin = 'dialog'): CheckedPumping {
  const started = new Date(input.startedAt);
  if (started.getTime() > now.getTime()) throw new DomainRuleError('Cannot select future date and time', 'startedAt');
  const duration = input.durationMinutes ?? null;
  if (duration !== null && (!Number.isInteger(duration) || duration < 1 || duration > MAX_PUMPING_MINUTES)) {
    throw new DomainRuleError(`Duration must be a whole number of minutes from 1 to ${MAX_PUMPING_MINUTES}`, 'durationMinutes');
  }
  for (const side of ['leftAmount', 'rightAmount'] as const) {
    const amount = input[side] ?? null;
    const problem = amount === null ? undefined : volumeProblem(amount, input.unit, origin === 'dialog');
    if (problem) throw new DomainRuleError(problem, side);
  }
  return {
    startedAt: started.toISOString(),
    durationMinutes: duration,
    leftAmount: input.leftAmount ?? null,
    rightAmount: input.rightAmount ?? null,
    unit: input.unit,
    notes: input.notes?.trim() ?? '',
  };
}
