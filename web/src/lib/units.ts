import { toMillilitres } from '@nightlight/domain/units/volume';
import type { Units, VolumeUnit } from '../types/api.ts';

// The API's limits and messages per unit: 20 oz is 600 mL; steps of 0.25 oz or 5 mL.
export { VOLUME_LIMITS, volumeProblem } from '@nightlight/domain/units/volume';

/** Ounces where the browser's locale is en-US, millilitres everywhere else. */
export function localeVolumeUnit(language = typeof navigator === 'undefined' ? 'en-US' : navigator.language): VolumeUnit {
  return language === 'en-US' ? 'oz' : 'mL';
}

/** The browser's locale decides until the user chooses: ounces and pounds in en-US, millilitres and kilograms elsewhere. */
export function localeUnits(language?: string): Units {
  const volume = localeVolumeUnit(language);
  return { volume, growth: volume === 'oz' ? 'imperial' : 'metric' };
}

/** Ounces as a number in the reader's unit: one decimal of an ounce, or whole millilitres. */
export function volumeValue(oz: number, unit: VolumeUnit): number {
  return unit === 'oz' ? Math.round(oz * 10) / 10 : Math.round(toMillilitres(oz, 'oz'));
}

/** volumeValue with its unit; ounces always show their decimal ('4.0 oz'). */
export function formatVolume(oz: number, unit: VolumeUnit): string {
  return unit === 'oz' ? `${oz.toFixed(1)} oz` : `${volumeValue(oz, unit)} mL`;
}
