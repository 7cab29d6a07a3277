import { evolve as evolveAlerts, initialState as initialAlertsState, isMilestoneAlertEvent, type MilestoneAlertEvent, type MilestoneAlertsState } from '../milestones/milestone-alert';
import { decide as decideAlerts } from '../milestones/milestone-alert-decider';
import type { LocalDate } from '../time/zoned-time';
import { decideChild, type ChildCommand, type RegisterChild, type UpdateChildProfile } from './child.decider';
import { evolveChild, initialChildState, type ChildEvent, type ChildState } from './child.events';

/**
 * A child's stream holds its profile and its milestone alerts. The alerts follow the birth date,
 * so a write that records a birth date decides the alerts in the same append: the write's position
 * then covers the alert the dashboard asks for next.
 */
export interface ChildStreamState {
  child: ChildState;
  alerts: MilestoneAlertsState;
}

export const initialChildStreamState = (): ChildStreamState => ({ child: initialChildState(), alerts: initialAlertsState() });

export function evolveChildStream(state: ChildStreamState, event: { type: string; data: unknown }): ChildStreamState {
  if (isMilestoneAlertEvent(event)) return { ...state, alerts: evolveAlerts(state.alerts, event) };
  return { ...state, child: evolveChild(state.child, event) };
}

/**
 * A registration or profile update, with the plain birth date its sealed profile stands for (the
 * domain cannot open it) and the time of the write, which decides the child's local "today". An
 * update also carries the birth date of the profile it replaces: the child's alerts were raised
 * for it, and only the ones whose window the new date moves are withdrawn.
 */
export type ChangeChildProfile =
  | (RegisterChild & { alertsAsOf: { birthDate: LocalDate; now: Date } })
  | (UpdateChildProfile & { alertsAsOf: { birthDate: LocalDate; previousBirthDate: LocalDate; now: Date } });

/** A profile change decides the alerts too; every other command of the child (removal, its family) only the child. */
export type ChildStreamCommand = ChangeChildProfile | Exclude<ChildCommand, RegisterChild | UpdateChildProfile | { type: 'AnonymizeChild' }>;

export function decideChildStream(command: ChildStreamCommand, state: ChildStreamState): (ChildEvent | MilestoneAlertEvent)[] {
  const childEvents = decideChild(command, state.child);
  // A removal leaves the alerts in the log; a retried registration records nothing at all.
  if ((command.type !== 'RegisterChild' && command.type !== 'UpdateChildProfile') || childEvents.length === 0) return childEvents;
  const child = childEvents.reduce(evolveChild, state.child);
  if (child.status !== 'active' || !child.profile) return childEvents;
  const { birthDate, now } = command.alertsAsOf;
  // A registration has no alerts recorded before it.
  const previousBirthDate = command.type === 'UpdateChildProfile' ? command.alertsAsOf.previousBirthDate : birthDate;
  const alertEvents = decideAlerts(
    { type: 'RaiseDueMilestoneAlert', data: { childId: command.data.childId, birthDate, previousBirthDate, timezone: child.profile.timezone, now } },
    state.alerts,
  );
  return [...childEvents, ...alertEvents];
}
