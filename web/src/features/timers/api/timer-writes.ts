import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';
import type { BreastSide, Feeding, OkResponse, Pumping, Sleep, Timer, TimerKind, VolumeUnit } from '../../../types/api.ts';
import { refreshChildData } from '../../../lib/child-data.ts';
import { runningTimersKey } from './get-running-timers.ts';

const timerPath = (timerId: string, action = '') => `/api/timers/${encodeURIComponent(timerId)}${action}`;

export type StartTimerInput = { childId: string; kind: TimerKind; method?: 'Bottle' | 'Nursing'; side?: BreastSide };

/** What a stop adds to the entry: a bottle's amount (in the unit it was measured in), pumped amounts, notes. */
export type StopTimerInput = {
  amountOz?: number;
  amountMl?: number;
  type?: 'Breast Milk' | 'Formula';
  leftAmount?: number;
  rightAmount?: number;
  unit?: VolumeUnit;
  notes?: string;
};

/**
 * Each tap carries its own Idempotency-Key, made when the parent taps: the query client's retry of a
 * lost answer sends the same key, so a start or a stop is not done twice.
 */
type Keyed<T> = T & { idempotencyKey: string };
type TimerRef = { timerId: string; childId: string };

export const startTimer = ({ idempotencyKey, ...input }: Keyed<StartTimerInput>) =>
  apiRequest<Timer>('/api/timers', { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });

export const switchTimerSide = ({ timerId, idempotencyKey }: Keyed<TimerRef>) =>
  apiRequest<Timer>(timerPath(timerId, '/switch-side'), { method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } });

export const stopTimer = ({ timerId, stop, idempotencyKey }: Keyed<TimerRef & { stop: StopTimerInput }>) =>
  apiRequest<Feeding | Sleep | Pumping>(timerPath(timerId, '/stop'), { method: 'POST', body: stop, headers: { 'Idempotency-Key': idempotencyKey } });

export const discardTimer = ({ timerId, idempotencyKey }: Keyed<TimerRef>) =>
  apiRequest<OkResponse>(timerPath(timerId), { method: 'DELETE', headers: { 'Idempotency-Key': idempotencyKey } });

/** Shows the answer at once, before the refetch confirms it: a running timer replaced, or one gone. */
function showTimer(queryClient: QueryClient, childId: string, timerId: string, timer: Timer | null) {
  queryClient.setQueryData<Timer[]>(runningTimersKey(childId), (timers) => {
    const others = (timers ?? []).filter((candidate) => candidate.id !== timerId);
    return timer ? [...others, timer] : others;
  });
}

/** Lets the start buttons say a timer is starting, whichever of them was tapped. */
export const startTimerMutationKey = [queryKeyRoots.timers, 'start'] as const;

export function useStartTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: startTimerMutationKey,
    mutationFn: startTimer,
    onSuccess: (timer, { childId }) => {
      showTimer(queryClient, childId, timer.id, timer);
      return refreshChildData(queryClient, childId);
    },
  });
}

export function useSwitchTimerSide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchTimerSide,
    onSuccess: (timer, { childId }) => {
      showTimer(queryClient, childId, timer.id, timer);
      return refreshChildData(queryClient, childId);
    },
  });
}

export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTimer,
    onSuccess: (_entry, { childId, timerId }) => {
      showTimer(queryClient, childId, timerId, null);
      return refreshChildData(queryClient, childId);
    },
  });
}

export function useDiscardTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardTimer,
    onSuccess: (_ok, { childId, timerId }) => {
      showTimer(queryClient, childId, timerId, null);
      return refreshChildData(queryClient, childId);
    },
  });
}
