import { TextField } from '../../../components/text-field.tsx';
import { toDateTimeInputValue } from '../lib/date-time-input.ts';

/** The API refuses longer notes: 'Notes must be 1000 characters or less'. */
const NOTES_MAX_LENGTH = 1000;

type FieldProps = { value: string; onChange: (value: string) => void };

/** When an entry started: required, and not later than now (a log is of what happened). */
export function EntryStartField({ label, value, error, onChange }: FieldProps & { label: string; error: string | undefined }) {
  return (
    <TextField
      label={label}
      type="datetime-local"
      required
      max={toDateTimeInputValue(new Date())}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function NotesField({ value, onChange }: FieldProps) {
  return (
    <TextField
      label="Notes (optional)"
      maxLength={NOTES_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
