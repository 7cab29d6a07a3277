import type { BottleContent } from '../feedings/feeding-rules';
import type { EnteredAmount } from '../units/volume';
import type { NextNapEstimate } from './wake-windows';

/**
 * GET /api/children/{id}/glance: the dashboard's top line. Instants, not elapsed times, so the app
 * counts the minutes on the phone's clock between reads.
 */
export interface GlanceView {
  /** The end of the latest feeding, or null before the first. */
  lastFeedingEndedAt: string | null;
  /** The end of the latest sleep, or null before the first. */
  lastWokeAt: string | null;
  /** The start of the running sleep timer, if one runs: the baby is asleep. */
  asleepSince: string | null;
  /** What 'Same as last' logs again: the latest bottle's amount as entered, and its type. */
  lastBottle: { amountOz: number; enteredAmount: EnteredAmount; type: BottleContent | null } | null;
  /** When the next nap is likely due, or null (see wake-windows.ts for when there is none). */
  nextNap: NextNapEstimate | null;
}
