import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUnits } from '../../../hooks/use-units.ts';
import { todayIn } from '../../../lib/local-date.ts';
import { useEntryIdempotencyKey } from '../../../hooks/use-entry-idempotency-key.ts';
import { useRecordGrowth } from '../api/record-growth.ts';
import type { GrowthMeasurement } from '../../../types/api.ts';
import { emptyGrowthForm, FIELDS, GROWTH_FIELDS, growthFieldLabel, growthFormOf, toRecordGrowthInput, validateGrowthForm, type GrowthFormErrors, type GrowthFormValues } from '../lib/growth-form.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type GrowthFormProps = {
  childId: string;
  timezone: string;
  /** A measurement to correct, filled in; without it the form adds one. */
  measurement?: GrowthMeasurement;
  onDone?: () => void;
};

/** A check-up's measurements: any of weight, length and head circumference, on a date (the child's today by default). */
export function GrowthForm({ childId, timezone, measurement, onDone }: GrowthFormProps) {
  const today = todayIn(timezone);
  const { growth: units } = useUnits();
  const t = useT();
  const [values, setValues] = useState<GrowthFormValues>(() => (measurement ? growthFormOf(measurement, units) : emptyGrowthForm(today)));
  const [errors, setErrors] = useState<GrowthFormErrors>({});
  const record = useRecordGrowth();
  const idempotencyKey = useEntryIdempotencyKey();
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();

  function update(changes: Partial<GrowthFormValues>) {
    setValues({ ...values, ...changes });
    idempotencyKey.formChanged();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateGrowthForm(values, today, units);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid();
    record.mutate(
      { input: toRecordGrowthInput(childId, values, units), idempotencyKey: idempotencyKey.forSubmit(), measurementId: measurement?.id },
      {
        onSuccess: () => {
          idempotencyKey.reset();
          setValues(emptyGrowthForm(today));
          onDone?.();
        },
        onError: (error) => setErrors({ form: errorMessage(error, t('growth.saveFailed')) }),
      },
    );
  }

  return (
    <form ref={ref} className="form growth-form" noValidate onSubmit={handleSubmit} aria-label={measurement ? t('growth.editForm') : t('growth.addForm')}>
      <FormError message={errors.form ?? null} />
      <TextField label={t('daily.date')} type="date" max={today} required value={values.measuredOn} error={errors.measuredOn} onChange={(event) => update({ measuredOn: event.target.value })} />
      <div className="growth-fields">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={growthFieldLabel(field, units)}
            type="number"
            inputMode="decimal"
            min={GROWTH_FIELDS[units][field].min}
            max={GROWTH_FIELDS[units][field].max}
            step={GROWTH_FIELDS[units][field].step}
            value={values[field]}
            error={errors[field]}
            onChange={(event) => update({ [field]: event.target.value })}
          />
        ))}
      </div>
      <div className="dialog-actions">
        {onDone && (
          <Button variant="secondary" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? t('common.saving') : measurement ? t('common.saveChanges') : t('growth.add')}
        </Button>
      </div>
    </form>
  );
}
