import type { DomainEvent } from '../shared/domain-event.ts';
import type { MilestoneKey } from './feeding-guide.ts';
import type { MilestoneAlertType } from './milestone-schedule.ts';

/**
 * Events of the milestone alerts, appended to the child's stream. Instants are ISO strings.
 *
 * An alert records which window it is for, never the window's dates: those are the birth date plus
 * whole months, so they would give the birth date back after the owner's key is destroyed. The
 * dates are computed from the (sealed) birth date whenever they are needed.
 */
export type MilestoneAlertRaised = DomainEvent<
  'MilestoneAlertRaised',
  {
    childId: string;
    alertId: string;
    milestoneKey: MilestoneKey;
    alertType: MilestoneAlertType;
    raisedAt: string;
  }
>;
export type MilestoneAlertShown = DomainEvent<'MilestoneAlertShown', { childId: string; alertId: string; at: string }>;
export type MilestoneAlertDismissed = DomainEvent<'MilestoneAlertDismissed', { childId: string; alertId: string; at: string }>;
export type MilestoneAlertSnoozed = DomainEvent<
  'MilestoneAlertSnoozed',
  { childId: string; alertId: string; at: string; until: string }
>;

/**
 * The birth date was corrected and no longer gives this alert's window: the alert was about the
 * wrong dates and is gone, whatever the parent did with it. The one due on the corrected dates is
 * raised in the same decision, possibly under the same id.
 */
export type MilestoneAlertWithdrawn = DomainEvent<'MilestoneAlertWithdrawn', { childId: string; alertId: string; at: string }>;

export type MilestoneAlertEvent =
  | MilestoneAlertRaised
  | MilestoneAlertShown
  | MilestoneAlertDismissed
  | MilestoneAlertSnoozed
  | MilestoneAlertWithdrawn;

const MILESTONE_ALERT_EVENT_TYPES: ReadonlySet<string> = new Set<MilestoneAlertEvent['type']>([
  'MilestoneAlertRaised',
  'MilestoneAlertShown',
  'MilestoneAlertDismissed',
  'MilestoneAlertSnoozed',
  'MilestoneAlertWithdrawn',
]);

/** The child's stream also holds profile events; this picks out the ones the alerts evolve from. */
export function isMilestoneAlertEvent(event: DomainEvent): event is MilestoneAlertEvent {
  return MILESTONE_ALERT_EVENT_TYPES.has(event.type);
}

/** Deterministic, so raising the same alert twice is recognised and appends nothing. */
export function alertIdFor(childId: string, milestoneKey: MilestoneKey, alertType: MilestoneAlertType): string {
  return `${childId}:${milestoneKey}:${alertType}`;
}

/** An alert raised for the child's current birth date: its window is the one that date gives. */
export interface MilestoneAlert {
  id: string;
  childId: string;
  milestoneKey: MilestoneKey;
  alertType: MilestoneAlertType;
  shown: boolean;
  dismissed: boolean;
  snoozedUntil: string | null;
}

export interface MilestoneAlertsState {
  alerts: Readonly<Record<string, MilestoneAlert>>;
}

export function initialState(): MilestoneAlertsState {
  return { alerts: {} };
}

export function evolve(state: MilestoneAlertsState, event: MilestoneAlertEvent): MilestoneAlertsState {
  switch (event.type) {
    case 'MilestoneAlertRaised': {
      const { alertId, childId, milestoneKey, alertType } = event.data;
      const alert: MilestoneAlert = {
        id: alertId,
        childId,
        milestoneKey,
        alertType,
        shown: false,
        dismissed: false,
        snoozedUntil: null,
      };
      return { alerts: { ...state.alerts, [alertId]: alert } };
    }
    case 'MilestoneAlertShown':
      return updateAlert(state, event.data.alertId, (alert) => ({ ...alert, shown: true }));
    case 'MilestoneAlertDismissed':
      return updateAlert(state, event.data.alertId, (alert) => ({ ...alert, dismissed: true }));
    case 'MilestoneAlertSnoozed':
      return updateAlert(state, event.data.alertId, (alert) => ({ ...alert, snoozedUntil: event.data.until }));
    case 'MilestoneAlertWithdrawn': {
      const { [event.data.alertId]: _withdrawn, ...kept } = state.alerts;
      return { alerts: kept };
    }
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

function updateAlert(
  state: MilestoneAlertsState,
  alertId: string,
  change: (alert: MilestoneAlert) => MilestoneAlert,
): MilestoneAlertsState {
  const alert = state.alerts[alertId];
  return alert ? { alerts: { ...state.alerts, [alertId]: change(alert) } } : state;
}
