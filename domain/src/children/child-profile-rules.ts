import { DomainRuleError } from '../shared/domain-event';
import { isLocalDate, isLocalTime, isValidTimeZone, type LocalDate } from '../time/zoned-time';

export const DISPLAY_NAME_MAX = 50;
export const MAX_CHILD_AGE_YEARS = 18;

/** Birth date rules of the onboarding form, enforced again on the server. `today` is the local date in the child's time zone. */
export function checkBirthDate(birthDate: string, today: LocalDate): void {
  if (!birthDate) throw new DomainRuleError('Birth date is required', 'birthDate');
  if (!isLocalDate(birthDate)) throw new DomainRuleError('Birth date must be a date (YYYY-MM-DD)', 'birthDate');
  if (birthDate > today) throw new DomainRuleError('Birth date cannot be in the future', 'birthDate');
  const [y, m, d] = today.split('-') as [string, string, string];
  const oldest = `${String(Number(y) - MAX_CHILD_AGE_YEARS).padStart(4, '0')}-${m}-${d}`;
  if (birthDate < oldest) throw new DomainRuleError('Birth date seems too far in the past', 'birthDate');
}

export function checkNightWindow(start: string, end: string): void {
  if (!isLocalTime(start)) throw new DomainRuleError('Night sleep start must be a time (HH:MM)', 'nightWindowStart');
  if (!isLocalTime(end)) throw new DomainRuleError('Night sleep end must be a time (HH:MM)', 'nightWindowEnd');
}

/**
 * Refuses anything but an IANA zone name and answers the zone's canonical spelling, so that
 * 'america/new_york' and 'US/Eastern' are both recorded as 'America/New_York' and one zone has
 * one name in every read model.
 */
export function checkTimezone(timezone: string): string {
  // Abbreviations such as 'EST' or 'GMT' are valid to Intl but name no place; UTC is the one exception.
  const named = timezone.includes('/') || timezone.toUpperCase() === 'UTC';
  if (!named || !isValidTimeZone(timezone)) throw new DomainRuleError('Timezone must be an IANA time zone name', 'timezone');
  return new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone;
}
