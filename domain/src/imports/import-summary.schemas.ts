import { z } from 'zod';
import { ENTRY_KIND_NAMES, type EntryKind } from '../entries/entry-kinds';
import { named, viewSchema, written } from '../shared/view-schema';
import type { ImportSummary } from './import-request';

const count = z.number().int().min(0);

export const importSummarySchema = viewSchema<ImportSummary>()(
  named(
    z.strictObject({
      format: z
        .string()
        .describe(
          "What the file is: 'nightlight', or Baby Buddy's 'babybuddy-feedings', 'babybuddy-sleep', 'babybuddy-diaper-changes', 'babybuddy-pumping', 'babybuddy-temperature', 'babybuddy-tummy-time', 'babybuddy-weight', 'babybuddy-height' or 'babybuddy-head-circumference'",
        ),
      rows: count.describe("The file's rows read: the chosen child's, when it holds several children's."),
      entries: z.strictObject(Object.fromEntries(ENTRY_KIND_NAMES.map((kind) => [kind, count])) as Record<EntryKind, typeof count>),
      measurements: count.describe('Growth measurements, from Baby Buddy’s weight, height or head circumference.'),
      alreadyImported: count,
      from: z.string().nullable().describe('The local date of the first entry imported, or null.'),
      to: z.string().nullable(),
      refused: z.array(z.strictObject({ line: z.number().int(), message: z.string() })).describe("Rows refused, by the file's line numbers."),
      children: z
        .array(z.strictObject({ id: z.string(), name: z.string().nullable(), rows: count }))
        .describe("Baby Buddy's children the file holds rows of (child_id, the name written beside it, its rows), in the file's order."),
      child: z.string().nullable().describe('The child_id imported; null when the file names no child, or several and none was chosen (then nothing is counted).'),
      growthUnits: z.enum(['metric', 'imperial']).nullable().describe("The system a growth file's bare numbers were read in."),
    }),
    'ImportSummary',
  ),
);

export const writtenImportSummarySchema = written(importSummarySchema);
