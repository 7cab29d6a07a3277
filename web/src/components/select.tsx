import { useId, type SelectHTMLAttributes } from 'react';
import { FieldMessage } from './field-message.tsx';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: readonly SelectOption[];
  /** Shown as a first, empty choice; the field counts as unanswered while it is selected. */
  placeholder?: string;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string;
};

export function Select({ label, options, placeholder, error, hint, id, className, ...select }: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const messageId = `${selectId}-message`;
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className="field-label">
        {label}
      </label>
      <select
        id={selectId}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
