import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatWallClockTime } from '../lib/local-date.ts';
import { OfflineBanner, formatSavedAt } from './offline-banner.tsx';

/** A screen showing the children, read at `readAt` (as if restored from what the device saved). */
function renderScreen(readAt: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['children'], [{ id: 'child-1' }], { updatedAt: readAt });
  function Children() {
    useQuery({ queryKey: ['children'], queryFn: () => Promise.resolve([]) });
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      <Children />
    </QueryClientProvider>,
  );
}

describe('OfflineBanner', () => {
  it('says nothing online; offline, gives the time of what the screen shows, as the app writes times', () => {
    const readAt = new Date();
    readAt.setHours(2, 5, 0, 0);
    renderScreen(readAt.getTime());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(`Offline: showing what was saved at ${formatWallClockTime('02:05')}`);
    expect(screen.getByRole('status').textContent).toMatch(/^Offline: showing what was saved at 2:05\sAM$/);

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('names the day too when what is shown was saved before today', () => {
    const now = new Date(2026, 10, 25, 9, 0);
    expect(formatSavedAt(new Date(2026, 10, 24, 23, 40).getTime(), now)).toMatch(/^Nov 24, 11:40\sPM$/);
    expect(formatSavedAt(new Date(2026, 10, 25, 0, 10).getTime(), now)).toMatch(/^12:10\sAM$/);
  });
});
