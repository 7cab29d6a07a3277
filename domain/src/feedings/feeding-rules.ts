import { DomainRuleError } from '../shared/domain-event';
import type { BottleContent, FeedingMethod } from './feeding.events';

export const MAX_FEEDING_OZ = 20;
export const FEEDING_OZ_STEP = 0.25;
export const MAX_FEEDING_MINUTES = 120;
export const DEFAULT_FEEDING_MINUTES = 15;

export interface FeedingInput {
  startedAt: string;
  endedAt?: string | null;
  amountOz?: number | null;
  method: FeedingMethod;
  type?: BottleContent | null;
  notes?: string | null;
}

export interface CheckedFeeding {
  startedAt: string;
  endedAt: string;
  amountOz: number | null;
  method: FeedingMethod;
  type: BottleContent | null;
  notes: string;
}

/**
 * The Add Feeding dialog's rules, enforced again on the server, and its defaults: no end means the
 * default 15 minutes; notes default to '{method} feeding'.
 */
export function checkFeeding(input: FeedingInput, now: Date): CheckedFeeding {
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
  const amount = input.amountOz ?? null;
  if (isBottle && amount === null) throw new DomainRuleError('Amount is required for bottle feeding', 'amountOz');
  if (amount !== null) {
    if (amount < 0 || amount > MAX_FEEDING_OZ) throw new DomainRuleError('Amount must be between 0 and 20 oz', 'amountOz');
    if (!Number.isInteger(amount / FEEDING_OZ_STEP)) throw new DomainRuleError('Amount must be in steps of 0.25 oz', 'amountOz');
  }
  const notes = input.notes?.trim() ? input.notes.trim() : `${input.method} feeding`;
  return {
    startedAt: started.toISOString(),
    endedAt: ended.toISOString(),
    amountOz: amount,
    method: input.method,
    type: isBottle ? (input.type ?? null) : null,
    notes,
  };
}
