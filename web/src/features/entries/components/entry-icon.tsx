import Baby from 'lucide-react/icons/baby';
import GlassWater from 'lucide-react/icons/glass-water';
import Heart from 'lucide-react/icons/heart';
import Milk from 'lucide-react/icons/milk';
import Moon from 'lucide-react/icons/moon';
import { icon } from '../../../components/icons.tsx';
import type { TimelineEntry } from '../../../types/api.ts';

const BOTTLE = icon(Milk);
const NURSING = icon(Heart);
const SLEEP = icon(Moon);
const DIAPER = icon(Baby);
const PUMPING = icon(GlassWater);

/** The server's glyph of a line, for the few that differ within a kind: a nursing feeding. */
const NURSING_GLYPH = '🤱';

/** An entry's sign in a list, drawn as SVG whatever fonts the device has; its kind is in the text beside it. */
export function EntryIcon({ entry }: { entry: TimelineEntry }) {
  const Glyph = { Feeding: entry.icon === NURSING_GLYPH ? NURSING : BOTTLE, Sleep: SLEEP, Diaper: DIAPER, Pumping: PUMPING }[entry.type];
  return <Glyph className="entry-glyph" />;
}
