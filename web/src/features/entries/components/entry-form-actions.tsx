import { Button } from '../../../components/button.tsx';

/** The foot of an Add dialog: Cancel, and Add Entry, which reads "Adding..." while the entry is saved. */
export function EntryFormActions({ onCancel, pending }: { onCancel: () => void; pending: boolean }) {
  return (
    <div className="dialog-actions">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Adding...' : 'Add Entry'}
      </Button>
    </div>
  );
}
