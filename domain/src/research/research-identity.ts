import { addDays, type LocalDate } from '../time/zoned-time';

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
 * What ChildAnonymized keeps for research before the owner's key is destroyed: the shift and the
 * birth date on the shifted calendar, so ages stay exact without the real birth date surviving.
 */
export function researchFactsForAnonymization(
  digest: KeyedDigest,
  childId: string,
  birthDate: LocalDate,
): { researchDateShiftDays: number; researchBirthDate: LocalDate } {
  const shift = dateShiftDays(digest, childId);
  return { researchDateShiftDays: shift, researchBirthDate: addDays(birthDate, shift) };
}
