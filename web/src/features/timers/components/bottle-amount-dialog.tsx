import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { VOLUME_LIMITS, volumeProblemText } from '../../../lib/units.ts';
import type { VolumeUnit } from '../../../types/api.ts';
import type { StopTimerInput } from '../api/timer-writes.ts';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';

type BottleAmountDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The amount as entered, in the parent's unit, as the stop sends it. */
  onSubmit: (amount: Pick<StopTimerInput, 'amountOz' | 'amountMl'>) => void;
};

/** A bottle's end needs one thing the timer cannot know: how much the baby drank. */
export function BottleAmountDialog({ open, onClose, onSubmit }: BottleAmountDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('timer.stopBottle')} className="entry-dialog">
      {/* Mounted only while open, so every opening starts empty. */}
      <AmountForm onCancel={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}

/** The same rules as Add Feeding's amount, the domain's. */
function amountProblem(value: string, unit: VolumeUnit): string | undefined {
  if (value.trim() === '') return t('timer.amountRequired');
  return volumeProblemText(Number(value), unit);
}

function AmountForm({ onCancel, onSubmit }: { onCancel: () => void; onSubmit: BottleAmountDialogProps['onSubmit'] }) {
  const { volume } = useUnits();
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const t = useT();
  const error = submitted ? amountProblem(amount, volume) : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (amountProblem(amount, volume)) return;
    onSubmit(volume === 'oz' ? { amountOz: Number(amount) } : { amountMl: Number(amount) });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <TextField
        label={t('timer.amount', { unit: volume })}
        type="number"
        inputMode="decimal"
        min={0}
        max={VOLUME_LIMITS[volume].max}
        step={VOLUME_LIMITS[volume].step}
        required
        value={amount}
        error={error}
        onChange={(event) => setAmount(event.target.value)}
      />
      <FormDialogActions onCancel={onCancel} pending={false} submitLabel={t('timer.stopAndLog')} pendingLabel={t('timer.stopping')} />
    </form>
  );
}
