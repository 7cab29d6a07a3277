import { diaperEntryView } from '@nightlight/domain/diapers/diaper-timeline';
import { feedingEntryView } from '@nightlight/domain/feedings/feeding-timeline';
import { pumpingEntryView } from '@nightlight/domain/pumpings/pumping-timeline';
import { sleepEntryView } from '@nightlight/domain/sleeps/sleep-timeline';
import { browserTimeZone } from '../../../lib/local-date.ts';
import { offlineId } from '../../../lib/offline/outbox.ts';
import type { TimelineEntry } from '../../../types/api.ts';
import type { CreateDiaperInput } from '../api/create-diaper.ts';
import type { CreateFeedingInput } from '../api/create-feeding.ts';
import type { CreatePumpingInput } from '../api/create-pumping.ts';
import type { CreateSleepInput } from '../api/create-sleep.ts';

// How a write waiting in the outbox shows in the timeline: the line the server would make of it,
// from the domain's own texts, at the device's clock (the dashboard's day is the device's too).

/** The id an entry goes by until it is sent: it has no other yet. */
export const offlineEntryId = offlineId;

const zone = () => browserTimeZone();
const withNotes = (view: Omit<TimelineEntry, 'notes'>, notes: string | undefined): TimelineEntry => ({ ...view, notes: notes ?? '' });

export function feedingPreview(id: string, input: CreateFeedingInput): TimelineEntry {
  const view = feedingEntryView({ id, startedAt: input.startedAt, endedAt: input.endedAt, amountOz: input.amountOz ?? null, method: input.method }, zone());
  // Millilitres read as they were entered, as the lists show each amount.
  const amount = input.amountMl !== undefined ? `${input.amountMl} mL` : view.amount;
  return withNotes({ ...view, amount }, input.notes);
}

export function sleepPreview(id: string, input: CreateSleepInput): TimelineEntry {
  return withNotes(sleepEntryView({ id, startedAt: input.startedAt, endedAt: input.endedAt }, zone()), input.notes);
}

export function diaperPreview(id: string, input: CreateDiaperInput): TimelineEntry {
  return withNotes(diaperEntryView({ id, occurredAt: input.occurredAt, contents: input.contents, color: input.color ?? null }, zone()), input.notes);
}

export function pumpingPreview(id: string, input: CreatePumpingInput): TimelineEntry {
  const endedAt = new Date(Date.parse(input.startedAt) + (input.durationMinutes ?? 0) * 60_000).toISOString();
  const view = pumpingEntryView({ id, startedAt: input.startedAt, endedAt, leftAmount: input.leftAmount ?? null, rightAmount: input.rightAmount ?? null, unit: input.unit }, zone());
  return withNotes(view, input.notes);
}
