import { volumeText } from '@nightlight/domain/units/volume';
import type { LastBottle, VolumeUnit } from '../../../types/api.ts';

/** '4 oz Formula', '120 mL': the bottle's amount in the reader's unit, then its type when it has one. */
export function bottleText(bottle: LastBottle, unit: VolumeUnit): string {
  const amount = volumeText(bottle.enteredAmount, unit);
  return bottle.type ? `${amount} ${bottle.type}` : amount;
}
