import type { VolumeUnit } from './units';

/** US customary fluid ounce, as bottles and pumps mark it. */
export const ML_PER_OZ = 29.5735;

/** The largest amount one bottle or one side holds, and the steps amounts are entered in, per unit: 20 oz is 600 mL. */
export const VOLUME_LIMITS = {
  oz: { max: 20, step: 0.25 },
  mL: { max: 600, step: 5 },
} as const satisfies Record<VolumeUnit, { max: number; step: number }>;

export const toOunces = (amount: number, unit: VolumeUnit): number => (unit === 'oz' ? amount : amount / ML_PER_OZ);
export const toMillilitres = (amount: number, unit: VolumeUnit): number => (unit === 'mL' ? amount : amount * ML_PER_OZ);

/**
 * The message an amount earns in its unit ('Amount must be between 0 and 600 mL'), or undefined when
 * it is fine. `steps`: whether it must be on the dialog's steps; an amount read from a file need not.
 */
export function volumeProblem(value: number, unit: VolumeUnit, steps = true): string | undefined {
  const { max, step } = VOLUME_LIMITS[unit];
  if (!Number.isFinite(value) || value < 0 || value > max) return `Amount must be between 0 and ${max} ${unit}`;
  if (steps && !inSteps(value, unit)) return `Amount must be in steps of ${step} ${unit}`;
  return undefined;
}

/** Whether an amount is a whole number of the unit's steps (0.25 oz, 5 mL), allowing for binary fractions. */
export function inSteps(amount: number, unit: VolumeUnit): boolean {
  const steps = amount / VOLUME_LIMITS[unit].step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** An amount as it was entered: the value in its unit. Events keep it so, beside the canonical ounces. */
export interface EnteredAmount {
  value: number;
  unit: VolumeUnit;
}

/**
 * An amount in the reader's unit: as entered when the units agree (4.25 oz, 120 mL), else
 * converted, to one decimal of an ounce or a whole millilitre (4.1 oz, 118 mL).
 */
export function volumeIn(amount: EnteredAmount, unit: VolumeUnit): number {
  if (amount.unit === unit) return amount.value;
  return unit === 'oz' ? Math.round(toOunces(amount.value, amount.unit) * 10) / 10 : Math.round(toMillilitres(amount.value, amount.unit));
}

/** '4.25 oz', '118 mL': volumeIn with its unit. */
export const volumeText = (amount: EnteredAmount, unit: VolumeUnit): string => `${volumeIn(amount, unit)} ${unit}`;
