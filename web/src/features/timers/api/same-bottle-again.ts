import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedingLine } from '@nightlight/domain/feedings/feeding-rules';
import { entryLine } from '@nightlight/domain/timeline/timeline-entry';
import { apiRequest } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/local-date.ts';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import { isOfflineId, offlineId, type Submitted } from '../../../lib/offline/outbox.ts';

/** The server's length of a feeding sent without an end. */
const DEFAULT_FEEDING_MS = 15 * 60_000;
import type { Feeding, LastBottle, OkResponse } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';

export type SameBottleVariables = {
  childId: string;
  bottle: LastBottle;
  /** Fixed when the parent taps, so a retry of the same tap sends the same request. */
  startedAt: string;
  idempotencyKey: string;
};

/**
 * Logs the last bottle again, starting now: its amount as it was entered, in its own unit (120 mL
 * stays 120 mL whatever the reader's unit), and its type. No end: the server's default 15 minutes.
 */
export function logSameBottle({ childId, bottle, startedAt, idempotencyKey }: SameBottleVariables): Promise<Submitted<Feeding>> {
  const { value, unit } = bottle.enteredAmount;
  const body = { childId, startedAt, method: 'Bottle', [unit === 'oz' ? 'amountOz' : 'amountMl']: value, ...(bottle.type ? { type: bottle.type } : {}) };
  // Through the outbox, as every entry: with no signal it waits there and shows in the timeline.
  const endedAt = new Date(Date.parse(startedAt) + DEFAULT_FEEDING_MS).toISOString();
  const entry = { ...entryLine('Feeding', offlineId(idempotencyKey), { ...feedingLine({ amountOz: null, method: 'Bottle' }), amount: `${value} ${unit}` }, startedAt, endedAt, browserTimeZone()), notes: '' };
  return outbox.submit<Feeding>({ method: 'POST', path: '/api/feedings', body, idempotencyKey, childId, view: { kind: 'entry-added', entry, form: null } });
}

/** Undo: a bottle still waiting in the outbox is simply not sent. */
export const removeBottle = async ({ feedingId }: { childId: string; feedingId: string }): Promise<OkResponse | null> => {
  if (!isOfflineId(feedingId)) return apiRequest<OkResponse>(`/api/feedings/${encodeURIComponent(feedingId)}`, { method: 'DELETE' });
  await outbox.discard(feedingId.slice(offlineId('').length));
  return null;
};

export function useLogSameBottle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logSameBottle, networkMode: 'always', onSuccess: (_feeding, { childId }) => refreshChildData(queryClient, childId) });
}

export function useRemoveBottle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeBottle, networkMode: 'always', onSuccess: (_ok, { childId }) => refreshChildData(queryClient, childId) });
}
