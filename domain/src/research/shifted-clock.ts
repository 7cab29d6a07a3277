import { addDays, daysBetween, epochMs, localDateOf, localDateTimeOf, localTimeOf, startOfLocalDate, weekdayOf, zoneOffsetMinutes, type LocalDate } from '../time/zoned-time';
import type { ChildResearchFacts } from './child-research-facts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** When an entry happened, on the child's shifted clock (see *Time* in docs/research.md). */
export interface ShiftedTimes {
  /** 'YYYY-MM-DDTHH:MM' of its start; null for a measurement, which has a day and no time. */
  shiftedAt: string | null;
  /** 'YYYY-MM-DDTHH:MM' of its end; null when it has none. */
  shiftedEndAt: string | null;
  localDate: LocalDate;
  localTime: string | null;
  weekday: Weekday;
  /** Whole days from the research birth date to `localDate`. */
  ageDays: number | null;
  /** Minutes from 00:00 of the shifted birth date to the start: differences are exact elapsed minutes. */
  minute: number | null;
  endMinute: number | null;
  /** Minutes from start to end as they passed, whatever the clock did meanwhile. */
  durationMinutes: number | null;
  /** How far the child's clock was moved between 00:00 of `localDate` and the end (or start): +60 spring forward, -60 fall back, else 0. */
  clockChangeMinutes: number | null;
}

/**
 * The child's shifted clock: every instant moved by the child's date shift (whole weeks), then read
 * on the wall clock of the child's zone at that moved instant. Intervals stay exact; the clock
 * changes a line shows are the zone's own on the shifted dates, so none of them lines up with a
 * real daylight-saving date (which would give the shift away). Times are taken to the minute.
 */
export function shiftedClock(facts: Pick<ChildResearchFacts, 'dateShiftDays' | 'schedule' | 'researchBirthDate'>) {
  const zone = facts.schedule.timezone;
  const shiftMs = facts.dateShiftDays * DAY_MS;
  const birthMs = facts.researchBirthDate === null ? null : startOfLocalDate(facts.researchBirthDate, zone).getTime();
  const ageDays = (date: LocalDate) => (facts.researchBirthDate === null ? null : daysBetween(facts.researchBirthDate, date));
  const sinceBirth = (ms: number) => (birthMs === null ? null : Math.round((ms - birthMs) / MINUTE_MS));

  /** An instant moved by the shift, to the whole minute. */
  const shifted = (instant: string): number => Math.floor(epochMs(instant) / MINUTE_MS) * MINUTE_MS + shiftMs;

  function times(start: string, end: string | null): ShiftedTimes {
    const from = shifted(start);
    const to = end === null ? null : shifted(end);
    const localDate = localDateOf(from, zone);
    const clockAtStartOfDay = zoneOffsetMinutes(startOfLocalDate(localDate, zone), zone);
    return {
      shiftedAt: localDateTimeOf(from, zone),
      shiftedEndAt: to === null ? null : localDateTimeOf(to, zone),
      localDate,
      localTime: localTimeOf(from, zone),
      weekday: WEEKDAYS[weekdayOf(localDate)]!,
      ageDays: ageDays(localDate),
      minute: sinceBirth(from),
      endMinute: to === null ? null : sinceBirth(to),
      durationMinutes: to === null ? null : (to - from) / MINUTE_MS,
      clockChangeMinutes: zoneOffsetMinutes(to ?? from, zone) - clockAtStartOfDay,
    };
  }

  /** A day without a time (a measurement's), moved by the shift. */
  function day(date: LocalDate): ShiftedTimes {
    const localDate = addDays(date, facts.dateShiftDays);
    return {
      shiftedAt: null,
      shiftedEndAt: null,
      localDate,
      localTime: null,
      weekday: WEEKDAYS[weekdayOf(localDate)]!,
      ageDays: ageDays(localDate),
      minute: null,
      endMinute: null,
      durationMinutes: null,
      clockChangeMinutes: null,
    };
  }

  return { shifted, times, day };
}

/** The last shifted date an entry's line touches: its end's, else its start's. */
export const lastDateOf = (times: ShiftedTimes): LocalDate => times.shiftedEndAt?.slice(0, 10) ?? times.localDate;
