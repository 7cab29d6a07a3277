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
import { t, useT } from '../../../lib/i18n/i18n-store.ts';

const SEX_OPTIONS = [
  { value: 'Female', label: 'sex.female' },
  { value: 'Male', label: 'sex.male' },
  { value: 'Unknown', label: 'sex.unknown' },
] as const;

type Errors = { displayName?: string; birthDate?: string };

function validate(displayName: string, birthDate: string, today: string): Errors {
  const errors: Errors = {};
  const name = displayName.trim();
  if (!name) errors.displayName = t('child.nameRequired');
  else if (name.length > DISPLAY_NAME_MAX_LENGTH) errors.displayName = t('child.nameTooLong', { max: DISPLAY_NAME_MAX_LENGTH });
  if (!birthDate) errors.birthDate = t('child.birthDateRequired');
  else if (birthDate > today) errors.birthDate = t('child.birthDateFuture');
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
  const tr = useT();

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
      aria-label={tr('child.edit', { name: childName(child) })}
    >
      <TextField
        label={tr('settings.displayName')}
        required
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        value={displayName}
        error={errors.displayName}
        onChange={(event) => setDisplayName(event.target.value)}
      />
      <TextField
        label={tr('child.birthDate')}
        type="date"
        required
        max={today}
        value={birthDate}
        error={errors.birthDate}
        onChange={(event) => setBirthDate(event.target.value)}
      />
      <Select
        label={tr('child.sex')}
        options={SEX_OPTIONS.map(({ value, label }) => ({ value, label: tr(label) }))}
        value={sex}
        onChange={(event) => setSex(event.target.value as ChildSex)}
      />
      <div className="field-pair">
        <TextField
          label={tr('child.nightStarts')}
          type="time"
          required
          value={nightWindowStart}
          hint={tr('child.nightStartsHint')}
          onChange={(event) => setNightWindowStart(event.target.value)}
        />
        <TextField
          label={tr('child.nightEnds')}
          type="time"
          required
          value={nightWindowEnd}
          hint={tr('child.nightEndsHint')}
          onChange={(event) => setNightWindowEnd(event.target.value)}
        />
      </div>
      <TimezoneField value={timezone} onChange={setTimezone} />
      <div className="form-actions">
        <Button type="submit" disabled={updateChild.isPending}>
          {updateChild.isPending ? tr('common.saving') : tr('common.saveChanges')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {tr('common.cancel')}
        </Button>
      </div>
      <FormError message={updateChild.isError ? errorMessage(updateChild.error, tr('child.saveFailed')) : null} />
    </form>
  );
}
