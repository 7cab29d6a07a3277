import { useEffect, useState } from 'react';

/**
 * The phone's clock, read again every second while a timer shows. Elapsed times are computed from
 * it and the timer's start, never counted up, so a reload or a phone asleep in a pocket shows the
 * right time at once.
 */
export function useSecondTick(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(tick);
  }, []);
  return now;
}
