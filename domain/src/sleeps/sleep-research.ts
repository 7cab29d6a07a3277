import { z } from 'zod';
import type { EntryResearch } from '../entries/entry-kind-definition';
import { isNightSleep } from '../insights/sleep-classification';
import { viewSchema } from '../shared/view-schema';
import type { SleepKind } from './sleep.kind';

/** A sleep's own columns in research: night or nap by the child's night window, and where it slept. */
export interface SleepResearch {
  night: boolean;
  roomTempF: number | null;
  whiteNoise: boolean | null;
  /** The TOG rating read from the sleep-sack text when it was logged; the text is sealed and may name people. */
  sleepSackTog: number | null;
}

export const sleepResearchColumns = viewSchema<SleepResearch>()(
  z.strictObject({
    night: z.boolean().describe("Night sleep by the child's night window and the night rule (see the child's line), on the line's clock."),
    roomTempF: z.number().nullable().describe('Room temperature in °F; null when not given.'),
    whiteNoise: z.boolean().nullable().describe('White noise on; null when no sleep environment was given.'),
    sleepSackTog: z.number().nullable().describe("The sleep sack's TOG rating (2.5 for '2.5 TOG'); null when none."),
  }),
);

export const sleepResearch: EntryResearch<SleepKind> = {
  columns: sleepResearchColumns,
  at: ({ startedAt }) => startedAt,
  endAt: ({ endedAt }) => endedAt,
  fields: ({ startedAt, endedAt, environment }, { schedule, shifted }) => ({
    // On the shifted clock, as the line's own times: a night by the real clock could contradict them.
    night: isNightSleep({ startedAt: shifted(startedAt), endedAt: shifted(endedAt) }, schedule),
    roomTempF: environment?.roomTemp ?? null,
    whiteNoise: environment ? environment.whiteNoise : null,
    sleepSackTog: environment?.sleepSackTog ?? null,
  }),
};
