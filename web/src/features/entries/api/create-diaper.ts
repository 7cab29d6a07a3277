import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { DIAPER_CONTENTS, STOOL_COLORS } from '@nightlight/domain/diapers/diaper.events';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite, Submitted } from '../../../lib/offline/outbox.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Diaper } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import { diaperPreview, offlineEntryId } from '../lib/offline-preview.ts';

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
export type CreateDiaperVariables = { input: CreateDiaperInput; idempotencyKey: string; values?: unknown };

/** The write as the outbox keeps it: sent now when it can be, shown as waiting until it is. */
export function createDiaperWrite({ input, idempotencyKey, values }: CreateDiaperVariables): OutboxWrite {
  const body = createDiaperInputSchema.parse(input);
  return {
    method: 'POST',
    path: '/api/diapers',
    body,
    idempotencyKey,
    childId: input.childId,
    view: { kind: 'entry-added', entry: diaperPreview(offlineEntryId(idempotencyKey), body), form: { entryType: 'Diaper', values } },
  };
}

export function createDiaper(variables: CreateDiaperVariables): Promise<Submitted<Diaper>> {
  return outbox.submit<Diaper>(createDiaperWrite(variables));
}

export const createDiaperMutationKey = [queryKeyRoots.diapers, 'create'] as const;

export function useCreateDiaper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createDiaperMutationKey,
    mutationFn: createDiaper,
    // Offline it is kept in the outbox instead of waiting for a connection.
    networkMode: 'always',
    onSuccess: (_diaper, { input }) => refreshChildData(queryClient, input.childId),
  });
}
