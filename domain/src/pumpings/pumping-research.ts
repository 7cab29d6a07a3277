import { z } from 'zod';
import type { EntryResearch } from '../entries/entry-kind-definition';
import { quarterOunces } from '../research/research-amounts';
import { viewSchema } from '../shared/view-schema';
import { toOunces } from '../units/volume';
import type { PumpingKind } from './pumping.kind';
import { pumpingEndedAt, type VolumeUnit } from './pumping.events';

/** A pumping session's own columns in research: what each side gave, in ounces. */
export interface PumpingResearch {
  leftOz: number | null;
  rightOz: number | null;
}

export const pumpingResearchColumns = viewSchema<PumpingResearch>()(
  z.strictObject({
    leftOz: z.number().nullable().describe('Ounces from the left side, to the nearest quarter ounce; null when not measured.'),
    rightOz: z.number().nullable().describe('Ounces from the right side, as leftOz.'),
  }),
);

/** An amount in ounces on the quarter-ounce grid (research-amounts.ts), so the unit it was entered in does not show. */
export const researchOunces = (amount: number | null, unit: VolumeUnit): number | null => quarterOunces(amount === null ? null : toOunces(amount, unit));

export const pumpingResearch: EntryResearch<PumpingKind> = {
  columns: pumpingResearchColumns,
  at: ({ startedAt }) => startedAt,
  // An untimed session has no length: it has no end either.
  endAt: ({ startedAt, durationMinutes }) => (durationMinutes === null ? null : pumpingEndedAt(startedAt, durationMinutes)),
  fields: ({ leftAmount, rightAmount, unit }) => ({ leftOz: researchOunces(leftAmount, unit), rightOz: researchOunces(rightAmount, unit) }),
};
