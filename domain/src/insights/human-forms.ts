/** The human forms insights are shown in: 'Xh Ym' durations, one-decimal hours and ounces. */

/** 125 → '2h 5m'; under an hour only minutes: 45 → '45m', 0 → '0m'. */
export function humanDuration(mins: number): string {
  const hours = Math.floor(mins / 60);
  const rest = mins % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

/** 90 → '1.5'. */
export function hoursOneDecimal(mins: number): string {
  return (mins / 60).toFixed(1);
}

/** 12.5 → '12.5', 12 → '12.0'. */
export function ouncesOneDecimal(oz: number): string {
  return oz.toFixed(1);
}
