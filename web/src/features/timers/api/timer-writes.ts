import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { maximumEndOf } from '@nightlight/domain/timers/timer-rules';
import { isOfflineId, offlineId, type Submitted } from '../../../lib/offline/outbox.ts';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import { getAuthState } from '../../../stores/auth-store.ts';
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
 * lost answer sends the same key, so a start or a stop is not done twice. Each goes through the
 * outbox: with no signal it waits there, shown on the timer, and is sent in turn when the
 * connection returns. A timer started offline goes by a placeholder id until its start is sent.
 */
type Keyed<T> = T & { idempotencyKey: string };
type TimerRef = { timerId: string; childId: string };

/** The timer as the panel shows it until its start is sent: ticking from the tap. */
export function previewTimer(input: StartTimerInput, idempotencyKey: string, startedAt: Date): Timer {
  const { user } = getAuthState();
  const method = input.kind === 'feeding' ? (input.method ?? 'Nursing') : null;
  const side = method === 'Nursing' ? (input.side ?? 'left') : null;
  return {
    id: offlineId(idempotencyKey),
    childId: input.childId,
    kind: input.kind,
    method,
    startedAt: startedAt.toISOString(),
    side,
    sides: side ? [{ side, startedAt: startedAt.toISOString(), endedAt: null }] : [],
    startedBy: { memberId: user?.id ?? '', displayName: user?.displayName ?? 'You' },
    stopsAt: maximumEndOf({ kind: input.kind, startedAt: startedAt.toISOString() }),
  };
}

// Each write says when it was tapped: one that waits in the outbox with no signal still counts then.

export function startTimer({ idempotencyKey, ...input }: Keyed<StartTimerInput>) {
  const tapped = new Date();
  const body = { ...input, startedAt: tapped.toISOString() };
  return outbox.submit<Timer>({ method: 'POST', path: '/api/timers', body, idempotencyKey, childId: input.childId, view: { kind: 'timer-started', timer: previewTimer(input, idempotencyKey, tapped) } });
}

export const switchTimerSide = ({ timerId, childId, idempotencyKey, side }: Keyed<TimerRef> & { side: BreastSide | null }) =>
  outbox.submit<Timer>({
    method: 'POST',
    path: timerPath(timerId, '/switch-side'),
    body: { switchedAt: new Date().toISOString() },
    idempotencyKey,
    childId,
    view: { kind: 'timer-switched', timerId, side: side === 'left' ? 'right' : 'left' },
  });

export function stopTimer({ timerId, childId, stop, idempotencyKey }: Keyed<TimerRef & { stop: StopTimerInput }>) {
  const endedAt = new Date().toISOString();
  return outbox.submit<Feeding | Sleep | Pumping>({ method: 'POST', path: timerPath(timerId, '/stop'), body: { ...stop, endedAt }, idempotencyKey, childId, view: { kind: 'timer-stopped', timerId, stoppedAt: endedAt } });
}

/** A timer only this device knows of is dropped with what was done to it; any other is discarded on the server. */
export const discardTimer = async ({ timerId, childId, idempotencyKey }: Keyed<TimerRef>): Promise<Submitted<OkResponse> | null> => {
  if (isOfflineId(timerId)) {
    await outbox.discard(timerId.slice(offlineId('').length));
    return null;
  }
  return outbox.submit<OkResponse>({ method: 'DELETE', path: timerPath(timerId), idempotencyKey, childId, view: { kind: 'timer-discarded', timerId } });
};

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
    networkMode: 'always',
    onSuccess: (submitted, { childId }) => {
      if (submitted.queued) return;
      showTimer(queryClient, childId, submitted.answer.id, submitted.answer);
      return refreshChildData(queryClient, childId);
    },
  });
}

export function useSwitchTimerSide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchTimerSide,
    networkMode: 'always',
    onSuccess: (submitted, { childId }) => {
      if (submitted.queued) return;
      showTimer(queryClient, childId, submitted.answer.id, submitted.answer);
      return refreshChildData(queryClient, childId);
    },
  });
}

export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopTimer,
    networkMode: 'always',
    onSuccess: (submitted, { childId, timerId }) => {
      if (submitted.queued) return;
      showTimer(queryClient, childId, timerId, null);
      return refreshChildData(queryClient, childId);
    },
  });
}

export function useDiscardTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardTimer,
    networkMode: 'always',
    onSuccess: (submitted, { childId, timerId }) => {
      if (!submitted || submitted.queued) return;
      showTimer(queryClient, childId, timerId, null);
      return refreshChildData(queryClient, childId);
    },
  });
}
