import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { useT } from '../lib/i18n/i18n-store.ts';

type ErrorStateProps = {
  title: string;
  message?: string;
  /** When given, a 'Retry' button calls it. */
  onRetry?: () => void;
  /** Further actions, e.g. a way back to the dashboard. */
  children?: ReactNode;
};

export function ErrorState({ title, message, onRetry, children }: ErrorStateProps) {
  const t = useT();
  return (
    <div className="state state-error" role="alert">
      <h2 className="state-title">{title}</h2>
      {message && <p>{message}</p>}
      <div className="state-actions">
        {onRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>}
        {children}
      </div>
    </div>
  );
}
