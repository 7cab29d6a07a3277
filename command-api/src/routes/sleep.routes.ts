import type { z } from 'zod';
import { ENTRY_KINDS } from '@nightlight/domain/entries/entry-kinds';
import { decideSleep, type SleepCommand } from '@nightlight/domain/sleeps/sleep.decider';
import { evolveSleep, initialSleepState, type SleepState } from '@nightlight/domain/sleeps/sleep.events';
import { checkSleep } from '@nightlight/domain/sleeps/sleep-rules';
import { recordedSleepEnvironment } from '@nightlight/domain/sleeps/sleep-sack';
import { sleepBody } from '@nightlight/domain/sleeps/sleep-request';
import type { CommandDeps } from '../command-deps';
import type { EntryKindRoutes } from '../commands/entry-writes';
import { entryRoutes } from './entry-routes';

/** How the command side logs, corrects and deletes a sleep. */
export const sleepEntry: EntryKindRoutes<SleepCommand, SleepState> = {
  definition: ENTRY_KINDS.sleep,
  decider: { initialState: initialSleepState, evolve: evolveSleep, decide: decideSleep },
  body: sleepBody,
  check: ({ environment, ...body }: z.infer<typeof sleepBody>, now) =>
    checkSleep({ ...body, environment: environment ? { roomTemp: environment.roomTemp ?? null, whiteNoise: environment.whiteNoise, sleepSackTag: environment.sleepSackTag ?? null } : null }, now),
  // The tag is free text that can name people: sealed like the notes, its TOG rating kept apart for research.
  sealDetails: async ({ notes: _notes, environment = null, ...times }, seal) => ({
    ...times,
    environment: environment && recordedSleepEnvironment(environment, environment.sleepSackTag === null ? null : await seal(environment.sleepSackTag)),
  }),
};

/** POST /api/sleep, PUT and DELETE /api/sleep/:id. */
export const sleepRoutes = (deps: CommandDeps) => entryRoutes(deps, sleepEntry);
