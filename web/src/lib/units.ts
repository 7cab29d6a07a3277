import { unitsOfLocale } from '@nightlight/domain/units/units';
import { inSteps, toMillilitres, VOLUME_LIMITS, volumeProblem } from '@nightlight/domain/units/volume';
import type { Units, VolumeUnit } from '../types/api.ts';
import { formatFigure, t } from './i18n/i18n-store.ts';

// The API's limits and messages per unit: 20 oz is 600 mL; steps of 0.25 oz or 5 mL.
export { VOLUME_LIMITS, volumeProblem } from '@nightlight/domain/units/volume';

/**
 * The browser's locale decides until the user chooses: ounces and pounds in en-US, millilitres and
 * kilograms elsewhere. The server reads the same language from `Accept-Language`, so its lists and
 * reports agree with the cards.
 */
export function localeUnits(language = typeof navigator === 'undefined' ? 'en-US' : navigator.language): Units {
  return unitsOfLocale(language);
}

/** The domain's check of an amount (volumeProblem), said in the reader's language. */
export function volumeProblemText(value: number, unit: VolumeUnit): string | undefined {
  if (!volumeProblem(value, unit)) return undefined;
  const { max, step } = VOLUME_LIMITS[unit];
  if (!Number.isFinite(value) || value < 0 || value > max) return t('amount.range', { max: formatFigure(max), unit });
  return inSteps(value, unit) ? undefined : t('amount.steps', { step: formatFigure(step, unit === 'oz' ? 2 : 0), unit });
}

/** Ounces as a number in the reader's unit: one decimal of an ounce, or whole millilitres. */
export function volumeValue(oz: number, unit: VolumeUnit): number {
  return unit === 'oz' ? Math.round(oz * 10) / 10 : Math.round(toMillilitres(oz, 'oz'));
}

/** volumeValue with its unit, in the reader's figures; ounces always show their decimal ('4.0 oz', '4,0 oz'). */
export function formatVolume(oz: number, unit: VolumeUnit): string {
  return formatVolumeFigure(volumeValue(oz, unit), unit);
}

/** An amount already in `unit` ('12.5' oz, '370' mL), in the reader's figures: '12,5 oz'. */
export function formatVolumeFigure(value: number, unit: VolumeUnit): string {
  return `${formatFigure(value, unit === 'oz' ? 1 : 0)} ${unit}`;
}
