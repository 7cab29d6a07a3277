import { z } from 'zod';
import { named, viewSchema } from '../shared/view-schema';
import type { ActiveMilestoneAlert } from './active-milestone-alert';

export const feedingAlertSchema = viewSchema<ActiveMilestoneAlert>()(
  named(
    z.strictObject({
      id: z.string().describe('{childId}:{milestoneKey}:{alertType}: URL-encode it in paths.'),
      isNew: z.boolean(),
      alertType: z.enum(['ONE_WEEK_WARNING', 'MILESTONE_REACHED']),
      milestone: z.strictObject({ label: z.string(), amountPerFeeding: z.string(), feedingsPerDay: z.string(), details: z.array(z.string()).readonly() }),
    }),
    'FeedingAlert',
  ),
);
