import type { OutboxItem, Refusal } from '../../../lib/offline/outbox.ts';
import type { BreastSide, Timer } from '../../../types/api.ts';

/** A write of this timer still in the outbox: waiting to be sent, or refused with the server's reason. */
export type TimerSync = { itemId: string; action: 'start' | 'switch' | 'stop' | 'discard'; refusal: Refusal | null; stoppedAt?: string };

export type ShownTimer = { timer: Timer; sync?: TimerSync };

const markOf = (item: OutboxItem, action: TimerSync['action']): TimerSync => ({ itemId: item.id, action, refusal: item.refusal });

/**
 * The running timers as the server lists them, with what the outbox still holds for them: a timer
 * started offline (ticking from the tap), a side switched, a stop or a discard marked on it. A
 * refused write shows on its timer until it is discarded.
 */
export function withWaitingTimerWrites(timers: readonly Timer[], items: readonly OutboxItem[]): ShownTimer[] {
  const shown: ShownTimer[] = timers.map((timer) => ({ timer }));
  const at = (timerId: string) => shown.findIndex((candidate) => candidate.timer.id === timerId);
  for (const item of items) {
    const { view } = item;
    if (view.kind === 'timer-started') {
      shown.push({ timer: view.timer as Timer, sync: markOf(item, 'start') });
      continue;
    }
    if (view.kind !== 'timer-switched' && view.kind !== 'timer-stopped' && view.kind !== 'timer-discarded') continue;
    const index = at(view.timerId);
    if (index < 0) continue;
    const current = shown[index]!;
    // A refused start stays the one to see: what came after it cannot be sent either.
    if (current.sync?.refusal) continue;
    if (view.kind === 'timer-switched') shown[index] = { timer: { ...current.timer, side: view.side as BreastSide }, sync: markOf(item, 'switch') };
    if (view.kind === 'timer-stopped') shown[index] = { timer: current.timer, sync: { ...markOf(item, 'stop'), stoppedAt: view.stoppedAt } };
    if (view.kind === 'timer-discarded') shown[index] = { timer: current.timer, sync: markOf(item, 'discard') };
  }
  return shown;
}

/** Still running as far as this device knows: not stopped nor discarded, even if not yet sent. */
export const isRunning = ({ sync }: ShownTimer) => sync?.action !== 'stop' && sync?.action !== 'discard';
