import { DomainRuleError } from '../shared/domain-event';
import { daysBetween, localDateOf, type LocalDate } from '../time/zoned-time';
import type { DiaperContents, StoolColor } from './diaper.events';

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
