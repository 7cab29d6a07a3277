import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldMessage } from './field-message.tsx';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
};

export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const hasMessage = Boolean(error) || (typeof hint === 'string' && hint !== '');
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <input
        id={inputId}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={hasMessage ? messageId : undefined}
        {...input}
      />
      {typeof hint === 'string' || error ? (
        <FieldMessage id={messageId} error={error} hint={typeof hint === 'string' ? hint : undefined} />
      ) : (
        hint
      )}
    </div>
  );
}
