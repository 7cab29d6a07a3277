import type { EntryLineParts } from '../entries/entry-kind-definition';
import { milestoneDate } from '../milestones/milestone-schedule';
import { DomainRuleError } from '../shared/domain-event';
import type { LocalDate } from '../time/zoned-time';

// The rules, words, line and daily goal of tummy time, without zod: the web's dialog reads them too.

export const MAX_TUMMY_TIME_MINUTES = 120;
export const MAX_MILESTONE_LENGTH = 200;

export interface TummyTimeInput {
  startedAt: string;
  endedAt: string;
  milestone?: string | null;
  notes?: string | null;
}

export interface CheckedTummyTime {
  startedAt: string;
  endedAt: string;
  milestone: string | null;
  notes: string;
}

/** The Add Tummy Time dialog's rules, enforced again on the server: a span of 1 to 120 minutes, and a milestone if the parent saw one. */
export function checkTummyTime(input: TummyTimeInput, now: Date): CheckedTummyTime {
  const started = new Date(input.startedAt);
  const ended = new Date(input.endedAt);
  if (started.getTime() > now.getTime()) throw new DomainRuleError('Cannot select future date and time', 'startedAt');
  const minutes = (ended.getTime() - started.getTime()) / 60_000;
  if (minutes < 1) throw new DomainRuleError('Duration must be at least 1 minute', 'endedAt');
  if (minutes > MAX_TUMMY_TIME_MINUTES) throw new DomainRuleError(`Duration can be at most ${MAX_TUMMY_TIME_MINUTES} minutes`, 'endedAt');
  const milestone = input.milestone?.trim() || null;
  if (milestone !== null && milestone.length > MAX_MILESTONE_LENGTH) throw new DomainRuleError(`Milestone must be ${MAX_MILESTONE_LENGTH} characters or less`, 'milestone');
  return { startedAt: started.toISOString(), endedAt: ended.toISOString(), milestone, notes: input.notes?.trim() ?? '' };
}

/** A session's line as stored: its length says it; a milestone is sealed, so the stored line only says there is one. */
export const tummyTimeLine = ({ milestone }: { milestone: string | null }): EntryLineParts => ({ icon: '🤸', amount: milestone ? 'Milestone' : '-' });

/** The line's amount as its reader sees it, with the milestone opened: 'Rolled over!'. */
export const tummyTimeAmountText = ({ milestone }: { milestone: string | null }): string => milestone || '-';

export const TUMMY_TIME_SOURCE = {
  title: 'World Health Organization, “Guidelines on physical activity, sedentary behaviour and sleep for children under 5 years of age” (2019)',
  url: 'https://www.who.int/publications/i/item/9789241550536',
};

/** A day's tummy time against the goal for the child's age: minutes so far, minutes asked for, and who asks. */
export interface TummyTimeGoal {
  minutes: number;
  source: { title: string; url: string };
}

/**
 * The WHO asks for at least 30 minutes a day on the tummy, spread through the day while awake, for
 * infants under a year who are not yet mobile; from the first birthday it sets no such goal (a
 * child then plays on its tummy by itself).
 */
export function tummyTimeGoal(birthDate: LocalDate, date: LocalDate): TummyTimeGoal | null {
  return date < milestoneDate(birthDate, 12) ? { minutes: 30, source: TUMMY_TIME_SOURCE } : null;
}
