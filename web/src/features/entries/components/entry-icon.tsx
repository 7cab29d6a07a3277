import type { EntryType } from '@nightlight/domain/entries/entry-kinds';
import type { TimelineEntry } from '../../../types/api.ts';
import { webEntryKindOf } from '../kinds/all-entry-kinds.ts';

/** A kind's sign (a button's, beside its name). */
export function EntryKindIcon({ type, className }: { type: EntryType; className?: string }) {
  const Glyph = webEntryKindOf(type).icon;
  return <Glyph className={className} />;
}

/** An entry's sign in a list, drawn as SVG whatever fonts the device has; its kind is in the text beside it. */
export function EntryIcon({ entry }: { entry: TimelineEntry }) {
  const kind = webEntryKindOf(entry.type);
  const Glyph = kind.iconOf?.(entry) ?? kind.icon;
  return <Glyph className="entry-glyph" />;
}
