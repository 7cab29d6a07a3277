import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite, Submitted } from '../../../lib/offline/outbox.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Sleep } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import { sleepPreview, offlineEntryId } from '../lib/offline-preview.ts';

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
export type CreateSleepVariables = { input: CreateSleepInput; idempotencyKey: string; values?: unknown };

/** The write as the outbox keeps it: sent now when it can be, shown as waiting until it is. */
export function createSleepWrite({ input, idempotencyKey, values }: CreateSleepVariables): OutboxWrite {
  const body = createSleepInputSchema.parse(input);
  return {
    method: 'POST',
    path: '/api/sleep',
    body,
    idempotencyKey,
    childId: input.childId,
    view: { kind: 'entry-added', entry: sleepPreview(offlineEntryId(idempotencyKey), body), form: { entryType: 'Sleep', values } },
  };
}

export function createSleep(variables: CreateSleepVariables): Promise<Submitted<Sleep>> {
  return outbox.submit<Sleep>(createSleepWrite(variables));
}

/** Lets other parts of the screen show that a sleep is being saved. */
export const createSleepMutationKey = [queryKeyRoots.sleep, 'create'] as const;

export function useCreateSleep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createSleepMutationKey,
    mutationFn: createSleep,
    // Offline it is kept in the outbox instead of waiting for a connection.
    networkMode: 'always',
    onSuccess: (_sleep, { input }) => refreshChildData(queryClient, input.childId),
  });
}
