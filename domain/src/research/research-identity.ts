import { addDays, daysBetween, type LocalDate } from '../time/zoned-time';

/**
 * A keyed digest given by the caller: HMAC-SHA256 with the research secret, as lower-case hex.
 * Everything research derives from an id goes through it, so the same secret always gives the same
 * pseudonyms and shifts, and nobody without the secret can link them back to the real ids.
 */
export type KeyedDigest = (message: string) => string;

const PSEUDONYM_HEX_CHARS = 16;
const MAX_SHIFT_WEEKS = 26;

export function childPseudonym(digest: KeyedDigest, childId: string): string {
  return `c_${digest(childId).slice(0, PSEUDONYM_HEX_CHARS)}`;
}

export function entryPseudonym(digest: KeyedDigest, entryId: string): string {
  return `e_${digest(entryId).slice(0, PSEUDONYM_HEX_CHARS)}`;
}

/**
 * The child's secret date shift: ±1 to ±26 whole weeks, never 0. Whole weeks keep each event's
 * weekday true (weekend patterns stay visible) while the calendar date moves by up to half a year.
 */
export function dateShiftDays(digest: KeyedDigest, childId: string): number {
  const draw = Number.parseInt(digest(`shift:${childId}`).slice(0, 8), 16) % (2 * MAX_SHIFT_WEEKS);
  const weeks = draw < MAX_SHIFT_WEEKS ? draw - MAX_SHIFT_WEEKS : draw - MAX_SHIFT_WEEKS + 1;
  return weeks * 7;
}

/**
 * The day research counts a child's age from once only the birth month is left (after the owner
 * deleted their account): a secret day of that month, drawn from the digest of `birthday:<childId>`.
 * A fixed day (the 1st, the 15th) would tell a researcher which shifted date is that day of a month,
 * and so the child's shift; a secret day does not single one out, at the cost of ages being right
 * only to within the month.
 */
export function researchBirthday(digest: KeyedDigest, childId: string, birthMonth: string): LocalDate {
  const [year, month] = birthMonth.split('-').map(Number) as [number, number];
  const first = `${birthMonth}-01`;
  const firstOfNext = month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${birthMonth.slice(0, 5)}${String(month + 1).padStart(2, '0')}-01`;
  const draw = Number.parseInt(digest(`birthday:${childId}`).slice(0, 8), 16);
  return addDays(first, draw % daysBetween(first, firstOfNext));
}
