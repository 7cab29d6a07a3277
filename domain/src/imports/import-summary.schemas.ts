import { z } from 'zod';
import { ENTRY_KIND_NAMES, type EntryKind } from '../entries/entry-kinds';
import { named, viewSchema, written } from '../shared/view-schema';
import type { ImportSummary } from './import-request';

const count = z.number().int().min(0);

export const importSummarySchema = viewSchema<ImportSummary>()(
  named(
    z.strictObject({
      format: z.string().describe("'nightlight', 'babybuddy-feedings', 'babybuddy-sleep' or 'babybuddy-diaper-changes'"),
      rows: count,
      entries: z.strictObject(Object.fromEntries(ENTRY_KIND_NAMES.map((kind) => [kind, count])) as Record<EntryKind, typeof count>),
      alreadyImported: count,
      from: z.string().nullable().describe('The local date of the first entry imported, or null.'),
      to: z.string().nullable(),
      refused: z.array(z.strictObject({ line: z.number().int(), message: z.string() })).describe("Rows refused, by the file's line numbers."),
    }),
    'ImportSummary',
  ),
);

export const writtenImportSummarySchema = written(importSummarySchema);
