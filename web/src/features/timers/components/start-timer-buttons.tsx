import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import type { TimerKind } from '../../../types/api.ts';
import { startTimerMutationKey, type StartTimerInput } from '../api/timer-writes.ts';
import { useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

/** What the second tap of 'Start feeding' chooses: a breast to start on, or a bottle. */
const FEEDING_CHOICES = [
  { label: 'timer.left', start: { method: 'Nursing', side: 'left' } },
  { label: 'timer.right', start: { method: 'Nursing', side: 'right' } },
  { label: 'feedingMethod.bottle', start: { method: 'Bottle' } },
] as const satisfies readonly { label: MessageKey; start: Pick<StartTimerInput, 'method' | 'side'> }[];

type StartTimerButtonsProps = {
  /** Kinds with a timer running: their start button is not offered. */
  running: ReadonlySet<TimerKind>;
  onStart: (start: Omit<StartTimerInput, 'childId'>) => void;
};

/** Buttons for a thumb: a feeding takes one more tap, to say how; sleep and pumping start at once. */
export function StartTimerButtons({ running, onStart }: StartTimerButtonsProps) {
  const [choosingFeeding, setChoosingFeeding] = useState(false);
  const starting = useIsMutating({ mutationKey: startTimerMutationKey }) > 0;
  const t = useT();

  if (choosingFeeding && !running.has('feeding')) {
    return (
      <div className="timer-start timer-start-choices" role="group" aria-label={t('timer.startFeedingOn')}>
        {FEEDING_CHOICES.map(({ label, start }) => (
          <Button
            key={label}
            className="timer-start-button"
            disabled={starting}
            onClick={() => {
              setChoosingFeeding(false);
              onStart({ kind: 'feeding', ...start });
            }}
          >
            {t(label)}
          </Button>
        ))}
        <Button variant="ghost" className="timer-start-cancel" onClick={() => setChoosingFeeding(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    );
  }

  return (
    <div className="timer-start">
      {!running.has('feeding') && (
        <Button variant="secondary" className="timer-start-button" disabled={starting} onClick={() => setChoosingFeeding(true)}>
          {t('timer.startFeeding')}
        </Button>
      )}
      {!running.has('sleep') && (
        <Button variant="secondary" className="timer-start-button" disabled={starting} onClick={() => onStart({ kind: 'sleep' })}>
          {t('timer.startSleep')}
        </Button>
      )}
      {!running.has('pumping') && (
        <Button variant="secondary" className="timer-start-small" disabled={starting} onClick={() => onStart({ kind: 'pumping' })}>
          {t('timer.startPumping')}
        </Button>
      )}
    </div>
  );
}
