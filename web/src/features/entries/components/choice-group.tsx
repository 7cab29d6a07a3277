type ChoiceGroupProps<T extends string> = {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
};

/** Radio buttons drawn as one row of large, thumb-sized segments. */
export function ChoiceGroup<T extends string>({ legend, name, options, value, onChange }: ChoiceGroupProps<T>) {
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
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
