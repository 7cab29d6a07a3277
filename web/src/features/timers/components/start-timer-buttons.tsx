import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import type { TimerKind } from '../../../types/api.ts';
import { startTimerMutationKey, type StartTimerInput } from '../api/timer-writes.ts';

/** What the second tap of 'Start feeding' chooses: a breast to start on, or a bottle. */
const FEEDING_CHOICES = [
  { label: 'Left', start: { method: 'Nursing', side: 'left' } },
  { label: 'Right', start: { method: 'Nursing', side: 'right' } },
  { label: 'Bottle', start: { method: 'Bottle' } },
] as const satisfies readonly { label: string; start: Pick<StartTimerInput, 'method' | 'side'> }[];

type StartTimerButtonsProps = {
  /** Kinds with a timer running: their start button is not offered. */
  running: ReadonlySet<TimerKind>;
  onStart: (start: Omit<StartTimerInput, 'childId'>) => void;
};

/** Buttons for a thumb: a feeding takes one more tap, to say how; sleep and pumping start at once. */
export function StartTimerButtons({ running, onStart }: StartTimerButtonsProps) {
  const [choosingFeeding, setChoosingFeeding] = useState(false);
  const starting = useIsMutating({ mutationKey: startTimerMutationKey }) > 0;

  if (choosingFeeding && !running.has('feeding')) {
    return (
      <div className="timer-start timer-start-choices" role="group" aria-label="Start feeding on">
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
            {label}
          </Button>
        ))}
        <Button variant="ghost" className="timer-start-cancel" onClick={() => setChoosingFeeding(false)}>
          Cancel
        </Button>
      </div>
    );
  }

  return (
    <div className="timer-start">
      {!running.has('feeding') && (
        <Button variant="secondary" className="timer-start-button" disabled={starting} onClick={() => setChoosingFeeding(true)}>
          Start feeding
        </Button>
      )}
      {!running.has('sleep') && (
        <Button variant="secondary" className="timer-start-button" disabled={starting} onClick={() => onStart({ kind: 'sleep' })}>
          Start sleep
        </Button>
      )}
      {!running.has('pumping') && (
        <Button variant="secondary" className="timer-start-small" disabled={starting} onClick={() => onStart({ kind: 'pumping' })}>
          Start pumping
        </Button>
      )}
    </div>
  );
}
