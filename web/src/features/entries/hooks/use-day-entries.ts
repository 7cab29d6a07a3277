import type { Diaper } from '../../../types/api.ts';
import { useDayList } from '../api/get-day-entries.ts';
import { mergeTimeline } from '../lib/timeline.ts';

/** A diaper's line in the timeline carries its guidance, so the list can show it. */
const withGuidance = (diaper: Diaper) => ({ entry: { ...diaper.entry, guidance: diaper.guidance } });

export type DayEntriesParams = { childId: string; date: string; sleepLimit: number };

/** One day's entries of every kind, merged newest first, with the state of their requests. */
export function useDayEntries({ childId, date, sleepLimit }: DayEntriesParams) {
  const feedings = useDayList('feedings', { childId, date });
  const sleeps = useDayList('sleeps', { childId, date, limit: sleepLimit });
  const diapers = useDayList('diapers', { childId, date });
  const pumpings = useDayList('pumpings', { childId, date });
  const lists = [feedings, sleeps, diapers, pumpings];
  return {
    entries: feedings.data && sleeps.data && diapers.data && pumpings.data ? mergeTimeline(feedings.data, sleeps.data, diapers.data.map(withGuidance), pumpings.data) : [],
    isPending: lists.some((list) => list.isPending),
    error: lists.find((list) => list.error)?.error ?? null,
  };
}
