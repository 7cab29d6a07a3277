import Baby from 'lucide-react/icons/baby';
import GlassWater from 'lucide-react/icons/glass-water';
import Heart from 'lucide-react/icons/heart';
import Milk from 'lucide-react/icons/milk';
import Moon from 'lucide-react/icons/moon';
import { icon } from '../../../components/icons.tsx';
import type { EntryType } from '@nightlight/domain/entries/entry-kinds';
import type { TimelineEntry } from '../../../types/api.ts';

const BOTTLE = icon(Milk);
const NURSING = icon(Heart);
const SLEEP = icon(Moon);
const DIAPER = icon(Baby);
const PUMPING = icon(GlassWater);

/** The server's glyph of a line, for the few that differ within a kind: a nursing feeding. */
const NURSING_GLYPH = '🤱';

const KIND_GLYPHS = { Feeding: BOTTLE, Sleep: SLEEP, Diaper: DIAPER, Pumping: PUMPING } as const satisfies Record<EntryType, unknown>;

/** A kind's sign (a button's, beside its name). */
export function EntryKindIcon({ type, className }: { type: EntryType; className?: string }) {
  const Glyph = KIND_GLYPHS[type];
  return <Glyph className={className} />;
}

/** An entry's sign in a list, drawn as SVG whatever fonts the device has; its kind is in the text beside it. */
export function EntryIcon({ entry }: { entry: TimelineEntry }) {
  const Glyph = entry.type === 'Feeding' && entry.icon === NURSING_GLYPH ? NURSING : KIND_GLYPHS[entry.type];
  return <Glyph className="entry-glyph" />;
}
