import { z } from 'zod';
import type {
  MilestoneAlertDismissed,
  MilestoneAlertEvent,
  MilestoneAlertRaised,
  MilestoneAlertShown,
  MilestoneAlertSnoozed,
  MilestoneAlertWithdrawn,
} from '../milestones/milestone-alert';
import { eventDefinition, type EventDefinition } from './event-definition';

const alertRef = { childId: z.string(), alertId: z.string() };

export const milestoneAlertEventDefinitions = {
  MilestoneAlertRaised: eventDefinition<MilestoneAlertRaised>()(
    z.strictObject({
      ...alertRef,
      milestoneKey: z.enum(['newborn', '1-month', '2-months', '4-months', '6-months', '12-months']),
      alertType: z.enum(['ONE_WEEK_WARNING', 'MILESTONE_REACHED']),
      windowStart: z.string(),
      windowEnd: z.string(),
      raisedAt: z.string(),
    }),
  ),
  MilestoneAlertShown: eventDefinition<MilestoneAlertShown>()(z.strictObject({ ...alertRef, at: z.string() })),
  MilestoneAlertDismissed: eventDefinition<MilestoneAlertDismissed>()(z.strictObject({ ...alertRef, at: z.string() })),
  MilestoneAlertSnoozed: eventDefinition<MilestoneAlertSnoozed>()(z.strictObject({ ...alertRef, at: z.string(), until: z.string() })),
  MilestoneAlertWithdrawn: eventDefinition<MilestoneAlertWithdrawn>()(z.strictObject({ ...alertRef, at: z.string() })),
} satisfies Record<MilestoneAlertEvent['type'], EventDefinition>;
