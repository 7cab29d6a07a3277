/** The unit a volume is entered or read in. */
export type VolumeUnit = 'mL' | 'oz';
export type GrowthUnits = 'metric' | 'imperial';

/** How a user reads and enters amounts: each member of a family chooses their own. */
export interface Units {
  volume: VolumeUnit;
  growth: GrowthUnits;
}

/** Until a user chooses, the app picks from the browser's locale; the API answers with null. */
export type ChosenUnits = Units | null;

/** The units a language tag's readers expect: ounces and pounds in en-US, millilitres and kilograms elsewhere. */
export function unitsOfLocale(language: string): Units {
  return language.toLowerCase() === 'en-us' ? { volume: 'oz', growth: 'imperial' } : { volume: 'mL', growth: 'metric' };
}

/**
 * A reader's units: those they chose, else those of their browser's language (the first tag of
 * `Accept-Language`, which the web app's own choice reads too), else null (amounts as entered).
 */
export function effectiveUnits(chosen: ChosenUnits, acceptLanguage: string | null | undefined): ChosenUnits {
  if (chosen) return chosen;
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  return first && first !== '*' ? unitsOfLocale(first) : null;
}
