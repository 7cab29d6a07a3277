import { addDays } from '../time/zoned-time';
import type { ChildSchedule, FeedingInput, SleepInput } from './insight-inputs';

/**
 * A week of the same day, Monday 2026-06-01 to Sunday 2026-06-07, in New York (UTC-4 in June),
 * local times in the comments. Every night ends on the next date, so 2026-06-08 holds a tail.
 */
export const newYork: ChildSchedule = { timezone: 'America/New_York', nightWindowStart: '19:00', nightWindowEnd: '08:00' };

export const weekDates = ['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07'];

export const weekFeedings: FeedingInput[] = weekDates.flatMap((d) => [
  { id: `${d}-f1`, startedAt: `${d}T10:00:00Z`, amountOz: 4, method: 'Bottle' as const }, // 06:00
  { id: `${d}-f2`, startedAt: `${d}T13:00:00Z`, amountOz: 3.5, method: 'Bottle' as const }, // 09:00
  { id: `${d}-f3`, startedAt: `${d}T16:15:00Z`, endedAt: `${d}T16:35:00Z`, method: 'Nursing' as const }, // 12:15
  { id: `${d}-f4`, startedAt: `${d}T19:30:00Z`, amountOz: 1.5, method: 'Bottle' as const }, // 15:30
  { id: `${d}-f5`, startedAt: `${d}T22:45:00Z`, amountOz: 4.25, method: 'Bottle' as const }, // 18:45
]);

export const weekSleeps: SleepInput[] = weekDates.flatMap((d) => [
  { id: `${d}-n1`, startedAt: `${d}T13:45:00Z`, endedAt: `${d}T15:00:00Z` }, // 09:45-11:00, 75 min
  { id: `${d}-n2`, startedAt: `${d}T17:00:00Z`, endedAt: `${d}T18:30:00Z` }, // 13:00-14:30, 90 min
  { id: `${d}-n3`, startedAt: `${d}T20:00:00Z`, endedAt: `${d}T20:40:00Z` }, // 16:00-16:40, 40 min
  // The night, split by a waking: 19:30-02:10 (400 min), 02:40-06:30 (230 min).
  { id: `${d}-s1`, startedAt: `${d}T23:30:00Z`, endedAt: `${addDays(d, 1)}T06:10:00Z` },
  { id: `${d}-s2`, startedAt: `${addDays(d, 1)}T06:40:00Z`, endedAt: `${addDays(d, 1)}T10:30:00Z` },
]);
