/**
 * Research gives amounts in ounces on a grid of quarter ounces, whatever unit they were entered in.
 * Ounces are entered in quarter ounces, so they are on it already; millilitres are entered in steps
 * of 5 mL (0.17 oz), finer than the grid, so every step of the grid is reached from millilitres as
 * well, and an amount on it does not tell which unit it came from (90 mL and 3 oz both leave as 3).
 * Converted exactly, 90 mL would read 3.043 oz and give the unit, and likely the country, away. The
 * error is at most an eighth of an ounce (3.7 mL).
 */
export const RESEARCH_OUNCE_STEP = 0.25;

export const quarterOunces = (ounces: number | null): number | null => (ounces === null ? null : Math.round(ounces / RESEARCH_OUNCE_STEP) * RESEARCH_OUNCE_STEP);
