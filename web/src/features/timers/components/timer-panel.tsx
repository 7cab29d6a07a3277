import { useState, type ReactNode } from 'react';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { createIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useOutboxItems } from '../../../hooks/use-outbox.ts';
import { useRunningTimers } from '../api/get-running-timers.ts';
import { isRunning, withWaitingTimerWrites } from '../lib/waiting-timers.ts';
import { useStartTimer } from '../api/timer-writes.ts';
import { StartTimerButtons } from './start-timer-buttons.tsx';
import { TimerCard } from './timer-card.tsx';
import '../../../styles/timers.css';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type TimerPanelProps = {
  childId: string;
  /** More one-tap actions shown beside the start buttons ('Same as last'). */
  children?: ReactNode;
};

/** The child's running timers, whoever started them, and the buttons that start new ones. */
export function TimerPanel({ childId, children }: TimerPanelProps) {
  const timers = useRunningTimers(childId);
  const start = useStartTimer();
  const [refusal, setRefusal] = useState<string | null>(null);
  const waiting = useOutboxItems(childId);
  const shown = withWaitingTimerWrites(timers.data ?? [], waiting);
  const running = new Set(shown.filter(isRunning).map(({ timer }) => timer.kind));
  const t = useT();

  return (
    <section className="timer-panel" aria-label={t('timer.timers')}>
      {shown.length > 0 && (
        <ul className="timer-list" aria-label={t('timer.running')}>
          {shown.map(({ timer, sync }) => (
            <li key={timer.id}>
              <TimerCard timer={timer} sync={sync} />
            </li>
          ))}
        </ul>
      )}
      {/* Until the running timers are known, a start button might offer a second timer of a kind;
          if they cannot be read, the server still refuses a second one. */}
      {(timers.data || timers.isError) && (
        <StartTimerButtons
          running={running}
          onStart={(input) => {
            setRefusal(null);
            start.mutate({ childId, ...input, idempotencyKey: createIdempotencyKey() }, { onError: (error) => setRefusal(errorMessage(error, t('timer.startFailed'))) });
          }}
        />
      )}
      {timers.isError && <FormError message={errorMessage(timers.error, t('timer.loadFailed'))} />}
      <FormError message={refusal} />
      {children}
    </section>
  );
}
