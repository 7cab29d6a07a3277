import { z } from 'zod';
import { childViewSchema } from '../read-models/children/child-view.schemas';
import { measurementSchema } from '../read-models/growth/measurement.schemas';
import { diaperViewSchema, feedingViewSchema, pumpingViewSchema, sleepViewSchema } from '../read-models/timeline/entry-view.schemas';
import { userViewSchema } from '../read-models/users/user-view.schemas';
import { named, viewSchema } from '../shared/view-schema';
import type { AccountExport } from './account-export';

const entry = z.discriminatedUnion('kind', [
  feedingViewSchema.extend({ kind: z.literal('feeding') }),
  sleepViewSchema.extend({ kind: z.literal('sleep') }),
  diaperViewSchema.extend({ kind: z.literal('diaper') }),
  pumpingViewSchema.extend({ kind: z.literal('pumping') }),
]);

export const accountExportSchema = viewSchema<AccountExport>()(
  named(
    z.strictObject({
      format: z.literal('nightlight-account-export'),
      version: z.literal(1),
      exportedAt: z.string(),
      account: userViewSchema.omit({ referralCode: true, referralUsesLeft: true }),
      caregiverOf: z.array(z.strictObject({ childId: z.string(), role: z.enum(['parent', 'caregiver']) })),
      children: z.array(z.strictObject({ child: childViewSchema, entries: z.array(entry), growth: z.array(measurementSchema) })),
    }),
    'AccountExport',
    'Everything the app holds about the user.',
  ),
);
