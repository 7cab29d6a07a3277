import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { DIAPER_CONTENTS, STOOL_COLORS } from '@nightlight/domain/diapers/diaper.events';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Diaper } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';

export { DIAPER_CONTENTS, STOOL_COLORS };

export const createDiaperInputSchema = z
  .object({
    childId: z.string().check(z.minLength(1)),
    occurredAt: z.iso.datetime(),
    contents: z.enum(DIAPER_CONTENTS),
    color: z.optional(z.enum(STOOL_COLORS)),
    notes: z.optional(z.string().check(z.maxLength(1000))),
  })
  // A colour describes stool: a wet or dry diaper has none.
  .check(z.refine((input) => input.color === undefined || input.contents === 'dirty' || input.contents === 'both', { message: 'Color applies to dirty diapers only' }));

export type CreateDiaperInput = z.infer<typeof createDiaperInputSchema>;

/** `idempotencyKey` names the entry, not the request: a retried or repeated save cannot log the change twice. */
export type CreateDiaperVariables = { input: CreateDiaperInput; idempotencyKey: string };

export function createDiaper({ input, idempotencyKey }: CreateDiaperVariables): Promise<Diaper> {
  return apiRequest<Diaper>('/api/diapers', {
    method: 'POST',
    body: createDiaperInputSchema.parse(input),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export const createDiaperMutationKey = [queryKeyRoots.diapers, 'create'] as const;

export function useCreateDiaper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createDiaperMutationKey,
    mutationFn: createDiaper,
    onSuccess: (_diaper, { input }) => refreshChildData(queryClient, input.childId),
  });
}
