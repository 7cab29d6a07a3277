import type { ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { openChild } from '@nightlight/infrastructure/read-store/personal-fields';
import { entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import { detailsOf, openedEntry, timelineApiView, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import { readerUnits } from '@nightlight/infrastructure/read-store/reader-units';
import type { QueryDeps } from '../query-deps';
import { loggedByResolver } from './family-names';

/**
 * Entries as the API answers them, for one reader of one child. Notes and other free text stay sealed in the
 * read model with the child's key (or, written before children had keys, the key of whoever logged
 * it) and are opened here; a shredded key leaves them empty.
 */
export function entryViews({ readStore, cipher }: Pick<QueryDeps, 'readStore' | 'cipher'>) {
  /**
   * What every entry of one answer is read with: its child (a diaper's guidance counts from its birth
   * date), who logged what, and the reader's units (`acceptLanguage`: the request's, for a reader who chose none).
   */
  const readingFor = async (child: ChildDocument, userId: string, acceptLanguage?: string | null) => ({
    child: await openChild(cipher, child),
    loggedBy: await loggedByResolver(readStore, cipher, child._id),
    units: await readerUnits(readStore, userId, acceptLanguage),
  });
  const view = async (doc: TimelineDocument, { child, loggedBy, units }: Awaited<ReturnType<typeof readingFor>>) => {
    const opened = await openedEntry(entryKind(doc.kind), { details: detailsOf(doc), notes: doc.sealedNotes }, (sealed) => cipher.openForChild(doc.childId, doc.ownerId, sealed));
    return timelineApiView(doc, { ...opened, loggedBy: await loggedBy(doc.ownerId), child, units });
  };
  return { readingFor, view };
}
