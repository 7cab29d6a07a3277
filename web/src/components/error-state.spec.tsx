import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';

describe('ErrorState', () => {
  it("announces the failure and offers 'Retry'", async () => {
    const onRetry = vi.fn();
    render(<ErrorState title="Error Loading Data" message="Unable to load dashboard data" onRetry={onRetry} />);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Data');
    expect(alert).toHaveTextContent('Unable to load dashboard data');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has no Retry button without a handler', () => {
    render(<ErrorState title="Unable to Load Settings" />);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('LoadingState', () => {
  it('announces its message politely', () => {
    render(<LoadingState message="Loading dashboard..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
  });
});
