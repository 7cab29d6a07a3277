const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A running timer's time so far, as a stopwatch shows it: 'm:ss' under an hour, 'h:mm:ss' from
 * then on. A phone clock a little behind the server's would give a negative time: it shows 0:00.
 */
export function formatElapsed(startedAt: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(startedAt)) / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}
