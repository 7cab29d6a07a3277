import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { createIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { outbox } from '../../../lib/offline/app-outbox.ts';
import type { Timer } from '../../../types/api.ts';
import type { TimerSync } from '../lib/waiting-timers.ts';
import { useDiscardTimer, useStopTimer, useSwitchTimerSide, type StopTimerInput } from '../api/timer-writes.ts';
import { useSecondTick } from '../hooks/use-second-tick.ts';
import { formatElapsed } from '../lib/elapsed.ts';
import { needsAmount, switchText, timerDetailText, timerKindName } from '../lib/timer-texts.ts';
import { BottleAmountDialog } from './bottle-amount-dialog.tsx';
import { DiscardConfirmation } from './discard-confirmation.tsx';
import { useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

/**
 * A running timer: what it times, for how long so far, who started it, and what can be done with it.
 * `sync`: a write of it still in the outbox, marked 'Waiting to sync' (or refused, with Discard).
 */
export function TimerCard({ timer, sync }: { timer: Timer; sync?: TimerSync }) {
  const now = useSecondTick();
  const switchSide = useSwitchTimerSide();
  const stop = useStopTimer();
  const discard = useDiscardTimer();
  const [askingAmount, setAskingAmount] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // Only the last refusal shows: a new tap clears it.
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = switchSide.isPending || stop.isPending || discard.isPending;
  const ref = { timerId: timer.id, childId: timer.childId };
  const t = useT();
  const kindName = timerKindName(timer.kind);
  const detail = timerDetailText(timer);
  const showRefusal = (fallback: string) => (error: unknown) => setRefusal(errorMessage(error, fallback));

  function sendStop(input: StopTimerInput) {
    setRefusal(null);
    stop.mutate({ ...ref, stop: input, idempotencyKey: createIdempotencyKey() }, { onError: showRefusal(t('timer.stopFailed')) });
  }

  function handleStop() {
    if (needsAmount(timer)) setAskingAmount(true);
    else sendStop({});
  }

  function handleSwitch() {
    setRefusal(null);
    switchSide.mutate({ ...ref, side: timer.side, idempotencyKey: createIdempotencyKey() }, { onError: showRefusal(t('timer.switchFailed')) });
  }

  function handleDiscard() {
    setConfirmingDiscard(false);
    setRefusal(null);
    discard.mutate({ ...ref, idempotencyKey: createIdempotencyKey() }, { onError: showRefusal(t('timer.discardFailed')) });
  }

  // Stopped or discarded on this device, not yet on the server: nothing more to do with it.
  const ended = sync?.action === 'stop' || sync?.action === 'discard';
  const endedAt = sync?.stoppedAt ? new Date(sync.stoppedAt) : now;

  return (
    <article className={`timer-card timer-${timer.kind}${sync ? ' timer-waiting' : ''}`} aria-label={t('timer.label', { kind: kindName })}>
      <div className="timer-card-heading">
        <h3 className="timer-kind">{kindName}</h3>
        {detail && <span className="timer-detail">{detail}</span>}
      </div>
      {/* role=timer is not announced on each change: a screen reader is not read every second. */}
      <p className="timer-elapsed" role="timer">
        {formatElapsed(timer.startedAt, ended ? endedAt : now)}
      </p>
      <p className="timer-started-by">{t('timer.startedBy', { name: timer.startedBy.displayName })}</p>
      {sync && <TimerSyncState sync={sync} />}
      {!ended && !sync?.refusal && timer.side && (
        <Button variant="secondary" className="timer-switch" fullWidth disabled={busy} onClick={handleSwitch}>
          {switchText(timer.side)}
        </Button>
      )}
      {!ended && !sync?.refusal && (
        <div className="timer-actions">
          <Button className="timer-stop" disabled={busy} onClick={handleStop}>
            {stop.isPending ? t('timer.stopping') : t('timer.stop')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => setConfirmingDiscard(true)}>
            {t('entry.discard')}
          </Button>
        </div>
      )}
      {confirmingDiscard && <DiscardConfirmation kind={timer.kind} onConfirm={handleDiscard} onCancel={() => setConfirmingDiscard(false)} />}
      <FormError message={refusal} />
      <BottleAmountDialog
        open={askingAmount}
        onClose={() => setAskingAmount(false)}
        onSubmit={(amount) => {
          setAskingAmount(false);
          sendStop(amount);
        }}
      />
    </article>
  );
}

const ENDED_TEXTS: Partial<Record<TimerSync['action'], MessageKey>> = { stop: 'timer.stopped', discard: 'timer.discarded' };

/** 'Waiting to sync' on a timer changed offline; refused, the server's reason and Discard. */
function TimerSyncState({ sync }: { sync: TimerSync }) {
  const t = useT();
  const endedKey = ENDED_TEXTS[sync.action];
  const ended = endedKey && t(endedKey);
  if (!sync.refusal) {
    return (
      <p className="timer-sync">
        {ended && <span className="timer-sync-ended">{ended}</span>}
        <span className="entry-sync">{t('entry.waitingToSync')}</span>
      </p>
    );
  }
  return (
    <div className="entry-refusal" role="alert">
      <p className="entry-refusal-message">{sync.refusal.message}</p>
      <div className="entry-refusal-actions">
        <Button variant="ghost" onClick={() => void outbox.discard(sync.itemId)}>
          {t('entry.discard')}
        </Button>
      </div>
    </div>
  );
}
