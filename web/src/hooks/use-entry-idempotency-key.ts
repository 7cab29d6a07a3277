import { useMemo, useRef, useState } from 'react';
import { createIdempotencyKey } from '../lib/idempotency-key.ts';

export type EntryIdempotencyKey = {
  /** The key to send with this submit; every submit of the same values gets the same one. */
  forSubmit: () => string;
  /** The form was edited: once a submit went out, what follows describes another entry. */
  formChanged: () => void;
  /** The entry was saved: whatever is submitted next is a new entry. */
  reset: () => void;
};

/**
 * The Idempotency-Key of the entry an Add dialog is filling in, made when the dialog opens. A
 * double tap, a retry by the query client and a second tap on Add Entry after a failure all send
 * the same key, so the server logs the entry once even when the first answer was lost on the way.
 */
export function useEntryIdempotencyKey(): EntryIdempotencyKey {
  const [firstKey] = useState(createIdempotencyKey);
  const key = useRef(firstKey);
  const submitted = useRef(false);

  return useMemo(
    () => ({
      forSubmit: () => {
        submitted.current = true;
        return key.current;
      },
      formChanged: () => {
        if (!submitted.current) return;
        key.current = createIdempotencyKey();
        submitted.current = false;
      },
      reset: () => {
        key.current = createIdempotencyKey();
        submitted.current = false;
      },
    }),
    [],
  );
}
