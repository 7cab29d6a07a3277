import { FieldMessage } from './field-message.tsx';

type ChoiceGroupProps<T extends string> = {
  legend: string;
  name: string;
  options: readonly T[];
  /** null until the parent chooses, where there is no sensible default. */
  value: T | null;
  onChange: (value: T) => void;
  /** The text of an option when it is not the value itself. */
  labelOf?: (option: T) => string;
  error?: string | undefined;
};

/** Radio buttons drawn as one row of large, thumb-sized segments. */
export function ChoiceGroup<T extends string>({ legend, name, options, value, onChange, labelOf = (option) => option, error }: ChoiceGroupProps<T>) {
  const messageId = `${name}-message`;
  return (
    <fieldset className="choice-group">
      <legend className="field-label">{legend}</legend>
      <div className="choice-options">
        {options.map((option) => (
          <label key={option} className="choice-option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              // On every option, so focusing the first invalid field lands on the group.
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? messageId : undefined}
            />
            <span>{labelOf(option)}</span>
          </label>
        ))}
      </div>
      <FieldMessage id={messageId} error={error} />
    </fieldset>
  );
}
