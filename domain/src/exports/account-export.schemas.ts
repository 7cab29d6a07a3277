import { z } from 'zod';
import { ENTRY_KIND_LIST } from '../entries/all-entry-kinds';
import { childViewSchema } from '../read-models/children/child-view.schemas';
import { measurementSchema } from '../read-models/growth/measurement.schemas';
import { userViewSchema } from '../read-models/users/user-view.schemas';
import { named, viewSchema } from '../shared/view-schema';
import type { AccountExport, ExportedEntry } from './account-export';

/**
 * Each kind's answer with its kind. The answers are proven against their views in their kinds'
 * folders, so the union of them with `kind` is an ExportedEntry by construction: built from the
 * list of kinds, it is typed as one.
 */
const [firstKind, ...otherKinds] = ENTRY_KIND_LIST.map(({ kind, schemas }) => (schemas.answer as z.ZodObject).extend({ kind: z.literal(kind) }));
const entry = z.discriminatedUnion('kind', [firstKind!, ...otherKinds]) as unknown as z.ZodType<ExportedEntry>;

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
