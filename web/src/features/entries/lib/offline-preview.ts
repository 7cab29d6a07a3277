import type { EntryLineParts } from '@nightlight/domain/entries/entry-kind-definition';
import type { EntryType } from '@nightlight/domain/entries/entry-kinds';
import { entryLine } from '@nightlight/domain/timeline/timeline-entry';
import { browserTimeZone } from '../../../lib/local-date.ts';
import { offlineId } from '../../../lib/offline/outbox.ts';
import type { TimelineEntry } from '../../../types/api.ts';

// How a write waiting in the outbox shows in the timeline: the line the server would make of it,
// from the domain's own texts, at the device's clock (the dashboard's day is the device's too).

/** The id an entry goes by until it is sent: it has no other yet. */
export const offlineEntryId = offlineId;

/** A kind's line from its sign and amount (the domain's `…Line`), dated in the device's zone, with the notes it will have. */
export const previewLine = (type: EntryType, id: string, parts: EntryLineParts, times: { startedAt: string; endedAt: string }, notes: string | undefined): TimelineEntry => ({
  ...entryLine(type, id, parts, times.startedAt, times.endedAt, browserTimeZone()),
  notes: notes ?? '',
});
