import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { createIdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { Timer } from '../../../types/api.ts';
import { useDiscardTimer, useStopTimer, useSwitchTimerSide, type StopTimerInput } from '../api/timer-writes.ts';
import { useSecondTick } from '../hooks/use-second-tick.ts';
import { formatElapsed } from '../lib/elapsed.ts';
import { needsAmount, switchText, TIMER_KIND_NAMES, timerDetailText } from '../lib/timer-texts.ts';
import { BottleAmountDialog } from './bottle-amount-dialog.tsx';
import { DiscardConfirmation } from './discard-confirmation.tsx';

/** A running timer: what it times, for how long so far, who started it, and what can be done with it. */
export function TimerCard({ timer }: { timer: Timer }) {
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
  const kindName = TIMER_KIND_NAMES[timer.kind];
  const detail = timerDetailText(timer);
  const showRefusal = (fallback: string) => (error: unknown) => setRefusal(errorMessage(error, fallback));

  function sendStop(input: StopTimerInput) {
    setRefusal(null);
    stop.mutate({ ...ref, stop: input, idempotencyKey: createIdempotencyKey() }, { onError: showRefusal('Could not stop the timer') });
  }

  function handleStop() {
    if (needsAmount(timer)) setAskingAmount(true);
    else sendStop({});
  }

  function handleSwitch() {
    setRefusal(null);
    switchSide.mutate({ ...ref, idempotencyKey: createIdempotencyKey() }, { onError: showRefusal('Could not switch sides') });
  }

  function handleDiscard() {
    setConfirmingDiscard(false);
    setRefusal(null);
    discard.mutate({ ...ref, idempotencyKey: createIdempotencyKey() }, { onError: showRefusal('Could not discard the timer') });
  }

  return (
    <article className={`timer-card timer-${timer.kind}`} aria-label={`${kindName} timer`}>
      <div className="timer-card-heading">
        <h3 className="timer-kind">{kindName}</h3>
        {detail && <span className="timer-detail">{detail}</span>}
      </div>
      {/* role=timer is not announced on each change: a screen reader is not read every second. */}
      <p className="timer-elapsed" role="timer">
        {formatElapsed(timer.startedAt, now)}
      </p>
      <p className="timer-started-by">{`Started by ${timer.startedBy.displayName}`}</p>
      {timer.side && (
        <Button variant="secondary" className="timer-switch" fullWidth disabled={busy} onClick={handleSwitch}>
          {switchText(timer.side)}
        </Button>
      )}
      <div className="timer-actions">
        <Button className="timer-stop" disabled={busy} onClick={handleStop}>
          {stop.isPending ? 'Stopping...' : 'Stop'}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => setConfirmingDiscard(true)}>
          Discard
        </Button>
      </div>
      {confirmingDiscard && <DiscardConfirmation kindName={kindName} onConfirm={handleDiscard} onCancel={() => setConfirmingDiscard(false)} />}
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
