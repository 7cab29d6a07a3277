import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { OutboxWrite, Submitted } from '../../../lib/offline/outbox.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { Pumping, VolumeUnit } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import { pumpingPreview, offlineEntryId } from '../lib/offline-preview.ts';

export type CreatePumpingInput = {
  childId: string;
  startedAt: string;
  durationMinutes?: number;
  leftAmount?: number;
  rightAmount?: number;
  unit: VolumeUnit;
  notes?: string;
};

export type CreatePumpingVariables = { input: CreatePumpingInput; idempotencyKey: string; values?: unknown };

/** The write as the outbox keeps it: sent now when it can be, shown as waiting until it is. */
export function createPumpingWrite({ input, idempotencyKey, values }: CreatePumpingVariables): OutboxWrite {
  const body = input;
  return {
    method: 'POST',
    path: '/api/pumpings',
    body,
    idempotencyKey,
    childId: input.childId,
    view: { kind: 'entry-added', entry: pumpingPreview(offlineEntryId(idempotencyKey), body), form: { entryType: 'Pumping', values } },
  };
}

export function createPumping(variables: CreatePumpingVariables): Promise<Submitted<Pumping>> {
  return outbox.submit<Pumping>(createPumpingWrite(variables));
}

export const createPumpingMutationKey = [queryKeyRoots.pumpings, 'create'] as const;

export function useCreatePumping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createPumpingMutationKey,
    mutationFn: createPumping,
    // Offline it is kept in the outbox instead of waiting for a connection.
    networkMode: 'always',
    onSuccess: (_pumping, { input }) => refreshChildData(queryClient, input.childId),
  });
}
