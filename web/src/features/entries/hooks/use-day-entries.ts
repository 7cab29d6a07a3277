import type { Diaper } from '../../../types/api.ts';
import { useDiapers } from '../api/get-diapers.ts';
import { useFeedings } from '../api/get-feedings.ts';
import { useSleeps } from '../api/get-sleeps.ts';
import { mergeTimeline } from '../lib/timeline.ts';

/** A diaper's line in the timeline carries its guidance, so the list can show it. */
const withGuidance = (diaper: Diaper) => ({ entry: { ...diaper.entry, guidance: diaper.guidance } });

export type DayEntriesParams = { childId: string; date: string; sleepLimit: number };

/** One day's feedings, sleeps and diaper changes, merged newest first, with the state of the three requests. */
export function useDayEntries({ childId, date, sleepLimit }: DayEntriesParams) {
  const feedings = useFeedings({ childId, date });
  const sleeps = useSleeps({ childId, date, limit: sleepLimit });
  const diapers = useDiapers({ childId, date });
  return {
    entries: feedings.data && sleeps.data && diapers.data ? mergeTimeline(feedings.data, sleeps.data, diapers.data.map(withGuidance)) : [],
    isPending: feedings.isPending || sleeps.isPending || diapers.isPending,
    error: feedings.error ?? sleeps.error ?? diapers.error,
  };
}
