import { DomainRuleError } from '../shared/domain-event';
import { localDateOf, type LocalDate } from '../time/zoned-time';

export const BEFORE_BIRTH_MESSAGE = 'Cannot select a date and time before the birth date';

/** What the rule needs of a child: its birth date (or '' when it cannot be read) and its zone. */
export interface ChildBirth {
  birthDate: LocalDate | '';
  timezone: string;
}

/**
 * The earliest an entry or a timer may start: the child's birth date, from its first minute in the
 * child's zone (the hour of birth is not recorded, so the whole birth day is open). A birth date is
 * at most 18 years back, so nothing older is taken (1899, year 1). `field` names the start in the
 * request. A child whose birth date cannot be read (its key shredded) is not held to it.
 */
export function checkNotBeforeBirth(startedAt: string, child: ChildBirth, field: string): void {
  if (child.birthDate && localDateOf(startedAt, child.timezone) < child.birthDate) throw new DomainRuleError(BEFORE_BIRTH_MESSAGE, field);
}
