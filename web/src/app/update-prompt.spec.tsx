import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from './update-prompt.tsx';

/** A stand-in for the registration: hands out the 'new version waiting' callback it was given. */
function fakeServiceWorker() {
  let needRefresh: ((reload: () => Promise<void>) => void) | null = null;
  const registerServiceWorker = vi.fn((onNeedRefresh: (reload: () => Promise<void>) => void) => {
    needRefresh = onNeedRefresh;
  });
  return {
    load: () => Promise.resolve({ registerServiceWorker }),
    registerServiceWorker,
    newVersionWaiting: (reload: () => Promise<void>) => act(() => needRefresh!(reload)),
  };
}

describe('UpdatePrompt', () => {
  it('says nothing until a new version is waiting, then offers Reload, which switches to it', async () => {
    const worker = fakeServiceWorker();
    render(<UpdatePrompt load={worker.load} enabled />);
    await vi.waitFor(() => expect(worker.registerServiceWorker).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('A new version is ready')).not.toBeInTheDocument();

    const reload = vi.fn(() => Promise.resolve());
    worker.newVersionWaiting(reload);
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
  });

  it('registers nothing where service workers cannot run', async () => {
    const worker = fakeServiceWorker();
    render(<UpdatePrompt load={worker.load} enabled={false} />);
    await Promise.resolve();
    expect(worker.registerServiceWorker).not.toHaveBeenCalled();
  });
});
