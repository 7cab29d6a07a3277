import type { EntryResearch } from '../entries/entry-kind-definition';
import { toOunces } from '../units/volume';
import type { PumpingKind } from './pumping.kind';
import type { VolumeUnit } from './pumping.events';

/** A pumping session's research line: how long when timed, and what each side gave, in ounces. */
export interface PumpingResearch {
  durationMinutes: number | null;
  leftOz: number | null;
  rightOz: number | null;
}

/**
 * An amount in ounces to the nearest quarter ounce (the steps ounces are entered in). Millilitres
 * are entered in steps of 5: converted exactly, 60 mL would read 2.03 oz and tell which unit, and
 * so which country's habits, the parent has. On the quarter-ounce grid both read alike.
 */
export const researchOunces = (amount: number | null, unit: VolumeUnit): number | null => (amount === null ? null : Math.round(toOunces(amount, unit) * 4) / 4);

export const pumpingResearch: EntryResearch<PumpingKind> = {
  at: ({ startedAt }) => startedAt,
  fields: ({ durationMinutes, leftAmount, rightAmount, unit }) => ({ durationMinutes, leftOz: researchOunces(leftAmount, unit), rightOz: researchOunces(rightAmount, unit) }),
};
