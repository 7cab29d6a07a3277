import { useFeedings } from '../api/get-feedings.ts';
import { useSleeps } from '../api/get-sleeps.ts';
import { mergeTimeline } from '../lib/timeline.ts';

export type DayEntriesParams = { childId: string; date: string; sleepLimit: number };

/** One day's feedings and sleeps, merged newest first, with the state of both requests. */
export function useDayEntries({ childId, date, sleepLimit }: DayEntriesParams) {
  const feedings = useFeedings({ childId, date });
  const sleeps = useSleeps({ childId, date, limit: sleepLimit });
  return {
    entries: feedings.data && sleeps.data ? mergeTimeline(feedings.data, sleeps.data) : [],
    isPending: feedings.isPending || sleeps.isPending,
    error: feedings.error ?? sleeps.error,
  };
}
