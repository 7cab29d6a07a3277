import { z } from 'zod';
import type { EntrySlotClaimed, EntrySlotEvent, EntrySlotReleased, EntrySlotsOpened } from '../entry-slots/entry-slot.events';
import { eventDefinition, type EventDefinition } from './event-definition';

const slot = z.strictObject({ entryId: z.string(), startedAt: z.string(), endedAt: z.string(), claimedAt: z.string() });

export const entrySlotEventDefinitions = {
  EntrySlotsOpened: eventDefinition<EntrySlotsOpened>()(z.strictObject({ slots: z.array(slot) })),
  EntrySlotClaimed: eventDefinition<EntrySlotClaimed>()(slot),
  EntrySlotReleased: eventDefinition<EntrySlotReleased>()(z.strictObject({ entryId: z.string() })),
} satisfies Record<EntrySlotEvent['type'], EventDefinition>;
