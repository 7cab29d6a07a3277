import { volumeText } from '@nightlight/domain/units/volume';
import type { LastBottle, VolumeUnit } from '../../../types/api.ts';
import { bottleContentsText } from '../../../lib/i18n/api-texts.ts';
import { withLocalDecimals } from '../../../lib/i18n/i18n-store.ts';

/** '4 oz Formula', '120 mL': the bottle's amount in the reader's unit, then its type when it has one. */
export function bottleText(bottle: LastBottle, unit: VolumeUnit): string {
  const amount = withLocalDecimals(volumeText(bottle.enteredAmount, unit));
  return bottle.type ? `${amount} ${bottleContentsText(bottle.type)}` : amount;
}
