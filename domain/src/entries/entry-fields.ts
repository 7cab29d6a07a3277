import { z } from 'zod';

/**
 * Request fields shared by feedings and sleeps. A childId that is not even an id names no child:
 * the route answers 404 'Child not found' for it, as for an unknown id in a path or a query.
 */
export const childIdField = z.string({ error: 'childId is required' }).min(1, 'childId is required');

/** RFC 3339 date-time: seconds required, a fraction optional, then Z or a numeric offset. */
const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|([+-])(\d{2}):(\d{2}))$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Whether the parts name a moment that exists: Date.parse would roll 30 February over to 2 March. */
function isRealDateTime(match: RegExpExecArray): boolean {
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  const dateExists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const offsetFits = match[9] === undefined || (Number(match[10]) <= 23 && Number(match[11]) <= 59);
  return dateExists && hour <= 23 && minute <= 59 && second <= 59 && offsetFits;
}

/**
 * An instant as RFC 3339 with Z or an offset, such as the web app's toISOString(). A time without
 * a zone would be read in the server's zone, which is nobody's; an impossible date is refused, not
 * rolled over to another day.
 */
export const isoInstant = (name: string) =>
  z.string({ error: `${name} is required` }).superRefine((value, context) => {
    const match = RFC_3339.exec(value);
    if (match && isRealDateTime(match)) return;
    const message = match
      ? `${name} is not a real date and time`
      : LOCAL_DATE_TIME.test(value)
        ? `${name} must end with Z or a UTC offset, such as 2026-03-01T08:30:00-05:00`
        : `${name} must be a date and time such as 2026-03-01T08:30:00Z`;
    context.addIssue({ code: 'custom', message });
  });

export const notesField = z.string().max(1000, 'Notes must be 1000 characters or less').nullable().optional();
