import type { Diaper } from '../../../types/api.ts';
import { useDayList } from '../api/get-day-entries.ts';
import { useOutboxItems } from '../../../hooks/use-outbox.ts';
import { mergeTimeline } from '../lib/timeline.ts';
import { withWaitingWrites } from '../lib/waiting-entries.ts';

/** A diaper's line in the timeline carries its guidance, so the list can show it. */
const withGuidance = (diaper: Diaper) => ({ entry: { ...diaper.entry, guidance: diaper.guidance } });

export type DayEntriesParams = { childId: string; date: string; sleepLimit: number };

/**
 * One day's entries of every kind, merged newest first, with the state of their requests, and the
 * writes for them still waiting in the outbox (marked).
 */
export function useDayEntries({ childId, date, sleepLimit }: DayEntriesParams) {
  const feedings = useDayList('feedings', { childId, date });
  const sleeps = useDayList('sleeps', { childId, date, limit: sleepLimit });
  const diapers = useDayList('diapers', { childId, date });
  const pumpings = useDayList('pumpings', { childId, date });
  const waiting = useOutboxItems(childId);
  const lists = [feedings, sleeps, diapers, pumpings];
  return {
    entries:
      feedings.data && sleeps.data && diapers.data && pumpings.data
        ? withWaitingWrites(mergeTimeline(feedings.data, sleeps.data, diapers.data.map(withGuidance), pumpings.data), waiting, date)
        : [],
    isPending: lists.some((list) => list.isPending),
    error: lists.find((list) => list.error)?.error ?? null,
  };
}
