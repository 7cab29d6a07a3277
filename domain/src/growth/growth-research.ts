import { z } from 'zod';
import { viewSchema } from '../shared/view-schema';
import type { GrowthDetails } from './growth.events';

/** A measurement's own columns in research: the measures at the child's age on the day, coarsened. */
export interface GrowthResearch {
  weightKg: number | null;
  lengthCm: number | null;
  headCm: number | null;
}

export const growthResearchColumns = viewSchema<GrowthResearch>()(
  z.strictObject({
    weightKg: z.number().nullable().describe('Kilograms, to the nearest 0.05; null when not measured.'),
    lengthCm: z.number().nullable().describe('Centimetres, to the nearest half; null when not measured.'),
    headCm: z.number().nullable().describe('Head circumference in centimetres, to the nearest half; null when not measured.'),
  }),
);

const toNearest = (value: number | null, step: number): number | null => (value === null ? null : Math.round(value / step) * step);

/**
 * Weight to the nearest 50 g, length and head to the nearest half centimetre. Birth announcements
 * publish a baby's sex, weight to the gram and length: with the exact age of every line, exact
 * measures would let whoever read one find the child's stream. Kept to the gram and the millimetre
 * they would also tell pounds and inches (3.402 kg is 7 lb 8 oz), and so the parent's country. A
 * step this size is within what a scale or a tape measures between two check-ups, and keeps
 * percentiles and growth curves as they are.
 */
export function growthResearch({ weightKg, lengthCm, headCm }: Pick<GrowthDetails, 'weightKg' | 'lengthCm' | 'headCm'>): GrowthResearch {
  return {
    weightKg: round(toNearest(weightKg, 0.05), 2),
    lengthCm: round(toNearest(lengthCm, 0.5), 1),
    headCm: round(toNearest(headCm, 0.5), 1),
  };
}

/** Drops the binary noise of the step (3.4000000000000004) from what is written out. */
const round = (value: number | null, digits: number): number | null => (value === null ? null : Number(value.toFixed(digits)));
