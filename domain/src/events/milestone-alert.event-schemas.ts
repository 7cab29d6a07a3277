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

/**
 * Version 1 also recorded the alert's window, the birth date plus whole months in plain text, which
 * gave the birth date back after the owner's key was destroyed. Reading it, the dates are dropped:
 * windows are computed from the birth date. The stored event keeps its bytes.
 */
function milestoneAlertRaisedV1toV2(data: unknown): unknown {
  const { windowStart: _start, windowEnd: _end, ...kept } = data as Record<string, unknown>;
  return kept;
}

export const milestoneAlertEventDefinitions = {
  MilestoneAlertRaised: eventDefinition<MilestoneAlertRaised>()(
    z.strictObject({
      ...alertRef,
      milestoneKey: z.enum(['newborn', '1-month', '2-months', '4-months', '6-months', '12-months']),
      alertType: z.enum(['ONE_WEEK_WARNING', 'MILESTONE_REACHED']),
      raisedAt: z.string(),
    }),
    { version: 2, upcasters: { 1: milestoneAlertRaisedV1toV2 } },
  ),
  MilestoneAlertShown: eventDefinition<MilestoneAlertShown>()(z.strictObject({ ...alertRef, at: z.string() })),
  MilestoneAlertDismissed: eventDefinition<MilestoneAlertDismissed>()(z.strictObject({ ...alertRef, at: z.string() })),
  MilestoneAlertSnoozed: eventDefinition<MilestoneAlertSnoozed>()(z.strictObject({ ...alertRef, at: z.string(), until: z.string() })),
  MilestoneAlertWithdrawn: eventDefinition<MilestoneAlertWithdrawn>()(z.strictObject({ ...alertRef, at: z.string() })),
} satisfies Record<MilestoneAlertEvent['type'], EventDefinition>;
