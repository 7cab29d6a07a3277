import { localDateTimeOf } from '@nightlight/domain/time/zoned-time';

/**
 * Zones the browser tests may live in, the first preferred. The tests log entries "today" and
 * count what the dashboard shows for today, so a run that starts just before or after midnight in
 * the zone would see its entries fall on two days, or have no room today for entries that must
 * not overlap. Among these three, one is always at least two hours from midnight.
 */
const CANDIDATES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo'];
/** Local hours a run may start in: the browser suite takes minutes, so it ends the same day. */
const EARLIEST_HOUR = 2;
const LATEST_HOUR = 20;

export function zoneAwayFromMidnight(now: Date): string {
  const away = CANDIDATES.find((zone) => {
    const hour = Number(localDateTimeOf(now, zone).slice(11, 13));
    return hour >= EARLIEST_HOUR && hour < LATEST_HOUR;
  });
  return away ?? CANDIDATES[0]!;
}

/** The zone of every browser context (see chromium.ts) and of every child the tests make, chosen once per file. */
export const ZONE = zoneAwayFromMidnight(new Date());
