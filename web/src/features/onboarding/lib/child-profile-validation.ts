import { DISPLAY_NAME_MAX_LENGTH, MAX_CHILD_AGE_YEARS } from '../../../config/constants.ts';
import { yearsBefore } from '../../../lib/local-date.ts';
import { t } from '../../../lib/i18n/i18n-store.ts';

export type ChildProfileValues = { displayName: string; birthDate: string; sex: string };
export type ChildProfileField = keyof ChildProfileValues;
export type ChildProfileErrors = Partial<Record<ChildProfileField, string>>;

export function validateChildProfileField(
  field: ChildProfileField,
  values: ChildProfileValues,
  today: string,
): string | undefined {
  switch (field) {
    case 'displayName':
      return values.displayName.trim().length > DISPLAY_NAME_MAX_LENGTH
        ? t('child.nameTooLong', { max: DISPLAY_NAME_MAX_LENGTH })
        : undefined;
    case 'birthDate':
      // 'YYYY-MM-DD' strings compare correctly as text.
      if (!values.birthDate) return t('child.birthDateRequired');
      if (values.birthDate > today) return t('child.birthDateFuture');
      if (values.birthDate < yearsBefore(today, MAX_CHILD_AGE_YEARS)) return t('child.birthDateTooOld');
      return undefined;
    case 'sex':
      return values.sex ? undefined : t('child.sexRequired');
  }
}

export function validateChildProfile(values: ChildProfileValues, today: string): ChildProfileErrors {
  const errors: ChildProfileErrors = {};
  for (const field of ['displayName', 'birthDate', 'sex'] as const) {
    const message = validateChildProfileField(field, values, today);
    if (message) errors[field] = message;
  }
  return errors;
}
