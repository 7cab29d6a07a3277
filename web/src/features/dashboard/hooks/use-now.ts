import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so a screen left open follows the clock (and the date). */
export function useNow(intervalMs = 30 * 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
