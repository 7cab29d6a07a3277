import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a submit that failed validation, moves focus to the first field marked invalid, so a
 * keyboard or screen-reader user lands on what needs fixing. The fields are marked by the render
 * that shows the messages, so the focus waits for it. Attach `ref` to the form.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);

  useEffect(() => {
    if (requests === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [requests]);

  const focusFirstInvalid = useCallback(() => setRequests((count) => count + 1), []);
  return { ref, focusFirstInvalid };
}
