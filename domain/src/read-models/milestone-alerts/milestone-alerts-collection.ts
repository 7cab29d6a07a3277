import type { MilestoneAlertsState } from '../../milestones/milestone-alert';

export const MILESTONE_ALERTS_COLLECTION = 'milestone_alerts';

/** A child's milestone alerts, folded from the alert events on its stream; `_id` is the child id. */
export interface MilestoneAlertsDocument {
  _id: string;
  childId: string;
  ownerId: string;
  /** The child's zone: the alert windows are local dates in it. */
  timezone: string;
  state: MilestoneAlertsState;
  /** Position of the last event applied: an event at or below it was seen already. */
  position: number;
  [key: string]: unknown;
}
