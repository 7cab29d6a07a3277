import type { ReactNode } from 'react';
import { Button } from './button.tsx';

type ErrorStateProps = {
  title: string;
  message?: string;
  /** When given, a 'Retry' button calls it. */
  onRetry?: () => void;
  /** Further actions, e.g. a way back to the dashboard. */
  children?: ReactNode;
};

export function ErrorState({ title, message, onRetry, children }: ErrorStateProps) {
  return (
    <div className="state state-error" role="alert">
      <h2 className="state-title">{title}</h2>
      {message && <p>{message}</p>}
      <div className="state-actions">
        {onRetry && <Button onClick={onRetry}>Retry</Button>}
        {children}
      </div>
    </div>
  );
}
