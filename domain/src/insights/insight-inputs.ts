import { instantMs } from '../time/zoned-time';

/**
 * What the insights maths reads: a child's schedule and the feedings and sleeps around a date.
 * Instants are ISO UTC strings; local dates and times are read in `timezone`.
 */

export interface ChildSchedule {
  timezone: string;
  /** 'HH:MM': sleep starting at or after this local time is night sleep. */
  nightWindowStart: string;
  /** 'HH:MM': sleep ending before this local time is night sleep. */
  nightWindowEnd: string;
}

export type FeedingMethod = 'Bottle' | 'Nursing';

export interface FeedingInput {
  id: string;
  startedAt: string;
  endedAt?: string | null;
  amountOz?: number | null;
  method: FeedingMethod;
}

export interface DiaperInput {
  id: string;
  occurredAt: string;
  contents: 'wet' | 'dirty' | 'both' | 'dry';
}

export interface SleepInput {
  id: string;
  startedAt: string;
  endedAt: string;
}

export const MINUTE_MS = 60_000;

/** Whole minutes between two instants, rounded down, as every insight duration is. */
export function wholeMinutesBetween(from: string, to: string): number {
  return Math.floor((instantMs(to) - instantMs(from)) / MINUTE_MS);
}

/** Oldest first; the id breaks ties so a rebuild orders equal starts the same way. */
export function byStart<T extends { id: string; startedAt: string }>(a: T, b: T): number {
  return instantMs(a.startedAt) - instantMs(b.startedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
