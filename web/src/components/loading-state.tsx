type LoadingStateProps = { message?: string };
import { useT } from '../lib/i18n/i18n-store.ts';

export function LoadingState({ message }: LoadingStateProps) {
  const t = useT();
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{message ?? t('common.loading')}</p>
    </div>
  );
}
