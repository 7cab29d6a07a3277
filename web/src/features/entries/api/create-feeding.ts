import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite, Submitted } from '../../../lib/offline/outbox.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import { volumeProblem } from '../../../lib/units.ts';
import type { Feeding, VolumeUnit } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import { feedingPreview, offlineEntryId } from '../lib/offline-preview.ts';

/** An amount in one unit, within that unit's limits and steps (20 oz, 0.25 oz; 600 mL, 5 mL). */
const amountIn = (unit: VolumeUnit) => z.optional(z.number().check(z.refine((value) => volumeProblem(value, unit) === undefined, `Amount out of range for ${unit}`)));

export const createFeedingInputSchema = z
  .object({
    childId: z.string().check(z.minLength(1)),
    startedAt: z.iso.datetime(),
    endedAt: z.iso.datetime(),
    amountOz: amountIn('oz'),
    amountMl: amountIn('mL'),
    method: z.enum(['Bottle', 'Nursing']),
    type: z.optional(z.enum(['Breast Milk', 'Formula'])),
    notes: z.optional(z.string().check(z.maxLength(1000))),
  })
  // Amount and bottle type describe a bottle; a nursing session has neither.
  .check(
    z.refine((input) => input.method === 'Bottle' || (input.amountOz === undefined && input.amountMl === undefined && input.type === undefined), {
      message: 'Amount and type are for bottle feedings only',
    }),
  );

export type CreateFeedingInput = z.infer<typeof createFeedingInputSchema>;

/** `idempotencyKey` names the entry, not the request: a retried or repeated submit cannot log the feeding twice. */
export type CreateFeedingVariables = { input: CreateFeedingInput; idempotencyKey: string; values?: unknown };

/** The write as the outbox keeps it: sent now when it can be, shown as waiting until it is. */
export function createFeedingWrite({ input, idempotencyKey, values }: CreateFeedingVariables): OutboxWrite {
  const body = createFeedingInputSchema.parse(input);
  return {
    method: 'POST',
    path: '/api/feedings',
    body,
    idempotencyKey,
    childId: input.childId,
    view: { kind: 'entry-added', entry: feedingPreview(offlineEntryId(idempotencyKey), body), form: { entryType: 'Feeding', values } },
  };
}

export function createFeeding(variables: CreateFeedingVariables): Promise<Submitted<Feeding>> {
  return outbox.submit<Feeding>(createFeedingWrite(variables));
}

/** Lets other parts of the screen show that a feeding is being saved. */
export const createFeedingMutationKey = [queryKeyRoots.feedings, 'create'] as const;

export function useCreateFeeding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createFeedingMutationKey,
    mutationFn: createFeeding,
    // Offline it is kept in the outbox instead of waiting for a connection.
    networkMode: 'always',
    onSuccess: (_feeding, { input }) => refreshChildData(queryClient, input.childId),
  });
}
