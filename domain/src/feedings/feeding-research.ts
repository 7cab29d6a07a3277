import { z } from 'zod';
import type { EntryResearch } from '../entries/entry-kind-definition';
import { quarterOunces } from '../research/research-amounts';
import { viewSchema } from '../shared/view-schema';
import type { FeedingKind } from './feeding.kind';
import type { BottleContent, FeedingMethod } from './feeding.events';

/** A feeding's own columns in research: how, what, how much in ounces, and the minutes on each breast. */
export interface FeedingResearch {
  method: FeedingMethod;
  type: BottleContent | null;
  amountOz: number | null;
  leftMinutes: number | null;
  rightMinutes: number | null;
}

export const feedingResearchColumns = viewSchema<FeedingResearch>()(
  z.strictObject({
    method: z.enum(['Bottle', 'Nursing']),
    type: z.enum(['Breast Milk', 'Formula']).nullable().describe('What the bottle held; null for nursing or when not said.'),
    amountOz: z.number().nullable().describe('Ounces, to the nearest quarter ounce whatever the unit it was entered in; null when not given.'),
    leftMinutes: z.number().int().nullable().describe("Minutes on the left breast of a nursing feeding timed side by side; null when not known."),
    rightMinutes: z.number().int().nullable().describe('Minutes on the right breast, as leftMinutes.'),
  }),
);

export const feedingResearch: EntryResearch<FeedingKind> = {
  columns: feedingResearchColumns,
  at: ({ startedAt }) => startedAt,
  endAt: ({ endedAt }) => endedAt,
  fields: ({ method, type, amountOz, sides }) => ({
    method,
    type,
    amountOz: quarterOunces(amountOz),
    leftMinutes: sides?.leftMinutes ?? null,
    rightMinutes: sides?.rightMinutes ?? null,
  }),
};
