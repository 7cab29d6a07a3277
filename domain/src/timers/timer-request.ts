import { z } from 'zod';
import { childIdField, isoInstant, notesField } from '../entries/entry-fields';

/** The body of POST /api/timers. */
export const startTimerBody = z.object({
  childId: childIdField,
  kind: z.enum(['feeding', 'sleep', 'pumping'], { error: 'Kind must be feeding, sleep or pumping' }),
  method: z.enum(['Bottle', 'Nursing'], { error: 'Method must be Bottle or Nursing' }).nullable().optional(),
  side: z.enum(['left', 'right'], { error: 'Side must be left or right' }).nullable().optional(),
  /** When the parent tapped Start, if the tap waited on the phone with no signal; else the time it arrives. */
  startedAt: isoInstant('startedAt').optional(),
});

/** The body of POST /api/timers/{id}/switch-side, which may be empty: when the parent tapped, if not now. */
export const switchSideBody = z.object({ switchedAt: isoInstant('switchedAt').optional() });

/**
 * The body of POST /api/timers/{id}/stop: what the entry needs besides its times. A bottle needs its
 * amount; pumped amounts and notes are optional; fields of another kind are refused by its rules.
 */
export const stopTimerBody = z.object({
    /** When the parent tapped Stop, if not now. */
    endedAt: isoInstant('endedAt').optional(),
    amountOz: z.number({ error: 'Amount must be a number' }).nullable().optional(),
    amountMl: z.number({ error: 'Amount must be a number' }).nullable().optional(),
    type: z.enum(['Breast Milk', 'Formula'], { error: 'Feeding type must be Breast Milk or Formula' }).nullable().optional(),
    leftAmount: z.number({ error: 'Amount must be a number' }).nullable().optional(),
    rightAmount: z.number({ error: 'Amount must be a number' }).nullable().optional(),
    unit: z.enum(['mL', 'oz'], { error: 'Unit must be mL or oz' }).optional(),
    notes: notesField,
  });

export type StartTimerBody = z.infer<typeof startTimerBody>;
export type StopTimerBody = z.infer<typeof stopTimerBody>;
export type SwitchSideBody = z.infer<typeof switchSideBody>;
