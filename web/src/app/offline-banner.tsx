import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { formatLocalDate, formatWallClockTime, toLocalDateString } from '../lib/local-date.ts';
import { savedAtOf } from '../lib/offline/persisted-roots.ts';
import { useT } from '../lib/i18n/i18n-store.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the app shows times ('2:05 AM'), with its date ('Nov 24, 2:05 AM') when not today. */
export function formatSavedAt(savedAt: number, now = new Date()): string {
  const date = new Date(savedAt);
  const time = formatWallClockTime(`${pad(date.getHours())}:${pad(date.getMinutes())}`);
  const day = toLocalDateString(date);
  return day === toLocalDateString(now) ? time : `${formatLocalDate(day, { month: 'short', day: 'numeric' })}, ${time}`;
}

function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

/** With no signal, says so and how old what is on the screen is. */
export function OfflineBanner() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  const savedAt = useSyncExternalStore(subscribe, () => savedAtOf(queryClient));
  const t = useT();
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      {savedAt === null ? t('offline.nothingSaved') : t('offline.savedAt', { time: formatSavedAt(savedAt) })}
    </p>
  );
}
