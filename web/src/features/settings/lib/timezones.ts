export const TIMEZONE_OPTIONS = [
  { value: 'America/New_York', label: 'Eastern (America/New_York)' },
  { value: 'America/Chicago', label: 'Central (America/Chicago)' },
  { value: 'America/Denver', label: 'Mountain (America/Denver)' },
  { value: 'America/Los_Angeles', label: 'Pacific (America/Los_Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (America/Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Pacific/Honolulu)' },
  { value: 'UTC', label: 'UTC' },
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
