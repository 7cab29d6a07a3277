import type { EntryLineParts } from '../entries/entry-kind-definition';
import { DomainRuleError } from '../shared/domain-event';
import { daysBetween, localDateOf, type LocalDate } from '../time/zoned-time';

// The rules, words and line of a diaper change, without zod: the web's dialog reads them too.

/** What a diaper held. A dry one is logged too: a run of dry diapers is what a pediatrician asks about. */
export type DiaperContents = 'wet' | 'dirty' | 'both' | 'dry';
/** Stool colours a parent can pick; only a dirty diaper (dirty or both) has one. */
export type StoolColor = 'yellow' | 'green' | 'brown' | 'black' | 'red' | 'white';
export const DIAPER_CONTENTS = ['wet', 'dirty', 'both', 'dry'] as const satisfies readonly DiaperContents[];
export const STOOL_COLORS = ['yellow', 'green', 'brown', 'black', 'red', 'white'] as const satisfies readonly StoolColor[];

export interface DiaperInput {
  occurredAt: string;
  contents: DiaperContents;
  color?: StoolColor | null;
  notes?: string | null;
}

export interface CheckedDiaper {
  occurredAt: string;
  contents: DiaperContents;
  color: StoolColor | null;
  notes: string;
}

export const hasStool = (contents: DiaperContents): boolean => contents === 'dirty' || contents === 'both';
export const isWet = (contents: DiaperContents): boolean => contents === 'wet' || contents === 'both';

/** The Add Diaper dialog's rules, enforced again on the server. A diaper has no default notes. */
export function checkDiaper(input: DiaperInput, now: Date): CheckedDiaper {
  const occurred = new Date(input.occurredAt);
  if (occurred.getTime() > now.getTime()) throw new DomainRuleError('Cannot select future date and time', 'occurredAt');
  const color = input.color ?? null;
  if (color !== null && !hasStool(input.contents)) throw new DomainRuleError('Color applies to dirty diapers only', 'color');
  return { occurredAt: occurred.toISOString(), contents: input.contents, color, notes: input.notes?.trim() ?? '' };
}

export interface DiaperGuidance {
  message: 'Talk to your pediatrician';
  reason: string;
  source: { title: string; url: string };
}

const STOOL_COLOR_SOURCE = { title: 'Johns Hopkins Children’s Center, “Stool Color Library”', url: 'https://hopkinschildrens.org/stool-color-library/' };

/**
 * Black stool (meconium) is expected in the first days of life: counting the birth day as day 1, it
 * is flagged from day 5 on, so a child whose age in whole days is 4 or more. Red and white are
 * flagged at any age.
 */
export const BLACK_STOOL_FLAGGED_FROM_AGE_DAYS = 4;

const REASONS: Partial<Record<StoolColor, string>> = {
  black: 'Black stool after the first days of life can be digested blood.',
  red: 'Red in the stool can be blood.',
  white: 'White, pale or chalky stool can be a sign of a liver problem.',
};

/** The guidance a stool colour calls for at the child's age on the day of the change, or null. */
export function diaperGuidance(diaper: { occurredAt: string; color: StoolColor | null }, child: { birthDate: LocalDate; timezone: string }): DiaperGuidance | null {
  const { color } = diaper;
  if (color === null) return null;
  const reason = REASONS[color];
  if (!reason) return null;
  if (color === 'black' && daysBetween(child.birthDate, localDateOf(diaper.occurredAt, child.timezone)) < BLACK_STOOL_FLAGGED_FROM_AGE_DAYS) return null;
  return { message: 'Talk to your pediatrician', reason, source: STOOL_COLOR_SOURCE };
}

const DIAPER_ICONS = { wet: '💧', dirty: '💩', both: '💩', dry: '🧷' } as const;
const DIAPER_TEXTS = { wet: 'Wet', dirty: 'Dirty', both: 'Wet + dirty', dry: 'Dry' } as const;

/** A diaper change's line: an instant, so no duration; what it held stands in the amount's place ('Dirty · green'). */
export const diaperLine = ({ contents, color }: { contents: DiaperContents; color: StoolColor | null }): EntryLineParts => ({
  icon: DIAPER_ICONS[contents],
  amount: color ? `${DIAPER_TEXTS[contents]} · ${color}` : DIAPER_TEXTS[contents],
});

/** The colours that may leave for research: never the two the app always flags. */
export type ResearchStoolColor = Exclude<StoolColor, 'red' | 'white'>;

/**
 * The colour research may see. A colour the app answers with 'Talk to your pediatrician' (red or
 * white at any age, black from day 4 on) is a rare sign of illness: it would single a child out and
 * say something about its health, so it leaves as null, the same as a dirty diaper whose colour
 * was not picked. Black in the first days (meconium) stays. Without an age, black is left out too.
 */
export function researchStoolColor(color: StoolColor | null, ageDays: number | null): ResearchStoolColor | null {
  if (color === 'red' || color === 'white') return null;
  if (color === 'black' && (ageDays === null || ageDays >= BLACK_STOOL_FLAGGED_FROM_AGE_DAYS)) return null;
  return color;
}
