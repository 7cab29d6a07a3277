import type { LocalDate } from '../time/zoned-time.ts';
import { feedingMilestone } from './feeding-guide.ts';
import type { MilestoneAlertsState } from './milestone-alert.ts';
import { newestWindowHolding, windowsOf, type MilestoneAlertType } from './milestone-schedule.ts';

/** The "Feeding alert" the dashboard dialog shows. */
export interface ActiveMilestoneAlert {
  id: string;
  /** True until the dialog has shown it once. */
  isNew: boolean;
  alertType: MilestoneAlertType;
  milestone: {
    label: string;
    amountPerFeeding: string;
    feedingsPerDay: string;
    details: readonly string[];
  };
}

/**
 * The one alert to show at `now`, with `today` the child's local date, or null. Each alert's window
 * is the one the child's birth date gives it (alerts record no dates). Among the alerts whose window
 * holds today the newest wins, and if the parent dismissed or snoozed it nothing is shown: an older
 * alert does not resurface behind it.
 */
export function activeAlert(state: MilestoneAlertsState, birthDate: LocalDate, now: Date, today: LocalDate): ActiveMilestoneAlert | null {
  const windows = windowsOf(birthDate);
  const dated = Object.values(state.alerts).flatMap((alert) => {
    const window = windows.find((w) => w.milestoneKey === alert.milestoneKey && w.alertType === alert.alertType);
    return window ? [{ ...alert, windowStart: window.windowStart, windowEnd: window.windowEnd }] : [];
  });
  const newest = newestWindowHolding(dated, today);
  if (!newest || newest.dismissed) return null;
  if (newest.snoozedUntil !== null && Date.parse(newest.snoozedUntil) > now.getTime()) return null;
  const { label, amountPerFeeding, feedingsPerDay, details } = feedingMilestone(newest.milestoneKey);
  return {
    id: newest.id,
    isNew: !newest.shown,
    alertType: newest.alertType,
    milestone: { label, amountPerFeeding, feedingsPerDay, details },
  };
}
