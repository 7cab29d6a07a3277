import { useEffect, useRef } from 'react';
import { Button } from '../../../components/button.tsx';

type DiscardConfirmationProps = { kindName: string; onConfirm: () => void; onCancel: () => void };

/** Discarding loses the time so far, so it takes a second, deliberate tap. */
export function DiscardConfirmation({ kindName, onConfirm, onCancel }: DiscardConfirmationProps) {
  const keep = useRef<HTMLButtonElement>(null);
  // Focus lands on the safe choice, for a keyboard or a screen reader.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="timer-confirm" role="group" aria-label="Discard this timer?">
      <p>{`Discard this ${kindName.toLowerCase()} timer? Nothing will be logged.`}</p>
      <div className="timer-actions">
        <Button variant="danger" onClick={onConfirm}>
          Yes, discard
        </Button>
        {/* A plain button: the shared Button does not pass a ref on. */}
        <button ref={keep} type="button" className="btn btn-secondary" onClick={onCancel}>
          Keep timer
        </button>
      </div>
    </div>
  );
}
