import type { EntryLineParts } from '../entries/entry-kind-definition';
import { DomainRuleError } from '../shared/domain-event';

// The rules, words and line of a solid-food meal, without zod: the web's dialog reads them too.

/** How much of what was offered the child ate: a taste, some, most or all of it. */
export type SolidAmount = 'taste' | 'some' | 'most' | 'all';
export const SOLID_AMOUNTS = ['taste', 'some', 'most', 'all'] as const satisfies readonly SolidAmount[];
const SOLID_AMOUNT_TEXTS = { taste: 'A taste', some: 'Some', most: 'Most', all: 'All' } as const satisfies Record<SolidAmount, string>;

export const MAX_FOOD_LENGTH = 60;

export interface SolidInput {
  occurredAt: string;
  food: string;
  amount: SolidAmount;
  reaction?: boolean | null;
  notes?: string | null;
}

export interface CheckedSolid {
  occurredAt: string;
  food: string;
  amount: SolidAmount;
  reaction: boolean;
  notes: string;
}

/** The Add Solids dialog's rules, enforced again on the server: a food named in 1 to 60 characters; no reaction unless said. */
export function checkSolid(input: SolidInput, now: Date): CheckedSolid {
  const occurred = new Date(input.occurredAt);
  if (occurred.getTime() > now.getTime()) throw new DomainRuleError('Cannot select future date and time', 'occurredAt');
  const food = input.food.trim();
  if (food === '') throw new DomainRuleError('Food is required', 'food');
  if (food.length > MAX_FOOD_LENGTH) throw new DomainRuleError(`Food must be ${MAX_FOOD_LENGTH} characters or less`, 'food');
  return { occurredAt: occurred.toISOString(), food, amount: input.amount, reaction: input.reaction ?? false, notes: input.notes?.trim() ?? '' };
}

/**
 * A meal's line as stored: how much was eaten, and a reaction when there was one ('Some · reaction').
 * The food is sealed, so the stored line never holds it; it is put in front when the line is read.
 */
export const solidLine = ({ amount, reaction }: { amount: SolidAmount; reaction: boolean }): EntryLineParts => ({
  icon: '🥣',
  amount: reaction ? `${SOLID_AMOUNT_TEXTS[amount]} · reaction` : SOLID_AMOUNT_TEXTS[amount],
});

/** The line's amount as its reader sees it, with the food opened: 'Banana · Some · reaction'. */
export const solidAmountText = (solid: { food: string; amount: SolidAmount; reaction: boolean }): string => {
  const { amount } = solidLine(solid);
  return solid.food ? `${solid.food} · ${amount}` : amount;
};
