import { browserTimeZone } from '../../../lib/local-date.ts';
import { offlineId } from '../../../lib/offline/outbox.ts';
import type { TimelineEntry } from '../../../types/api.ts';

// How a write waiting in the outbox shows in the timeline: the line the server would make of it,
// from the domain's own texts, at the device's clock (the dashboard's day is the device's too).

/** The id an entry goes by until it is sent: it has no other yet. */
export const offlineEntryId = offlineId;

/** A kind's line (`lineIn`, from the domain) in the device's zone, with the notes it will have. */
export const previewLine = (lineIn: (zone: string) => Omit<TimelineEntry, 'notes'>, notes: string | undefined): TimelineEntry => ({ ...lineIn(browserTimeZone()), notes: notes ?? '' });
