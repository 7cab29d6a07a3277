import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { VOLUME_LIMITS } from '../../../lib/units.ts';
import type { FeedingMethod, FeedingType } from '../../../types/api.ts';
import { FEEDING_DURATION_DEFAULT_MINS, FEEDING_DURATION_MAX_MINS, FEEDING_DURATION_MIN_MINS, type FeedingFormErrors, type FeedingFormValues } from '../lib/feeding-form.ts';
import { EntryStartField, NotesField } from './entry-fields.tsx';

const METHODS: readonly FeedingMethod[] = ['Bottle', 'Nursing'];
const FEEDING_TYPES: readonly FeedingType[] = ['Breast Milk', 'Formula'];

type FeedingFieldsProps = { values: FeedingFormValues; errors: FeedingFormErrors; update: (changes: Partial<FeedingFormValues>) => void };

/** The fields of a feeding, for Add Feeding and Edit Feeding alike. */
export function FeedingFields({ values, errors, update }: FeedingFieldsProps) {
  const isBottle = values.method === 'Bottle';
  return (
    <>
      <EntryStartField label="Date and time" value={values.datetime} error={errors.datetime} onChange={(datetime) => update({ datetime })} />
      <ChoiceGroup legend="Method" name="feeding-method" options={METHODS} value={values.method} onChange={(method) => update({ method })} />
      {isBottle && (
        <>
          <ChoiceGroup
            legend="Feeding type"
            name="feeding-type"
            options={FEEDING_TYPES}
            value={values.feedingType}
            onChange={(feedingType) => update({ feedingType })}
          />
          <TextField
            label={`Amount (${values.unit})`}
            type="number"
            inputMode="decimal"
            min={0}
            max={VOLUME_LIMITS[values.unit].max}
            step={VOLUME_LIMITS[values.unit].step}
            required
            value={values.amount}
            error={errors.amount}
            onChange={(event) => update({ amount: event.target.value })}
          />
        </>
      )}
      <TextField
        label="Duration in minutes (optional)"
        type="number"
        inputMode="numeric"
        min={FEEDING_DURATION_MIN_MINS}
        max={FEEDING_DURATION_MAX_MINS}
        step={1}
        placeholder={String(FEEDING_DURATION_DEFAULT_MINS)}
        value={values.durationMins}
        error={errors.durationMins}
        hint={`Left empty, ${FEEDING_DURATION_DEFAULT_MINS} minutes.`}
        onChange={(event) => update({ durationMins: event.target.value })}
      />
      <NotesField value={values.notes} onChange={(notes) => update({ notes })} />
    </>
  );
}
