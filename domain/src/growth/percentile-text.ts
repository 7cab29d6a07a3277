/** '1st', '2nd', '3rd', '11th', '22nd', '97th'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** A percentile as a parent reads it: whole, and never '0th' or '100th' at the tails. */
export function percentileText(percentile: number): string {
  if (percentile < 1) return '<1st';
  if (percentile > 99) return '>99th';
  return ordinal(Math.round(percentile));
}

/** A measure with its percentile, as the growth screen and the report write it: '5.6 kg (38th)', '5.6 kg', '-'. */
export function measurementText(display: string | null, percentile: number | null): string {
  if (display === null) return '-';
  return percentile === null ? display : `${display} (${percentileText(percentile)})`;
}
