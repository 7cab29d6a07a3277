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
