import type { EntryLineParts, EntryOrigin } from '../entries/entry-kind-definition';
import { DomainRuleError } from '../shared/domain-event';
import type { Units } from '../units/units';
import { toOunces, volumeProblem, volumeText, type EnteredAmount } from '../units/volume';

// The rules, words and line of a feeding, without zod: the web's dialog reads them too.

export type FeedingMethod = 'Bottle' | 'Nursing';
export type BottleContent = 'Breast Milk' | 'Formula';
export const FEEDING_METHODS = ['Bottle', 'Nursing'] as const satisfies readonly FeedingMethod[];
export const BOTTLE_CONTENTS = ['Breast Milk', 'Formula'] as const satisfies readonly BottleContent[];

/** The whole minutes a nursing feeding spent on each breast, adding up to its duration (from a timer). */
export interface NursingSides {
  leftMinutes: number;
  rightMinutes: number;
}

export const MAX_FEEDING_MINUTES = 120;
export const DEFAULT_FEEDING_MINUTES = 15;

export interface FeedingInput {
  startedAt: string;
  endedAt?: string | null;
  amountOz?: number | null;
  /** The same amount in millilitres, for a parent who measures so; at most one of the two. */
  amountMl?: number | null;
  method: FeedingMethod;
  type?: BottleContent | null;
  /** Minutes on each breast, for nursing: a timer records them, a correction may keep them. */
  sides?: NursingSides | null;
  notes?: string | null;
}

export interface CheckedFeeding {
  startedAt: string;
  endedAt: string;
  amountOz: number | null;
  enteredAmount: EnteredAmount | null;
  method: FeedingMethod;
  type: BottleContent | null;
  sides: NursingSides | null;
  notes: string;
}

/** Ounces to three decimals: a millilitre amount converts to a long fraction that no one reads. */
const roundOunces = (oz: number): number => Math.round(oz * 1000) / 1000;

/** The amount as entered, in ounces or millilitres, checked against that unit's limits and steps. */
function enteredAmountOf(input: FeedingInput, origin: EntryOrigin): EnteredAmount | null {
  const oz = input.amountOz ?? null;
  const ml = input.amountMl ?? null;
  if (oz !== null && ml !== null) throw new DomainRuleError('Send amountOz or amountMl, not both', 'amountMl');
  const entered: EnteredAmount | null = oz !== null ? { value: oz, unit: 'oz' } : ml !== null ? { value: ml, unit: 'mL' } : null;
  if (entered === null) return null;
  const problem = volumeProblem(entered.value, entered.unit, origin === 'dialog');
  if (problem) throw new DomainRuleError(problem, entered.unit === 'oz' ? 'amountOz' : 'amountMl');
  return entered;
}

/**
 * The Add Feeding dialog's rules, enforced again on the server, and its defaults: no end means the
 * default 15 minutes; notes default to '{method} feeding'. A feeding read from a file keeps its
 * amount and its notes as the file has them.
 */
export function checkFeeding(input: FeedingInput, now: Date, origin: EntryOrigin = 'dialog'): CheckedFeeding {
  const started = new Date(input.startedAt);
  if (started.getTime() > now.getTime()) throw new DomainRuleError('Cannot select future date and time', 'startedAt');
  const ended = input.endedAt ? new Date(input.endedAt) : new Date(started.getTime() + DEFAULT_FEEDING_MINUTES * 60_000);
  const minutes = (ended.getTime() - started.getTime()) / 60_000;
  if (minutes <= 0) throw new DomainRuleError('End time must be after the start time', 'endedAt');
  // Durations are whole minutes: under one, the feeding would show as lasting 0m.
  if (minutes < 1) throw new DomainRuleError('A feeding must last at least 1 minute', 'endedAt');
  if (minutes > MAX_FEEDING_MINUTES) throw new DomainRuleError('A feeding can last at most 120 minutes', 'endedAt');

  const isBottle = input.method === 'Bottle';
  if (!isBottle && input.type) throw new DomainRuleError('Feeding type applies to bottle feeding only', 'type');
  const entered = enteredAmountOf(input, origin);
  if (isBottle && entered === null) throw new DomainRuleError('Amount is required for bottle feeding', 'amountOz');
  const sides = input.sides ?? null;
  if (sides && isBottle) throw new DomainRuleError('Sides apply to nursing only', 'sides');
  // The timeline floors a duration to whole minutes; the sides add up to what it shows.
  const wholeMinutes = Math.floor(minutes);
  if (sides && sides.leftMinutes + sides.rightMinutes !== wholeMinutes) {
    throw new DomainRuleError(`Left and right minutes must add up to the feeding's ${wholeMinutes} minutes`, 'sides');
  }
  const notes = input.notes?.trim() || (origin === 'file' ? '' : `${input.method} feeding`);
  return {
    startedAt: started.toISOString(),
    endedAt: ended.toISOString(),
    amountOz: entered === null ? null : roundOunces(toOunces(entered.value, entered.unit)),
    enteredAmount: entered,
    method: input.method,
    type: isBottle ? (input.type ?? null) : null,
    sides,
    notes,
  };
}

/**
 * Amount texts met so far, shared instead of made anew: the read models keep every entry in
 * memory, and a rebuild makes a million of them.
 */
const AMOUNT_TEXTS = new Map<number, string>();
const MAX_AMOUNT_TEXTS = 1000;

function ouncesText(amountOz: number): string {
  const known = AMOUNT_TEXTS.get(amountOz);
  if (known !== undefined) return known;
  const text = `${amountOz} oz`;
  if (AMOUNT_TEXTS.size < MAX_AMOUNT_TEXTS) AMOUNT_TEXTS.set(amountOz, text);
  return text;
}

/** A feeding's line: a bottle or nursing, and its amount in ounces ('-' for none). */
export const feedingLine = ({ method, amountOz }: { method: FeedingMethod; amountOz: number | null }): EntryLineParts => ({
  icon: method === 'Nursing' ? '🤱' : '🍼',
  amount: amountOz === null ? '-' : ouncesText(amountOz),
});

/** A bottle's amount in the reader's unit; nursing has none, and the minutes on each breast stand in its place. */
export function feedingAmountText({ enteredAmount, sides }: { enteredAmount: EnteredAmount | null; sides: NursingSides | null }, units: Units | null): string | null {
  if (enteredAmount) return volumeText(enteredAmount, units?.volume ?? enteredAmount.unit);
  return sides ? `L ${sides.leftMinutes}m · R ${sides.rightMinutes}m` : null;
}
