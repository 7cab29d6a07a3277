import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import type { LastBottle } from '../../../types/api.ts';
import { useSameBottleTap } from '../hooks/use-same-bottle-tap.ts';
import { bottleText } from '../lib/bottle-text.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/** `lastBottle` is null before the first bottle: the button is not offered, a toast still shows. */
type SameAsLastButtonProps = { childId: string; lastBottle: LastBottle | null };

/** Logs the last bottle again, starting now, in one tap; Undo takes it back for ten seconds. */
export function SameAsLastButton({ childId, lastBottle }: SameAsLastButtonProps) {
  const { volume } = useUnits();
  const { logAgain, undo, logging, loggedId, undoing, removed, refusal } = useSameBottleTap(childId);
  // What the toast names: the bottle as it was tapped, even once an Undo changed the last one.
  const [loggedText, setLoggedText] = useState('');
  const t = useT();

  return (
    <div className="same-as-last">
      {lastBottle && (
        // Disabled until its toast closes: the toast's Undo belongs to this one tap.
        <Button
          variant="secondary"
          className="timer-start-small"
          fullWidth
          disabled={logging || loggedId !== null}
          onClick={() => {
            setLoggedText(bottleText(lastBottle, volume));
            logAgain(lastBottle);
          }}
        >
          {t('timer.sameAsLast', { bottle: bottleText(lastBottle, volume) })}
        </Button>
      )}
      <FormError message={refusal} />
      <div className="toast-region" role="status">
        {loggedId !== null && (
          <div className="toast">
            <span>{t('timer.bottleLogged', { bottle: loggedText })}</span>
            <Button variant="ghost" className="toast-action" disabled={undoing} onClick={undo}>
              {t('entry.undo')}
            </Button>
          </div>
        )}
        {removed && <div className="toast">{t('timer.bottleRemoved')}</div>}
      </div>
    </div>
  );
}
