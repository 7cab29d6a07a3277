import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { TimelineEntry } from '../../../types/api.ts';
import { EntryList } from './entry-list.tsx';

const entry = (id: string, displayName: string): TimelineEntry => ({
  id,
  datetime: '2026-11-25T03:10',
  type: 'Feeding',
  icon: '🍼',
  amount: '4 oz',
  duration: '15m',
  notes: 'Bottle feeding',
  status: 'completed',
  loggedBy: { memberId: `member-${id}`, displayName },
});

describe('EntryList', () => {
  afterEach(() => vi.useRealTimers());

  it("names who logged an entry only when the list holds more than one member's", () => {
    renderPage(<EntryList childId="child-1" entries={[{ ...entry('a', 'Sam'), loggedBy: { memberId: 'sam', displayName: 'Sam' } }, { ...entry('b', 'Sam'), loggedBy: { memberId: 'sam', displayName: 'Sam' } }]} emptyTitle="" emptyHint="" label="Today" />);
    expect(screen.queryByText('by Sam')).not.toBeInTheDocument();
  });

  it('says who logged each entry, a member who left as "Former member"', () => {
    renderPage(<EntryList childId="child-1" entries={[entry('a', 'Sam'), entry('b', 'Former member')]} emptyTitle="Nothing yet" emptyHint="" label="Today" />);
    expect(screen.getByText('by Sam')).toBeInTheDocument();
    expect(screen.getByText('by Former member')).toBeInTheDocument();
  });

  it('shows a diaper change with what it held, no duration, and the guidance its colour calls for with the source', () => {
    const diaper: TimelineEntry = {
      id: 'd1',
      datetime: '2026-11-25T03:10',
      type: 'Diaper',
      icon: '💩',
      amount: 'Dirty · red',
      duration: '-',
      notes: '',
      status: 'completed',
      guidance: { message: 'Talk to your pediatrician', reason: 'Red in the stool can be blood.', source: { title: 'Stool Color Library', url: 'https://hopkinschildrens.org/stool-color-library/' } },
    };
    renderPage(<EntryList childId="child-1" entries={[diaper]} emptyTitle="Nothing yet" emptyHint="" label="Today" />);
    expect(screen.getByText('Contents').nextSibling).toHaveTextContent('Dirty · red');
    expect(screen.queryByText('Duration')).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Talk to your pediatrician Red in the stool can be blood. Stool Color Library');
    expect(screen.getByRole('link', { name: 'Stool Color Library' })).toHaveAttribute('href', 'https://hopkinschildrens.org/stool-color-library/');
    expect(screen.getByRole('button', { name: /Delete diaper at/ })).toBeInTheDocument();
  });
});

describe('deleting an entry', () => {
  /** Answers DELETE and POST …/restore of feedings, and records what was sent with which key. */
  function answerWrites() {
    const sent: string[] = [];
    server.use(
      http.delete('/api/feedings/:id', ({ params, request }) => {
        sent.push(`DELETE ${String(params.id)} ${request.headers.get('Idempotency-Key')}`);
        return HttpResponse.json({ ok: true, position: 3 }, { headers: { 'X-Event-Position': '3' } });
      }),
      http.post('/api/feedings/:id/restore', ({ params }) => {
        sent.push(`RESTORE ${String(params.id)}`);
        return HttpResponse.json({ id: params.id, position: 4 }, { headers: { 'X-Event-Position': '4' } });
      }),
    );
    return sent;
  }

  it("offers 'Deleted · Undo', and Undo brings the entry back by its restore", async () => {
    signIn();
    const sent = answerWrites();
    renderPage(<EntryList childId="child-1" entries={[entry('a', 'Sam')]} emptyTitle="" emptyHint="" label="Today" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete feeding at 3:10 AM' }));
    const toast = await screen.findByText('Deleted');
    expect(toast.parentElement).toHaveTextContent('Deleted·Undo');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(sent.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['DELETE a', 'RESTORE a']));
    await waitFor(() => expect(screen.queryByText('Deleted')).not.toBeInTheDocument());
  });

  it('sends a double-tapped delete once, and lets the Undo go after ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signIn();
    const sent = answerWrites();
    renderPage(<EntryList childId="child-1" entries={[entry('a', 'Sam')]} emptyTitle="" emptyHint="" label="Today" />);
    const button = screen.getByRole('button', { name: 'Delete feeding at 3:10 AM' });
    fireEvent.click(button);
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.getByText('Deleted')).toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
