import { Button, type ButtonVariant } from './button.tsx';
import { useT } from '../lib/i18n/i18n-store.ts';

type FormDialogActionsProps = {
  onCancel: () => void;
  /** The form is being sent: its button is disabled and reads `pendingLabel`. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
};

/** The foot of a dialog's form: Cancel, and the submit button that says what it is doing while it waits. */
export function FormDialogActions({ onCancel, pending, submitLabel, pendingLabel, variant = 'primary' }: FormDialogActionsProps) {
  const t = useT();
  return (
    <div className="dialog-actions">
      <Button variant="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant={variant} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
