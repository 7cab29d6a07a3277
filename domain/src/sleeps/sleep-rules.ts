import type { EntryLineParts, EntryOrigin } from '../entries/entry-kind-definition';
import { DomainRuleError } from '../shared/domain-event';

/** The sleep environment as the parent enters and reads it. */
export interface SleepEnvironment {
  roomTemp: number | null;
  whiteNoise: boolean;
  sleepSackTag: string | null;
}

// A number before 'TOG': '2.5 TOG', '1,0 tog', 'Josephine knitted it, 2.5TOG'.
const TOG = /(\d+(?:[.,]\d+)?)\s*tog\b/i;

/** The TOG rating a sleep-sack text names, or null when it names none: kept apart for research, which never sees the text. */
export function sleepSackTogOf(tag: string | null): number | null {
  const tog = tag?.match(TOG)?.[1];
  return tog === undefined ? null : Number(tog.replace(',', '.'));
}

export const MAX_SLEEP_MINUTES = 1440;
export const MIN_ROOM_TEMP_F = 60;
export const MAX_ROOM_TEMP_F = 80;

export interface SleepInput {
  startedAt: string;
  endedAt: string;
  environment?: SleepEnvironment | null;
  notes?: string | null;
}

export interface CheckedSleep {
  startedAt: string;
  endedAt: string;
  environment: SleepEnvironment | null;
  notes: string;
}

/** The Add Sleep dialog's rules, enforced again on the server; notes default to 'Sleep session', except read from a file. */
export function checkSleep(input: SleepInput, now: Date, origin: EntryOrigin = 'dialog'): CheckedSleep {
  const started = new Date(input.startedAt);
  const ended = new Date(input.endedAt);
  if (started.getTime() > now.getTime()) throw new DomainRuleError('Cannot select future date and time', 'startedAt');
  const minutes = (ended.getTime() - started.getTime()) / 60_000;
  if (minutes < 1) throw new DomainRuleError('Duration must be at least 1 minute', 'endedAt');
  if (minutes > MAX_SLEEP_MINUTES) throw new DomainRuleError('Duration can be at most 1440 minutes', 'endedAt');
  const environment = input.environment ?? null;
  if (environment?.roomTemp != null) {
    const t = environment.roomTemp;
    if (!Number.isInteger(t) || t < MIN_ROOM_TEMP_F || t > MAX_ROOM_TEMP_F) {
      throw new DomainRuleError('Room temperature must be a whole number from 60 to 80 °F', 'environment.roomTemp');
    }
  }
  return {
    startedAt: started.toISOString(),
    endedAt: ended.toISOString(),
    environment: environment && {
      roomTemp: environment.roomTemp ?? null,
      whiteNoise: environment.whiteNoise,
      sleepSackTag: environment.sleepSackTag?.trim() ? environment.sleepSackTag.trim() : null,
    },
    notes: input.notes?.trim() || (origin === 'file' ? '' : 'Sleep session'),
  };
}

/** A sleep's line: its length says it all. */
export const sleepLine = (): EntryLineParts => ({ icon: '😴', amount: '-' });
