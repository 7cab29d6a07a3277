import { useRef, useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useFocusFirstInvalid } from '../../../hooks/use-focus-first-invalid.ts';
import { toDateTimeInputValue } from '../lib/date-time-input.ts';
import { useEntryIdempotencyKey } from '../../../hooks/use-entry-idempotency-key.ts';

/** `values` go along so that a write refused after waiting offline can reopen its dialog filled in. */
type EntryMutation<Input> = Pick<UseMutationResult<unknown, Error, { input: Input; idempotencyKey: string; values?: unknown }>, 'mutate' | 'isPending'>;

type EntryFormOptions<Values, Errors, Input> = {
  /** The form's values when it opens, dated now. */
  empty: (now: string) => Values;
  validate: (values: Values, now: Date) => Errors;
  toInput: (values: Values) => Input;
  mutation: EntryMutation<Input>;
  /** Names the entry in the console when a save fails: "the feeding", "the sleep". */
  what: string;
  onDone: () => void;
};

/**
 * What an Add dialog's form does whatever the entry: its values and messages, validation on submit
 * (then as the fields are corrected), the first invalid field focused, one save per tap with the
 * entry's Idempotency-Key, and closing once saved.
 */
export function useEntryForm<Values extends object, Errors extends object, Input>({ empty, validate, toInput, mutation, what, onDone }: EntryFormOptions<Values, Errors, Input>) {
  const [values, setValues] = useState<Values>(() => empty(toDateTimeInputValue(new Date())));
  const [errors, setErrors] = useState<Errors>({} as Errors);
  const [submitted, setSubmitted] = useState(false);
  const idempotencyKey = useEntryIdempotencyKey();
  // Set on submit, before React re-renders the button as disabled: a second tap in between is dropped.
  const saving = useRef(false);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  function update(changes: Partial<Values>) {
    const next = { ...values, ...changes };
    setValues(next);
    idempotencyKey.formChanged();
    // After the first submit, messages follow the fields as they are corrected.
    if (submitted) setErrors(validate(next, new Date()));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    if (saving.current) return;
    saving.current = true;
    mutation.mutate(
      { input: toInput(values), idempotencyKey: idempotencyKey.forSubmit(), values },
      {
        onSuccess: () => {
          idempotencyKey.reset();
          onDone();
        },
        onSettled: () => {
          saving.current = false;
        },
        // The product shows no message for a failed save; the form stays filled in for another try.
        onError: (error) => console.error(`Could not add ${what}`, error),
      },
    );
  }

  return { values, errors, update, handleSubmit, formRef, isPending: mutation.isPending };
}
