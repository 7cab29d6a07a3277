type FieldMessageProps = { id: string; error?: string | undefined; hint?: string | undefined };

/**
 * The error (preferred) or hint under an input, referenced by the input's aria-describedby. An
 * error is an alert, so a screen reader says it when it appears; the key makes it a new element
 * rather than the hint's element changing its role, which screen readers would not announce.
 */
export function FieldMessage({ id, error, hint }: FieldMessageProps) {
  if (error) {
    return (
      <p key="error" id={id} className="field-error" role="alert">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p key="hint" id={id} className="field-hint">
        {hint}
      </p>
    );
  }
  return null;
}
