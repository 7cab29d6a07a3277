import type { ChildProfileUpdated } from '@nightlight/domain/children/child.events';
import { evolve, initialState, type MilestoneAlertEvent } from '@nightlight/domain/milestones/milestone-alert';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { MILESTONE_ALERTS_COLLECTION, type MilestoneAlertsDocument } from '@nightlight/domain/read-models/milestone-alerts/milestone-alerts-collection';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Projection, ProjectionContext } from '../projection';

/**
 * The milestone alerts read model: per child, the alerts state folded from its alert events, with
 * the owner and zone the dashboard query needs. Runs after the children projection, whose document
 * gives the owner and zone when a child's first alert is raised.
 */
export const milestoneAlertsProjection: Projection = {
  name: 'milestone-alerts',
  handles: new Set([
    'MilestoneAlertRaised',
    'MilestoneAlertShown',
    'MilestoneAlertDismissed',
    'MilestoneAlertSnoozed',
    // A corrected birth date withdraws the alerts it moved: they leave the state, so no stale window is shown.
    'MilestoneAlertWithdrawn',
    'ChildProfileUpdated',
  ]),
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as MilestoneAlertEvent | ChildProfileUpdated;
    const alerts = context.readStore.collection<MilestoneAlertsDocument>(MILESTONE_ALERTS_COLLECTION);
    const childId = event.data.childId;

    if (event.type === 'ChildProfileUpdated') {
      // A changed zone moves the local date the alert windows are compared with.
      await alerts.updateOne({ _id: childId, position: { $lt: recorded.position } }, { $set: { timezone: event.data.timezone, position: recorded.position } });
      return;
    }

    const existing = await alerts.findOne({ _id: childId });
    if (existing && existing.position >= recorded.position) return;
    const ownerAndZone = existing ?? (await context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: childId }));
    // A removed or anonymised child has no read models; its alerts stay in the log only.
    if (!ownerAndZone) return;
    const doc: MilestoneAlertsDocument = {
      _id: childId,
      childId,
      ownerId: ownerAndZone.ownerId,
      timezone: ownerAndZone.timezone,
      state: evolve(existing?.state ?? initialState(), event),
      position: recorded.position,
    };
    await alerts.replaceOne({ _id: childId }, doc, { upsert: true });
  },
};
