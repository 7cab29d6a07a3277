import { z } from 'zod';
import type { EntryKind } from '../entries/entry-kinds';

/** A three-year history exported by this app is a few megabytes; this leaves room and bounds a request. */
export const IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** The body of POST /api/children/{id}/import and /import/preview. */
export const importBody = z.object({
  csv: z.string({ error: 'csv is required: the text of the CSV file' }).min(1, 'csv is required: the text of the CSV file'),
  amountUnit: z.enum(['mL', 'oz'], { error: 'amountUnit must be mL or oz' }).optional(),
});

/** What an import did, or would do (the preview): counts by kind, the local dates it spans, the rows refused and why. */
export interface ImportSummary {
  format: string;
  rows: number;
  entries: Record<EntryKind, number>;
  alreadyImported: number;
  from: string | null;
  to: string | null;
  refused: { line: number; message: string }[];
}
