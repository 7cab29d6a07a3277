import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { VOLUME_LIMITS, volumeProblem } from '../../../lib/units.ts';
import type { VolumeUnit } from '../../../types/api.ts';
import type { StopTimerInput } from '../api/timer-writes.ts';

type BottleAmountDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The amount as entered, in the parent's unit, as the stop sends it. */
  onSubmit: (amount: Pick<StopTimerInput, 'amountOz' | 'amountMl'>) => void;
};

/** A bottle's end needs one thing the timer cannot know: how much the baby drank. */
export function BottleAmountDialog({ open, onClose, onSubmit }: BottleAmountDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Stop bottle feeding" className="entry-dialog">
      {/* Mounted only while open, so every opening starts empty. */}
      <AmountForm onCancel={onClose} onSubmit={onSubmit} />
    </Dialog>
  );
}

/** The same messages as Add Feeding's amount, from the domain's rules. */
function amountProblem(value: string, unit: VolumeUnit): string | undefined {
  if (value.trim() === '') return 'Amount is required for bottle feeding';
  return volumeProblem(Number(value), unit);
}

function AmountForm({ onCancel, onSubmit }: { onCancel: () => void; onSubmit: BottleAmountDialogProps['onSubmit'] }) {
  const { volume } = useUnits();
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
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
        label={`Amount (${volume})`}
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
      <FormDialogActions onCancel={onCancel} pending={false} submitLabel="Stop and log" pendingLabel="Stopping..." />
    </form>
  );
}
