type FieldMessageProps = { id: string; error?: string | undefined; hint?: string | undefined };

/** The error (preferred) or hint under an input, referenced by the input's aria-describedby. */
export function FieldMessage({ id, error, hint }: FieldMessageProps) {
  if (error) {
    return (
      <p id={id} className="field-error">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p id={id} className="field-hint">
        {hint}
      </p>
    );
  }
  return null;
}
