import { ENTRY_EVENT_TYPES, entryEventOf, entryKind } from '@nightlight/domain/entries/all-entry-kinds';
import { withResealed } from '@nightlight/domain/entries/sealed-fields';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { ENTRY_HISTORY_COLLECTION, changedParts, type EntryChange, type EntryHistoryDocument } from '@nightlight/domain/read-models/timeline/entry-history';
import { detailsOf, TIMELINE_COLLECTION, timelineDocument, type EntryFacts, type TimelineDocument } from '@nightlight/domain/read-models/timeline/timeline-document';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Collection } from '@nightlight/infrastructure/ports/read-store';
import type { Projection, ProjectionContext } from '../projection';
import { dailyEntriesOf } from './daily-entries';
import { refreshDailyInsights } from './daily-insights.projection';

/** What every kind's events hold: the entry's id (under the kind's id field), its child and who logged it. */
type EntryEventData = { childId: string; ownerId: string; notes: string } & Record<string, unknown>;

/**
 * The timeline read model: every entry of a child with its local-time view, and the history of the
 * entries changed since they were logged. Each change also refreshes the daily insights of the
 * dates the old and the new entry touch.
 */
export const timelineProjection: Projection = {
  name: 'timeline',
  // 2: when each entry was logged, and the history of the entries changed since. 3: each kind's
  // details in a part of the document of their own, under the kind's name.
  version: 3,
  handles: ENTRY_EVENT_TYPES,
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as { type: string; data: EntryEventData };
    const { kind, role } = entryEventOf(event.type)!;
    const definition = entryKind(kind);
    const timeline = context.readStore.collection<TimelineDocument>(TIMELINE_COLLECTION);
    const child = await context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: event.data.childId }, { readOnly: true });
    // A removed or anonymised child has no read models; its entries stay in the log only.
    if (!child) return;
    const id = event.data[definition.idField] as string;
    const existing = await timeline.findOne({ _id: id }, { readOnly: true });
    if (existing && existing.position >= recorded.position) {
      // A replay after a restart from an older checkpoint: the entry was written, but its daily
      // insights may have been lost (deferred, or the process died in between). Recomputing is idempotent.
      const replayed = role === 'resealed' || role === 'deleted' ? [existing] : [existing, definition.timeline.factsOf(event.data)];
      await refreshDailyInsights(context, child, replayed);
      return;
    }

    if (role === 'resealed') {
      // Only the sealing changed: no date, number or view with it.
      if (!existing) return;
      const details = withResealed(detailsOf(existing), definition.sealed, event.data);
      await timeline.updateOne({ _id: id }, { $set: { sealedNotes: event.data.notes, [kind]: details, position: recorded.position } });
      return;
    }
    const touched: { startedAt: string; endedAt: string }[] = existing ? [existing] : [];
    const history = context.readStore.collection<EntryHistoryDocument>(ENTRY_HISTORY_COLLECTION);
    // Who changed it: the member whose request it was (a system event, the member who logged it).
    const change = (action: EntryChange['action'], changed: EntryChange['changed'] = []): EntryChange => ({
      action,
      by: recorded.metadata.userId ?? event.data.ownerId,
      at: recorded.metadata.recordedAt,
      changed,
    });
    if (role === 'deleted') {
      if (!existing) return;
      const logged = { by: existing.ownerId, at: existing.loggedAt ?? null };
      await recordChange(history, id, child._id, change('deleted'), logged);
      await timeline.deleteOne({ _id: id });
      dailyEntriesOf(context).entryWritten(child._id, id, null);
    } else {
      const { data } = event;
      const facts: EntryFacts = {
        id,
        kind,
        // Its times, and its kind's own details.
        ...definition.timeline.factsOf(data),
        // The child document's own strings: a million entries then share two ids instead of each holding copies.
        childId: child._id,
        // Who logged it; most entries were logged by the parent who added the child.
        ownerId: data.ownerId === child.ownerId ? child.ownerId : data.ownerId,
        sealedNotes: data.notes,
        loggedAt: await loggedAtOf(role, recorded.metadata.recordedAt, existing, () => history.findOne({ _id: id }, { readOnly: true })),
      };
      const doc = timelineDocument(facts, child.timezone, recorded.position);
      if (role === 'corrected' && existing) await recordChange(history, id, child._id, change('corrected', changedParts(existing, doc)), null);
      if (role === 'restored') await recordChange(history, id, child._id, change('restored'), null);
      // The document is made here for the store alone: it is handed over, not copied.
      await timeline.replaceOne({ _id: id }, doc, { upsert: true, handOver: true });
      dailyEntriesOf(context).entryWritten(child._id, id, doc);
      touched.push(doc);
    }
    await refreshDailyInsights(context, child, touched);
  },
};

/** When an entry was logged: this event's time for a new one, else what its document or, once deleted, its history kept. */
async function loggedAtOf(role: string, recordedAt: string, existing: TimelineDocument | null, historyOf: () => Promise<EntryHistoryDocument | null>): Promise<string | undefined> {
  if (role === 'logged') return recordedAt;
  if (existing) return existing.loggedAt;
  return (await historyOf())?.logged?.at ?? undefined;
}

/** Adds a change to an entry's history, made at its first change; `logged` is kept there once its timeline document goes. */
async function recordChange(history: Collection<EntryHistoryDocument>, id: string, childId: string, change: EntryChange, logged: EntryHistoryDocument['logged']): Promise<void> {
  const current = await history.findOne({ _id: id }, { readOnly: true });
  const next: EntryHistoryDocument = { _id: id, childId, logged: current?.logged ?? logged, changes: [...(current?.changes ?? []), change] };
  await history.replaceOne({ _id: id }, next, { upsert: true });
}
