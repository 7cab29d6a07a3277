import { z } from 'zod';
import { defineEntryKind } from '../entries/define-entry-kind';
import { isoInstant } from '../entries/entry-fields';
import { FROM_START_TO_END } from '../entries/entry-times';
import { csvText, csvValue, fromCsvText } from '../exports/csv';
import { numberCell } from '../imports/csv-cells';
import { timedSleep } from '../insights/daily-insights';
import { isNightSleep } from '../insights/sleep-classification';
import { checkSleep, MAX_SLEEP_MINUTES, sleepLine, sleepSackTogOf, type SleepEnvironment } from './sleep-rules';

/**
 * Version 1 recorded the sleep-sack tag in plain text. Reading it, the TOG rating is taken from the
 * text as a new sleep records it, and the text moves to `plainSleepSackTag`, so the owner still sees
 * it; the stored event keeps its bytes.
 */
function sleepDetailsV1toV2(data: unknown): unknown {
  const { environment, ...rest } = data as { environment: SleepEnvironment | null };
  if (!environment) return data;
  const { sleepSackTag, ...kept } = environment;
  return {
    ...rest,
    environment: { ...kept, sleepSackTag: null, sleepSackTog: sleepSackTogOf(sleepSackTag), ...(sleepSackTag === null ? {} : { plainSleepSackTag: sleepSackTag }) },
  };
}

/** A nap or a night's sleep, from start to end; two sleeps of a child may not overlap. */
export const sleepKind = defineEntryKind({
  kind: 'sleep',
  notFound: 'Sleep session not found',
  anEntry: 'a sleep session',
  tag: 'Sleep',
  timing: 'session',
  longestMinutes: MAX_SLEEP_MINUTES,
  times: FROM_START_TO_END,
  details: z.strictObject({
    /**
     * The sleep-sack tag is free text that can name people ('the one Josephine knitted'), so it is
     * sealed like the notes; its TOG rating, read from the text when the sleep is logged, is kept
     * apart for research, which never sees the text.
     */
    environment: z
      .strictObject({
        roomTemp: z.number().nullable(),
        whiteNoise: z.boolean(),
        sleepSackTag: z.string().nullable(),
        sleepSackTog: z.number().nullable(),
        plainSleepSackTag: z.string().optional(),
      })
      // Only reading a version 1 event sets it: a new event never records the tag in plain text.
      .refine((environment) => environment.plainSleepSackTag === undefined, { message: 'is never recorded', path: ['plainSleepSackTag'] })
      .nullable(),
  }),
  sealed: ['environment.sleepSackTag'],
  plain: { 'environment.plainSleepSackTag': 'the tag of a sleep recorded before tags were sealed, read from its version 1 event and never recorded again' },
  history: { version: 2, upcasters: { 1: sleepDetailsV1toV2 } },
  // The plain text of a version 1 tag is not recorded again by a restore: no new event holds it.
  recordable({ environment }) {
    if (!environment) return { environment };
    const { plainSleepSackTag: _plain, ...recorded } = environment;
    return { environment: recorded };
  },
  request: {
    startedAt: z.string({ error: 'Date and time is required' }).min(1, 'Date and time is required').pipe(isoInstant('Date and time')),
    endedAt: z.string({ error: 'Duration is required' }).min(1, 'Duration is required').pipe(isoInstant('endedAt')),
    environment: z
      .object({
        roomTemp: z.number({ error: 'Room temperature must be a number' }).nullable().optional(),
        whiteNoise: z.boolean({ error: 'White noise must be true or false' }).default(false),
        sleepSackTag: z.string().max(40, 'Sleep sack must be 40 characters or less').nullable().optional(),
      })
      .nullable()
      .optional(),
  },
  check({ environment, ...body }, now, origin) {
    const plain = environment ? { roomTemp: environment.roomTemp ?? null, whiteNoise: environment.whiteNoise, sleepSackTag: environment.sleepSackTag ?? null } : null;
    const { startedAt, endedAt, notes, environment: checked } = checkSleep({ ...body, environment: plain }, now, origin);
    return { startedAt, endedAt, notes, details: { environment: checked && { ...checked, sleepSackTog: sleepSackTogOf(checked.sleepSackTag) } } };
  },
  line: sleepLine,
  // The tag as opened for the reader (or the plain text of a version 1 sleep): never the TOG rating kept for research.
  view: {
    shape: { environment: z.strictObject({ roomTemp: z.number().nullable(), whiteNoise: z.boolean(), sleepSackTag: z.string().nullable() }).nullable() },
    of: ({ environment }) => ({
      environment: environment && { roomTemp: environment.roomTemp, whiteNoise: environment.whiteNoise, sleepSackTag: environment.sleepSackTag || environment.plainSleepSackTag || null },
    }),
  },
  daily: ({ id, startedAt, endedAt }) => ({ sleep: timedSleep({ id, startedAt, endedAt }) }),
  parts: { environment: 'environment' },
  // Its environment, the sleep-sack text as opened for the reader.
  csv: {
    columns: ['room_temp_f', 'white_noise', 'sleep_sack'],
    cells: ({ environment }): Record<string, string> =>
      environment ? { room_temp_f: csvValue(environment.roomTemp), white_noise: environment.whiteNoise ? 'yes' : 'no', sleep_sack: csvText(environment.sleepSackTag ?? '') } : {},
    body(cells) {
      const roomTemp = numberCell(cells, 'room_temp_f');
      const hasEnvironment = roomTemp !== null || cells['white_noise'] || cells['sleep_sack'];
      const environment = hasEnvironment ? { roomTemp, whiteNoise: cells['white_noise'] === 'yes', sleepSackTag: fromCsvText(cells['sleep_sack'] ?? '') || null } : null;
      return { startedAt: cells['started_utc'], endedAt: cells['ended_utc'], environment };
    },
  },
  research: {
    columns: z.strictObject({
      night: z.boolean().describe("Night sleep by the child's night window and the night rule (see the child's line), on the line's clock."),
      roomTempF: z.number().nullable().describe('Room temperature in °F; null when not given.'),
      whiteNoise: z.boolean().nullable().describe('White noise on; null when no sleep environment was given.'),
      sleepSackTog: z.number().nullable().describe("The sleep sack's TOG rating (2.5 for '2.5 TOG'); null when none."),
    }),
    fields: ({ environment }, { startedAt, endedAt, schedule, shifted }) => ({
      // On the shifted clock, as the line's own times: a night by the real clock could contradict them.
      night: isNightSleep({ startedAt: shifted(startedAt), endedAt: shifted(endedAt) }, schedule),
      roomTempF: environment?.roomTemp ?? null,
      whiteNoise: environment ? environment.whiteNoise : null,
      sleepSackTog: environment?.sleepSackTog ?? null,
    }),
  },
});
