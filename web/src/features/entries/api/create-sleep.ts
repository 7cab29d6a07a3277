import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Sleep } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';

export const createSleepInputSchema = z.object({
  childId: z.string().check(z.minLength(1)),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  environment: z.optional(
    z.object({
      roomTemp: z.nullable(z.int().check(z.gte(60), z.lte(80))),
      whiteNoise: z.boolean(),
      sleepSackTag: z.nullable(z.string().check(z.maxLength(40))),
    }),
  ),
  notes: z.optional(z.string().check(z.maxLength(1000))),
});

export type CreateSleepInput = z.infer<typeof createSleepInputSchema>;

/** `idempotencyKey` names the entry, not the request: a retried or repeated submit cannot log the sleep twice. */
export type CreateSleepVariables = { input: CreateSleepInput; idempotencyKey: string };

export function createSleep({ input, idempotencyKey }: CreateSleepVariables): Promise<Sleep> {
  return apiRequest<Sleep>('/api/sleep', {
    method: 'POST',
    body: createSleepInputSchema.parse(input),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Lets other parts of the screen show that a sleep is being saved. */
export const createSleepMutationKey = [queryKeyRoots.sleep, 'create'] as const;

export function useCreateSleep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createSleepMutationKey,
    mutationFn: createSleep,
    onSuccess: (_sleep, { input }) => refreshChildData(queryClient, input.childId),
  });
}
