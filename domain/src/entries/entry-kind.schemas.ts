import type { z } from 'zod';
import { diaperViewSchema, feedingViewSchema, pumpingViewSchema, sleepViewSchema, writtenDiaperSchema, writtenFeedingSchema, writtenPumpingSchema, writtenSleepSchema } from '../read-models/timeline/entry-view.schemas';
import type { EntryKind } from './entry-kinds';

/** How the API description names a kind of entry, and the entry its routes answer with. */
export interface EntryKindSchemas {
  /** The group of its routes. */
  tag: string;
  /** One entry and many, in the routes' summaries: 'feeding', 'feedings'. */
  one: string;
  many: string;
  answer: z.ZodType;
  /** The answer of a write: the entry and the write's position. */
  written: z.ZodType;
}

/** Each kind's answers, for the routes registered per kind (command-api's writes, query-api's reads). */
export const ENTRY_KIND_SCHEMAS = {
  feeding: { tag: 'Feedings', one: 'feeding', many: 'feedings', answer: feedingViewSchema, written: writtenFeedingSchema },
  sleep: { tag: 'Sleep', one: 'sleep', many: 'sleeps', answer: sleepViewSchema, written: writtenSleepSchema },
  diaper: { tag: 'Diaper changes', one: 'diaper change', many: 'diaper changes', answer: diaperViewSchema, written: writtenDiaperSchema },
  pumping: { tag: 'Pumping', one: 'pumping session', many: 'pumping sessions', answer: pumpingViewSchema, written: writtenPumpingSchema },
} as const satisfies Record<EntryKind, EntryKindSchemas>;
