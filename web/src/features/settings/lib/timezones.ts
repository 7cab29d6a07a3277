export const TIMEZONE_OPTIONS = [
  { value: 'America/New_York', label: 'Eastern (America/New_York)' },
  { value: 'America/Chicago', label: 'Central (America/Chicago)' },
  { value: 'America/Denver', label: 'Mountain (America/Denver)' },
  { value: 'America/Los_Angeles', label: 'Pacific (America/Los_Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (America/Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Pacific/Honolulu)' },
  { value: 'UTC', label: 'UTC' },
] as const;

/**
 * The fixed choices, plus the child's current zone when it is not one of them (a child created
 * from a browser elsewhere), so that opening and saving the form never moves the child silently.
 */
export function timezoneOptionsFor(current: string): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [...TIMEZONE_OPTIONS];
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: current });
  return options;
}
