import { z } from 'zod';
import { named, viewSchema } from '../../shared/view-schema';
import { loggedBySchema } from '../children/child-view.schemas';
import { ENTRY_CHANGED_PARTS, type EntryHistoryItem } from './entry-history';

export const entryHistoryItemSchema = viewSchema<EntryHistoryItem>()(
  named(
    z.strictObject({
      action: z.enum(['logged', 'corrected', 'deleted', 'restored']),
      by: loggedBySchema,
      at: z.string().nullable().describe('ISO 8601 UTC, when it was recorded; null for an entry logged before this was kept'),
      changed: z.array(z.enum(ENTRY_CHANGED_PARTS)).describe("A correction's changed parts; notes are not compared"),
    }),
    'EntryHistoryItem',
    'Who logged an entry, and each change to it since, oldest first.',
  ),
);
