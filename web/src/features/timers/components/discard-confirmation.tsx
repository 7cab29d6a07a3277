import { useEffect, useRef } from 'react';
import type { TimerKind } from '../../../types/api.ts';
import { Button } from '../../../components/button.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type DiscardConfirmationProps = { kind: TimerKind; onConfirm: () => void; onCancel: () => void };

/** Discarding loses the time so far, so it takes a second, deliberate tap. */
export function DiscardConfirmation({ kind, onConfirm, onCancel }: DiscardConfirmationProps) {
  const keep = useRef<HTMLButtonElement>(null);
  const t = useT();
  // Focus lands on the safe choice, for a keyboard or a screen reader.
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="timer-confirm" role="group" aria-label={t('timer.discardQuestion')}>
      <p>{t('timer.discardConfirm', { kind })}</p>
      <div className="timer-actions">
        <Button variant="danger" onClick={onConfirm}>
          {t('timer.yesDiscard')}
        </Button>
        {/* A plain button: the shared Button does not pass a ref on. */}
        <button ref={keep} type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('timer.keep')}
        </button>
      </div>
    </div>
  );
}
