import type { EntryResearch } from '../entries/entry-kind-definition';
import { wholeMinutesBetween } from '../insights/insight-inputs';
import { isNightSleep } from '../insights/sleep-classification';
import type { SleepKind } from './sleep.kind';

export interface ResearchSleepEnvironment {
  roomTempF: number | null;
  whiteNoise: boolean;
  /** The TOG rating read from the sleep-sack text when it was logged; the text is sealed and may name people. */
  sleepSackTog: number | null;
}

/** A sleep's research line: how long, night or nap by the child's night window, and its environment. */
export interface SleepResearch {
  durationMinutes: number;
  night: boolean;
  environment: ResearchSleepEnvironment | null;
}

export const sleepResearch: EntryResearch<SleepKind> = {
  at: ({ startedAt }) => startedAt,
  fields: ({ startedAt, endedAt, environment }, { schedule }) => ({
    durationMinutes: wholeMinutesBetween(startedAt, endedAt),
    night: isNightSleep({ startedAt, endedAt }, schedule),
    environment: environment && { roomTempF: environment.roomTemp, whiteNoise: environment.whiteNoise, sleepSackTog: environment.sleepSackTog },
  }),
};
