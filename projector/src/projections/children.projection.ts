import type { ChildEvent } from '@nightlight/domain/children/child.events';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Projection, ProjectionContext } from '../projection';
import { forgetChild, reprojectChild } from './child-lifecycle';

/** The children read model: one document per active child, name and birth date opened. */
export const childrenProjection: Projection = {
  name: 'children',
  handles: new Set(['ChildRegistered', 'ChildProfileUpdated', 'ChildRemoved', 'ChildAnonymized']),
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as ChildEvent & { position: number };
    const children = context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION);
    const childId = event.data.childId;
    const existing = await children.findOne({ _id: childId });
    if (existing && existing.position >= recorded.position) return;

    switch (event.type) {
      case 'ChildRegistered':
      case 'ChildProfileUpdated': {
        const { ownerId } = event.data;
        const displayName = await context.cipher.open(ownerId, event.data.displayName);
        const birthDate = await context.cipher.open(ownerId, event.data.birthDate);
        // The owner's key is gone: the account was deleted and this child is anonymised later on.
        if (displayName === null || birthDate === null) return;
        if (event.type === 'ChildProfileUpdated' && !existing) return;
        const doc: ChildDocument = {
          _id: childId,
          ownerId,
          displayName,
          birthDate,
          sex: event.data.sex,
          nightWindowStart: event.data.nightWindowStart,
          nightWindowEnd: event.data.nightWindowEnd,
          timezone: event.data.timezone,
          registeredAt: existing?.registeredAt ?? recorded.position,
          position: recorded.position,
        };
        await children.replaceOne({ _id: childId }, doc, { upsert: true });
        const scheduleChanged =
          existing &&
          (existing.timezone !== doc.timezone ||
            existing.nightWindowStart !== doc.nightWindowStart ||
            existing.nightWindowEnd !== doc.nightWindowEnd);
        if (scheduleChanged) await reprojectChild(context, doc);
        return;
      }
      case 'ChildRemoved':
      case 'ChildAnonymized':
        await forgetChild(context, childId);
        return;
    }
  },
};
