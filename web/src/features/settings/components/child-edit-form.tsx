import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Select } from '../../../components/select.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { DISPLAY_NAME_MAX_LENGTH } from '../../../config/constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { todayLocalDate } from '../../../lib/local-date.ts';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import type { Child, ChildSex } from '../../../types/api.ts';
import { useUpdateChild } from '../api/update-child.ts';
import { TimezoneField } from './timezone-field.tsx';
import { childName } from './child-summary.tsx';

const SEX_OPTIONS = [
  { value: 'Female', label: 'Female' },
  { value: 'Male', label: 'Male' },
  { value: 'Unknown', label: 'Unknown' },
] as const;

type Errors = { displayName?: string; birthDate?: string };

function validate(displayName: string, birthDate: string, today: string): Errors {
  const errors: Errors = {};
  const name = displayName.trim();
  if (!name) errors.displayName = 'Display name is required';
  else if (name.length > DISPLAY_NAME_MAX_LENGTH) errors.displayName = 'Display name must be 50 characters or less';
  if (!birthDate) errors.birthDate = 'Birth date is required';
  else if (birthDate > today) errors.birthDate = 'Birth date cannot be in the future';
  return errors;
}

type ChildEditFormProps = { child: Child; onDone: () => void };

export function ChildEditForm({ child, onDone }: ChildEditFormProps) {
  const [displayName, setDisplayName] = useState(child.displayName);
  const [birthDate, setBirthDate] = useState(child.birthDate);
  const [sex, setSex] = useState<ChildSex>(child.sex);
  const [nightWindowStart, setNightWindowStart] = useState(child.nightWindowStart);
  const [nightWindowEnd, setNightWindowEnd] = useState(child.nightWindowEnd);
  const [timezone, setTimezone] = useState(child.timezone);
  const [errors, setErrors] = useState<Errors>({});
  const updateChild = useUpdateChild();
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const today = todayLocalDate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(displayName, birthDate, today);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    updateChild.mutate(
      {
        childId: child.id,
        displayName: displayName.trim(),
        birthDate,
        sex,
        nightWindowStart,
        nightWindowEnd,
        timezone,
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form
      ref={formRef}
      className="form inline-form"
      onSubmit={handleSubmit}
      noValidate
      aria-label={`Edit ${childName(child)}`}
    >
      <TextField
        label="Display Name"
        required
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        value={displayName}
        error={errors.displayName}
        onChange={(event) => setDisplayName(event.target.value)}
      />
      <TextField
        label="Birth Date"
        type="date"
        required
        max={today}
        value={birthDate}
        error={errors.birthDate}
        onChange={(event) => setBirthDate(event.target.value)}
      />
      <Select
        label="Sex"
        options={SEX_OPTIONS}
        value={sex}
        onChange={(event) => setSex(event.target.value as ChildSex)}
      />
      <div className="field-pair">
        <TextField
          label="Night Sleep Starts"
          type="time"
          required
          value={nightWindowStart}
          hint="Sleep starting at or after this time counts as night sleep."
          onChange={(event) => setNightWindowStart(event.target.value)}
        />
        <TextField
          label="Night Sleep Ends"
          type="time"
          required
          value={nightWindowEnd}
          hint="Sleep ending before this time counts as night sleep."
          onChange={(event) => setNightWindowEnd(event.target.value)}
        />
      </div>
      <TimezoneField value={timezone} onChange={setTimezone} />
      <div className="form-actions">
        <Button type="submit" disabled={updateChild.isPending}>
          {updateChild.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <FormError message={updateChild.isError ? errorMessage(updateChild.error, 'Failed to save changes.') : null} />
    </form>
  );
}
