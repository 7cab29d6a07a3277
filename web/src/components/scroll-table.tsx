import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n-store.ts';

/**
 * A table too wide for a phone, scrolling sideways inside its card: a region a keyboard can focus
 * and scroll with the arrow keys, named for what it holds, with a hint under it while some of it
 * is out of sight.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  const t = useT();

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div ref={ref} className="table-scroll" tabIndex={0} role="region" aria-label={label}>
        {children}
      </div>
      {overflowing && (
        <p className="scroll-hint" aria-hidden="true">
          {`${t('common.scrollSideways')} →`}
        </p>
      )}
    </>
  );
}
