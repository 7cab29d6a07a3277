import { addDays, type LocalDate } from '../time/zoned-time';

/**
 * How far a release stays behind the log, in days: the largest shift (26 weeks) and two days for
 * the time zones and the day in progress. Lines are released up to a shifted date this many days
 * before the newest recording in the log, whatever the child's shift: so the newest line of a child
 * still being logged is the same few days from that cutoff whatever its shift, and says nothing
 * about it. A cutoff on the real calendar would not do: the newest lines would sit at the export's
 * day moved by the shift, and give the shift away.
 */
export const RELEASE_LAG_DAYS = 26 * 7 + 2;

/** The first shifted date a release leaves out, for a log whose newest recording is `newestRecordedAt`. */
export function releaseCutoff(newestRecordedAt: string | null): LocalDate {
  // An empty log releases nothing: no shifted date lies before this one.
  if (newestRecordedAt === null) return '0000-01-01';
  return addDays(new Date(newestRecordedAt).toISOString().slice(0, 10), -RELEASE_LAG_DAYS);
}

/** Why a release is refused when it would hold fewer children than the configured minimum. */
export const releaseTooSmallMessage = (children: number, minimum: number): string =>
  `This release would hold ${children} ${children === 1 ? 'child' : 'children'}; research data leaves only in releases of at least ${minimum} (RESEARCH_MIN_CHILDREN)`;
