import { z } from 'zod';
import { defineEntryKind } from '../entries/define-entry-kind';
import { isoInstant } from '../entries/entry-fields';
import { AT_AN_INSTANT } from '../entries/entry-times';
import { checkSolid, MAX_FOOD_LENGTH, SOLID_AMOUNTS, solidAmountText, solidLine } from './solid-rules';

/** A meal of solid food: an instant, the food (free text, sealed), how much was eaten, and whether the child reacted to it. */
export const solidKind = defineEntryKind({
  kind: 'solid',
  notFound: 'Solid food not found',
  anEntry: 'a solid food',
  tag: 'Solid foods',
  timing: 'instant',
  times: AT_AN_INSTANT,
  details: z.strictObject({ food: z.string(), amount: z.enum(SOLID_AMOUNTS), reaction: z.boolean() }),
  sealed: ['food'],
  request: {
    occurredAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
    food: z.string({ error: 'Food is required' }).max(MAX_FOOD_LENGTH * 4, `Food must be ${MAX_FOOD_LENGTH} characters or less`),
    amount: z.enum(SOLID_AMOUNTS, { error: 'Amount must be taste, some, most or all' }),
    reaction: z.boolean({ error: 'Reaction must be true or false' }).nullable().optional(),
  },
  check(body, now) {
    const { occurredAt, notes, ...details } = checkSolid(body, now);
    return { startedAt: occurredAt, endedAt: occurredAt, notes, details };
  },
  line: solidLine,
  amountText: solidAmountText,
  parts: { amount: 'amount', reaction: 'reaction' },
  report: { food: ({ food, reaction }) => ({ food, reaction }) },
  research: {
    columns: z.strictObject({
      solidAmount: z.enum(SOLID_AMOUNTS).describe('How much of a solid food the child ate: taste, some, most or all. The food itself never leaves.'),
      solidReaction: z.boolean().describe('Whether the parent marked a reaction to the food.'),
    }),
    fields: ({ amount, reaction }) => ({ solidAmount: amount, solidReaction: reaction }),
  },
});
