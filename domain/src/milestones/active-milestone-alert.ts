import type { LocalDate } from '../time/zoned-time.ts';
import { feedingMilestone } from './feeding-guide.ts';
import type { MilestoneAlertsState } from './milestone-alert.ts';
import { newestWindowHolding, type MilestoneAlertType } from './milestone-schedule.ts';

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
 * The one alert to show at `now`, with `today` the child's local date, or null. Among the alerts
 * whose window holds today the newest wins, and if the parent dismissed or snoozed it nothing is
 * shown: an older alert does not resurface behind it. Windows can overlap when alerts were raised
 * before the birth date was corrected.
 */
export function activeAlert(state: MilestoneAlertsState, now: Date, today: LocalDate): ActiveMilestoneAlert | null {
  const newest = newestWindowHolding(Object.values(state.alerts), today);
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
