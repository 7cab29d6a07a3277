import type { EntryOrigin } from '../entries/entry-kind-definition';
import { DomainRuleError } from '../shared/domain-event';
import type { SleepEnvironment } from './sleep.events';

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
