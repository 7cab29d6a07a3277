import type { SealedText } from '../shared/domain-event';
import type { RecordedSleepEnvironment, SleepEnvironment } from './sleep.events';

// A number before 'TOG': '2.5 TOG', '1,0 tog', 'Josephine knitted it, 2.5TOG'.
const TOG = /(\d+(?:[.,]\d+)?)\s*tog\b/i;

/** The TOG rating a sleep-sack text names, or null when it names none. */
export function sleepSackTogOf(tag: string | null): number | null {
  const tog = tag?.match(TOG)?.[1];
  return tog === undefined ? null : Number(tog.replace(',', '.'));
}

/** The environment as the sleep's events record it, with the tag sealed by the caller. */
export function recordedSleepEnvironment(environment: SleepEnvironment, sealedTag: SealedText | null): RecordedSleepEnvironment {
  return {
    roomTemp: environment.roomTemp,
    whiteNoise: environment.whiteNoise,
    sleepSackTag: sealedTag,
    sleepSackTog: sleepSackTogOf(environment.sleepSackTag),
  };
}

/**
 * The tag as its owner reads it: opened with `open` (null once the owner's key is destroyed), else
 * the plain text of a sleep recorded before the tag was sealed, else null. Opens only a tag there is.
 */
export async function openSleepSackTag(
  environment: RecordedSleepEnvironment | null,
  open: (sealed: SealedText) => Promise<string | null>,
): Promise<string | null> {
  if (!environment) return null;
  const opened = environment.sleepSackTag === null ? null : await open(environment.sleepSackTag);
  return opened ?? environment.plainSleepSackTag ?? null;
}
