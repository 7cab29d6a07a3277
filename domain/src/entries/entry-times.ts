import { z } from 'zod';
import type { EntryTimes } from './entry-kind-definition';

/**
 * How one kind's events (and its answers) say when an entry was: a diaper change records one
 * instant, a sleep its start and end, a pumping session its start and minutes. The timeline and the
 * services read every entry as a start and an end.
 */
export interface RecordedTimes<Recorded extends object> {
  /** The request field of the start, which a refusal of its time names. */
  startField: 'startedAt' | 'occurredAt';
  /** The fields of its events and answers, with their schemas. */
  shape: { [Field in keyof Recorded]: z.ZodType<Recorded[Field]> };
  of(recorded: Recorded): EntryTimes;
  record(times: EntryTimes): Recorded;
}

const instant = z.string().describe('ISO 8601 UTC');

/** An instant (a diaper change): it starts and ends when it happened, and is recorded once, as `occurredAt`. */
export const AT_AN_INSTANT: RecordedTimes<{ occurredAt: string }> = {
  startField: 'occurredAt',
  shape: { occurredAt: instant },
  of: ({ occurredAt }) => ({ startedAt: occurredAt, endedAt: occurredAt }),
  record: ({ startedAt }) => ({ occurredAt: startedAt }),
};

/** A session or a span recorded as it is read: its start and its end. */
export const FROM_START_TO_END: RecordedTimes<{ startedAt: string; endedAt: string }> = {
  startField: 'startedAt',
  shape: { startedAt: instant, endedAt: instant },
  of: ({ startedAt, endedAt }) => ({ startedAt, endedAt }),
  record: ({ startedAt, endedAt }) => ({ startedAt, endedAt }),
};
