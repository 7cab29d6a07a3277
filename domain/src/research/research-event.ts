import type { Sex } from '../children/child.events';
import type { BottleContent, FeedingEvent, FeedingMethod } from '../feedings/feeding.events';
import { wholeMinutesBetween } from '../insights/insight-inputs';
import { isNightSleep } from '../insights/sleep-classification';
import type { RecordedSleepEnvironment, SleepEvent } from '../sleeps/sleep.events';
import { addDays, daysBetween, localDateOf, localTimeOf, weekdayOf, type LocalDate, type LocalTime } from '../time/zoned-time';
import type { ChildResearchFacts } from './child-research-facts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Fields every research event has. Dates are on the child's shifted calendar; times of day are true. */
export interface ResearchEventBase {
  /** The child's pseudonym: one research stream per child. */
  stream: string;
  /**
   * 1 for the child's first research event, then one more for each: its order within the child's
   * stream. Never the log position, which would line children up against each other in real time.
   */
  seq: number;
  /**
   * Shifted local wall-clock time, 'YYYY-MM-DDTHH:MM' without a UTC offset: offsets change on the
   * real daylight-saving dates, which would give the shift away.
   */
  shiftedAt: string;
  localDate: LocalDate;
  localTime: LocalTime;
  weekday: (typeof WEEKDAYS)[number];
  /** Whole days since birth on the local calendar; null when the birth date could not be recovered. */
  ageDays: number | null;
  sex: Sex;
}

export interface ResearchSleepEnvironment {
  roomTempF: number | null;
  whiteNoise: boolean;
  /** The TOG rating read from the sleep-sack text when it was logged; the text is sealed and may name people. */
  sleepSackTog: number | null;
}

export type ResearchEvent = ResearchEventBase &
  (
    | { kind: 'child-registered'; shiftedBirthDate: LocalDate | null }
    | { kind: 'child-anonymized' }
    | {
        kind: 'feeding-logged' | 'feeding-corrected';
        entry: string;
        method: FeedingMethod;
        type: BottleContent | null;
        amountOz: number | null;
        durationMinutes: number;
      }
    | { kind: 'sleep-logged' | 'sleep-corrected'; entry: string; durationMinutes: number; night: boolean; environment: ResearchSleepEnvironment | null }
    | { kind: 'feeding-deleted' | 'sleep-deleted'; entry: string }
  );

/**
 * Tells a researcher who holds earlier lines of a stream to drop them all: the parent removed the
 * child since, which deletes it with all its data. Nothing else about the child is said.
 */
export interface ResearchWithdrawal {
  stream: string;
  kind: 'child-withdrawn';
}

/** An event as read from the log; only these parts of it are ever looked at. */
export interface SourceEvent {
  type: string;
  data: unknown;
  recordedAt: string;
}

// A removed child is not here: its parent deleted it with all its data, so research drops it whole.
const CHILD_EVENT_KINDS: Readonly<Record<string, 'child-registered' | 'child-anonymized'>> = {
  ChildRegistered: 'child-registered',
  ChildAnonymized: 'child-anonymized',
};
const ENTRY_EVENT_TYPES: ReadonlySet<string> = new Set<(FeedingEvent | SleepEvent)['type']>([
  'FeedingLogged',
  'FeedingCorrected',
  'FeedingDeleted',
  'SleepLogged',
  'SleepCorrected',
  'SleepDeleted',
]);

/**
 * The child a research event would be about, or null for an event research drops unseen (accounts,
 * e-mail reservations, profile edits, removals, milestone alerts: alerts follow from age, which
 * every event has). Every event it names a child for becomes exactly one research event of that child.
 */
export function researchChildIdOf(event: { type: string; data: unknown }): string | null {
  if (!(event.type in CHILD_EVENT_KINDS) && !ENTRY_EVENT_TYPES.has(event.type)) return null;
  const childId = (event.data as { childId?: unknown }).childId;
  return typeof childId === 'string' ? childId : null;
}

/** The fields every kind shares, with `kind` third so a line reads stream, seq, kind first. */
function baseOf<Kind extends ResearchEvent['kind']>(kind: Kind, seq: number, instant: string, facts: ChildResearchFacts): ResearchEventBase & { kind: Kind } {
  const at = new Date(instant);
  const localDate = addDays(localDateOf(at, facts.schedule.timezone), facts.dateShiftDays);
  const localTime = localTimeOf(at, facts.schedule.timezone);
  return {
    stream: facts.pseudonym,
    seq,
    kind,
    shiftedAt: `${localDate}T${localTime}`,
    localDate,
    localTime,
    weekday: WEEKDAYS[weekdayOf(localDate)]!,
    ageDays: facts.researchBirthDate === null ? null : daysBetween(facts.researchBirthDate, localDate),
    sex: facts.sex,
  };
}

function researchEnvironmentOf(environment: RecordedSleepEnvironment | null): ResearchSleepEnvironment | null {
  if (!environment) return null;
  return { roomTempF: environment.roomTemp, whiteNoise: environment.whiteNoise, sleepSackTog: environment.sleepSackTog };
}

/**
 * Maps one event of a child's life, the `seq`-th of its research stream, to its research event, or
 * null when research drops it. Only what is listed in ResearchEvent leaves: never names, notes, ids,
 * owners, log positions or request metadata. Entry ids are replaced by `entryPseudonym`, which the
 * caller computes with the research secret.
 */
export function anonymiseEvent(event: SourceEvent, seq: number, facts: ChildResearchFacts, entryPseudonym: (entryId: string) => string): ResearchEvent | null {
  const childKind = CHILD_EVENT_KINDS[event.type];
  if (childKind === 'child-registered') {
    return { ...baseOf(childKind, seq, event.recordedAt, facts), shiftedBirthDate: facts.researchBirthDate };
  }
  if (childKind) return baseOf(childKind, seq, event.recordedAt, facts);

  const e = event as unknown as FeedingEvent | SleepEvent;
  switch (e.type) {
    case 'FeedingLogged':
    case 'FeedingCorrected':
      return {
        ...baseOf(e.type === 'FeedingLogged' ? 'feeding-logged' : 'feeding-corrected', seq, e.data.startedAt, facts),
        entry: entryPseudonym(e.data.feedingId),
        method: e.data.method,
        type: e.data.type,
        amountOz: e.data.amountOz,
        durationMinutes: wholeMinutesBetween(e.data.startedAt, e.data.endedAt),
      };
    case 'SleepLogged':
    case 'SleepCorrected':
      return {
        ...baseOf(e.type === 'SleepLogged' ? 'sleep-logged' : 'sleep-corrected', seq, e.data.startedAt, facts),
        entry: entryPseudonym(e.data.sleepId),
        durationMinutes: wholeMinutesBetween(e.data.startedAt, e.data.endedAt),
        night: isNightSleep({ startedAt: e.data.startedAt, endedAt: e.data.endedAt }, facts.schedule),
        environment: researchEnvironmentOf(e.data.environment),
      };
    case 'FeedingDeleted':
      return { ...baseOf('feeding-deleted', seq, event.recordedAt, facts), entry: entryPseudonym(e.data.feedingId) };
    case 'SleepDeleted':
      return { ...baseOf('sleep-deleted', seq, event.recordedAt, facts), entry: entryPseudonym(e.data.sleepId) };
    default:
      return null;
  }
}
