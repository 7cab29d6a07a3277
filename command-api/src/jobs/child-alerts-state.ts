import { evolveChild, initialChildState, type ChildState } from '@nightlight/domain/children/child.events';
import { evolve, initialState, isMilestoneAlertEvent, type MilestoneAlertsState } from '@nightlight/domain/milestones/milestone-alert';

/**
 * Milestone alerts live on the child's stream next to its profile: the scan needs the profile
 * (active? which birth date?) and a parent's alert action needs the owner, so both fold both.
 */
export interface ChildAlertsState {
  child: ChildState;
  alerts: MilestoneAlertsState;
}

export const initialChildAlertsState = (): ChildAlertsState => ({ child: initialChildState(), alerts: initialState() });

export function evolveChildAlerts(state: ChildAlertsState, event: { type: string; data: unknown }): ChildAlertsState {
  if (isMilestoneAlertEvent(event)) return { ...state, alerts: evolve(state.alerts, event) };
  return { ...state, child: evolveChild(state.child, event) };
}
