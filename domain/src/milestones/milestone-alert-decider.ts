import { ConflictError, NotFoundError } from '../shared/domain-event.ts';
import { localDateOf, type LocalDate } from '../time/zoned-time.ts';
import {
  alertIdFor,
  evolve,
  type MilestoneAlert,
  type MilestoneAlertEvent,
  type MilestoneAlertsState,
} from './milestone-alert.ts';
import { dueAlert, windowFor } from './milestone-schedule.ts';

const SNOOZE_MS = 24 * 60 * 60 * 1000;

/**
 * Brings a child's alerts in line with its birth date at `now`: withdraws the alerts whose window the
 * birth date no longer gives, then raises the one due today, taken in the child's time zone, not
 * the server's. Decided with every registration and profile update, and by the milestone scan.
 *
 * `previousBirthDate` is the birth date the recorded alerts were raised for: the one the profile
 * held before this write (the same date for a scan). Alerts record no dates, so what a corrected
 * birth date moved is found by comparing the window each date gives.
 */
export interface RaiseDueMilestoneAlert {
  type: 'RaiseDueMilestoneAlert';
  data: { childId: string; birthDate: LocalDate; previousBirthDate: LocalDate; timezone: string; now: Date };
}
export interface MarkMilestoneAlertShown {
  type: 'MarkMilestoneAlertShown';
  data: { alertId: string; now: Date };
}
export interface DismissMilestoneAlert {
  type: 'DismissMilestoneAlert';
  data: { alertId: string; now: Date };
}
export interface SnoozeMilestoneAlert {
  type: 'SnoozeMilestoneAlert';
  data: { alertId: string; now: Date };
}

export type MilestoneAlertCommand =
  | RaiseDueMilestoneAlert
  | MarkMilestoneAlertShown
  | DismissMilestoneAlert
  | SnoozeMilestoneAlert;

export class MilestoneAlertNotFound extends NotFoundError {
  constructor(readonly alertId: string) {
    super(`Milestone alert ${alertId} not found`);
    this.name = 'MilestoneAlertNotFound';
  }
}

/** 'Got It' is final: a dismissed alert cannot be shown, snoozed or dismissed again. */
export class MilestoneAlertDismissed extends ConflictError {
  constructor(readonly alertId: string) {
    super(`Milestone alert ${alertId} was already dismissed`);
    this.name = 'MilestoneAlertDismissed';
  }
}

export function decide(command: MilestoneAlertCommand, state: MilestoneAlertsState): MilestoneAlertEvent[] {
  switch (command.type) {
    case 'RaiseDueMilestoneAlert':
      return raise(command.data, state);
    case 'MarkMilestoneAlertShown': {
      const alert = actionableAlert(state, command.data.alertId);
      if (alert.shown) return [];
      return [{ type: 'MilestoneAlertShown', data: { childId: alert.childId, alertId: alert.id, at: command.data.now.toISOString() } }];
    }
    case 'DismissMilestoneAlert': {
      const alert = actionableAlert(state, command.data.alertId);
      return [{ type: 'MilestoneAlertDismissed', data: { childId: alert.childId, alertId: alert.id, at: command.data.now.toISOString() } }];
    }
    case 'SnoozeMilestoneAlert': {
      const alert = actionableAlert(state, command.data.alertId);
      const { now } = command.data;
      return [
        {
          type: 'MilestoneAlertSnoozed',
          data: {
            childId: alert.childId,
            alertId: alert.id,
            at: now.toISOString(),
            until: new Date(now.getTime() + SNOOZE_MS).toISOString(),
          },
        },
      ];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}

function raise({ childId, birthDate, previousBirthDate, timezone, now }: RaiseDueMilestoneAlert['data'], state: MilestoneAlertsState): MilestoneAlertEvent[] {
  const at = now.toISOString();
  const withdrawn: MilestoneAlertEvent[] = Object.values(state.alerts)
    .filter((alert) => !sameWindow(alert, previousBirthDate, birthDate))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((alert) => ({ type: 'MilestoneAlertWithdrawn', data: { childId: alert.childId, alertId: alert.id, at } }));
  const current = withdrawn.reduce(evolve, state);
  const due = dueAlert(birthDate, localDateOf(now, timezone));
  if (!due) return withdrawn;
  const alertId = alertIdFor(childId, due.milestoneKey, due.alertType);
  // A scan may run many times inside one window; the alert is raised once.
  if (current.alerts[alertId]) return withdrawn;
  return [...withdrawn, { type: 'MilestoneAlertRaised', data: { childId, alertId, milestoneKey: due.milestoneKey, alertType: due.alertType, raisedAt: at } }];
}

/** True when both birth dates give the alert the same window: a correction that did not move it. */
function sameWindow(alert: MilestoneAlert, before: LocalDate, after: LocalDate): boolean {
  if (before === after) return true;
  const was = windowFor(before, alert.milestoneKey, alert.alertType);
  const is = windowFor(after, alert.milestoneKey, alert.alertType);
  return was !== null && is !== null && was.windowStart === is.windowStart && was.windowEnd === is.windowEnd;
}

function actionableAlert(state: MilestoneAlertsState, alertId: string): MilestoneAlert {
  const alert = state.alerts[alertId];
  if (!alert) throw new MilestoneAlertNotFound(alertId);
  if (alert.dismissed) throw new MilestoneAlertDismissed(alertId);
  return alert;
}
