import type { EntryLineParts, EntryOrigin } from '../entries/entry-kind-definition';
import { DomainRuleError } from '../shared/domain-event';
import type { Units, VolumeUnit } from '../units/units';
import { volumeIn, volumeProblem } from '../units/volume';

// The rules, words and line of a pumping session, without zod: the web's dialog reads them too.

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

const MINUTE_MS = 60_000;

/** When a session ends: its start plus its minutes; an untimed one ends when it starts. */
export const pumpingEndedAt = (startedAt: string, durationMinutes: number | null): string =>
  new Date(Date.parse(startedAt) + (durationMinutes ?? 0) * MINUTE_MS).toISOString();

/** A session's minutes back from its start and end; null for an untimed one (it ends when it starts). */
export function pumpingMinutes(startedAt: string, endedAt: string): number | null {
  const minutes = Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / MINUTE_MS);
  return minutes > 0 ? minutes : null;
}

/** A pumping session's amounts, as entered. */
export interface PumpedAmounts {
  leftAmount: number | null;
  rightAmount: number | null;
  unit: VolumeUnit;
}

/** What each side gave, in `shown`: 'L 60 · R 50 mL', 'R 2.5 oz', '-'. */
function pumpedText(pumped: PumpedAmounts, shown: VolumeUnit): string {
  const side = (label: string, value: number | null) => (value === null ? null : `${label} ${volumeIn({ value, unit: pumped.unit }, shown)}`);
  const sides = [side('L', pumped.leftAmount), side('R', pumped.rightAmount)].filter((text) => text !== null);
  return sides.length === 0 ? '-' : `${sides.join(' · ')} ${shown}`;
}

/** A pumping session: not a feeding, so it has its own line; its amounts as entered. */
export const pumpingLine = (pumped: PumpedAmounts): EntryLineParts => ({ icon: '🥛', amount: pumpedText(pumped, pumped.unit) });

/** Milk pumped is measured in the reader's unit, as bottles are. */
export const pumpingAmountText = (pumped: PumpedAmounts, units: Units | null): string => pumpedText(pumped, units?.volume ?? pumped.unit);
