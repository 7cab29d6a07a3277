import { z } from 'zod';
import type { EntryKind } from '../entries/entry-kinds';
import type { GrowthUnits } from '../units/units';
import type { FileChild } from './import-children';

/** A three-year history exported by this app is a few megabytes; this leaves room and bounds a request. */
export const IMPORT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

const FILE_REQUIRED = 'csv or xlsx is required: the text of a CSV file, or an XLSX file in base64';

/** The body of POST /api/children/{id}/import and /import/preview. */
export const importBody = z
  .object({
    csv: z.string({ error: 'csv must be the text of the CSV file' }).optional(),
    xlsx: z.string({ error: 'xlsx must be the XLSX file in base64' }).optional(),
    amountUnit: z.enum(['mL', 'oz'], { error: 'amountUnit must be mL or oz' }).optional(),
    growthUnits: z.enum(['metric', 'imperial'], { error: 'growthUnits must be metric (kg, cm) or imperial (lb, in)' }).optional(),
    babyBuddyChild: z.string({ error: "babyBuddyChild must be the child_id of one of the file's children" }).min(1).optional(),
  })
  .refine((body) => (body.csv ? 1 : 0) + (body.xlsx ? 1 : 0) === 1, FILE_REQUIRED);

/** What an import did, or would do (the preview): counts by kind, the local dates it spans, the rows refused and why. */
export interface ImportSummary {
  format: string;
  rows: number;
  entries: Record<EntryKind, number>;
  /** Growth measurements, from Baby Buddy's weight, height and head circumference. */
  measurements: number;
  alreadyImported: number;
  from: string | null;
  to: string | null;
  refused: { line: number; message: string }[];
  /** Baby Buddy's children the file holds rows of, and the one imported (null: none yet, or the file names none). */
  children: FileChild[];
  child: string | null;
  /** The system a growth file's bare numbers were read in; null for any other file. */
  growthUnits: GrowthUnits | null;
}
