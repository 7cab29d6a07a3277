import type { Units, VolumeUnit } from '../types/api.ts';

/** The API's limits per unit (domain pumpings/volume.ts): 20 oz is 600 mL; steps of 0.25 oz or 5 mL. */
export const VOLUME_LIMITS = {
  oz: { max: 20, step: 0.25 },
  mL: { max: 600, step: 5 },
} as const satisfies Record<VolumeUnit, { max: number; step: number }>;

/** Ounces where the browser's locale is en-US, millilitres everywhere else. */
export function localeVolumeUnit(language = typeof navigator === 'undefined' ? 'en-US' : navigator.language): VolumeUnit {
  return language === 'en-US' ? 'oz' : 'mL';
}

/** The message an amount earns in a unit, or undefined when it is fine. */
export function volumeProblem(value: number, unit: VolumeUnit): string | undefined {
  const { max, step } = VOLUME_LIMITS[unit];
  if (!Number.isFinite(value) || value < 0 || value > max) return `Amount must be between 0 and ${max} ${unit}`;
  const steps = value / step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return `Amount must be in steps of ${step} ${unit}`;
  return undefined;
}

/** Millilitres in a US fluid ounce. */
export const ML_PER_OZ = 29.5735;

/** The browser's locale decides until the user chooses: ounces and pounds in en-US, millilitres and kilograms elsewhere. */
export function localeUnits(language?: string): Units {
  const volume = localeVolumeUnit(language);
  return { volume, growth: volume === 'oz' ? 'imperial' : 'metric' };
}

/** Ounces in the reader's unit: one decimal of an ounce, or whole millilitres. */
export function formatVolume(oz: number, unit: VolumeUnit): string {
  return unit === 'oz' ? `${oz.toFixed(1)} oz` : `${Math.round(oz * ML_PER_OZ)} mL`;
}

/** Ounces as a number in the reader's unit, rounded as formatVolume rounds. */
export function volumeValue(oz: number, unit: VolumeUnit): number {
  return unit === 'oz' ? Math.round(oz * 10) / 10 : Math.round(oz * ML_PER_OZ);
}
