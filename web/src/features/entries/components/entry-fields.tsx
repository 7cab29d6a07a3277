import { TextField } from '../../../components/text-field.tsx';
import { toDateTimeInputValue } from '../lib/date-time-input.ts';
import { spanAfter, spanHint, type SpanValues } from '../lib/span-times.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

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
  const t = useT();
  return (
    <TextField
      label={t('entry.notes')}
      maxLength={NOTES_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

type SpanFieldsProps = {
  labels: { start: string; end: string; duration: string };
  span: SpanValues;
  errors: { datetime?: string | undefined; durationMins?: string | undefined };
  duration: { min: number; max: number; placeholder?: string; hint?: string };
  onChange: (span: SpanValues) => void;
};

/**
 * When an entry started and ended, or started and how many minutes it lasted: either way in, the
 * other kept in step (span-times.ts). The end is a time of day, the next day when earlier than the start.
 */
export function SpanFields({ labels, span, errors, duration, onChange }: SpanFieldsProps) {
  const update = (changes: Parameters<typeof spanAfter>[1]) => onChange(spanAfter(span, changes));
  const hint = span.endTime ? spanHint(span.datetime, span.endTime) : '';
  return (
    <>
      <EntryStartField label={labels.start} value={span.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <div className="field-pair">
        <TextField label={labels.end} type="time" value={span.endTime} hint={hint} onChange={(event) => update({ endTime: event.target.value })} />
        <TextField
          label={labels.duration}
          type="number"
          inputMode="numeric"
          min={duration.min}
          max={duration.max}
          step={1}
          placeholder={duration.placeholder}
          value={span.durationMins}
          error={errors.durationMins}
          hint={duration.hint}
          onChange={(event) => update({ durationMins: event.target.value })}
        />
      </div>
    </>
  );
}
