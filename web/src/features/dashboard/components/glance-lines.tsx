import type { Glance } from '../../../types/api.ts';
import { nextNapText, sinceLastText } from '../lib/glance-text.ts';

type GlanceLinesProps = { glance: Glance; now: Date };

/** What a parent woken at 3 a.m. wants first: since the last feed, awake or asleep for how long. */
export function SinceLastLine({ glance, now }: GlanceLinesProps) {
  return <p className="glance-line">{sinceLastText(glance, now)}</p>;
}

/** When the next nap is likely due, labelled as the estimate it is; nothing when there is none. */
export function NextNapLine({ glance, now }: GlanceLinesProps) {
  if (!glance.nextNap) return null;
  return (
    <div className="next-nap">
      <p className="next-nap-window">{nextNapText(glance.nextNap, now)}</p>
      <p className="next-nap-label">{glance.nextNap.label}</p>
    </div>
  );
}
