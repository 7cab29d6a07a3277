/** The fixed choices; each one's name ('Eastern') is the catalogs' `timezone.zone`, the zone itself beside it. */
export const TIMEZONE_OPTIONS = [
  { value: 'America/New_York', name: 'newYork' },
  { value: 'America/Chicago', name: 'chicago' },
  { value: 'America/Denver', name: 'denver' },
  { value: 'America/Los_Angeles', name: 'losAngeles' },
  { value: 'America/Anchorage', name: 'anchorage' },
  { value: 'Pacific/Honolulu', name: 'honolulu' },
  { value: 'UTC', name: null },
] as const;

/** Every IANA zone the browser knows, but the fixed choices (which come first), alphabetically. */
export function otherTimezones(): string[] {
  const fixed = new Set<string>(TIMEZONE_OPTIONS.map((option) => option.value));
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.filter((zone) => !fixed.has(zone)).sort();
}

/** 'Europe/Paris' found by 'paris', 'europe/par', 'los angeles' ('Los_Angeles'). */
export function matchesTimezone(zone: string, query: string): boolean {
  const wanted = query.trim().toLowerCase().replace(/[\s_]+/g, ' ');
  return wanted === '' || zone.toLowerCase().replace(/_/g, ' ').includes(wanted);
}
