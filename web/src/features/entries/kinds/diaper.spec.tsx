import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { AddDiaperDialog } from './diaper.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open diaper dialog
      </button>
      <AddDiaperDialog open={open} onClose={() => setOpen(false)} childId="child-1" />
    </>
  );
}

type Posted = { body: Record<string, unknown>; idempotencyKey: string | null };

function answerPosts() {
  const posted: Posted[] = [];
  server.use(
    http.post('/api/diapers', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push({ body, idempotencyKey: request.headers.get('Idempotency-Key') });
      return HttpResponse.json({ id: 'diaper-1', guidance: null, notes: '', color: null, ...body }, { status: 201 });
    }),
  );
  return posted;
}

async function openDialog() {
  renderPage(<Harness />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open diaper dialog' }));
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Add Entry' });

describe('AddDiaperDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 3, 10, 0));
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('logs in two taps: what the diaper held, then save; dated now, with no colour for a wet one', async () => {
    const posted = answerPosts();
    const user = await openDialog();
    expect(screen.getByRole('dialog', { name: 'Add Diaper' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date and time')).toHaveValue('2025-06-15T03:10');
    expect(screen.queryByRole('group', { name: 'Color (optional)' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Wet' }));
    await user.click(submit());

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ childId: 'child-1', occurredAt: new Date(2025, 5, 15, 3, 10).toISOString(), contents: 'wet' });
    expect(posted[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks what the diaper held before saving, and focuses the choice', async () => {
    const posted = answerPosts();
    const user = await openDialog();
    await user.click(submit());

    const wet = screen.getByRole('radio', { name: 'Wet' });
    expect(wet).toHaveAccessibleDescription('Choose what the diaper held');
    expect(wet).toHaveFocus();
    expect(posted).toHaveLength(0);
  });

  it('offers the stool colour for a dirty diaper and sends it with the notes', async () => {
    const posted = answerPosts();
    const user = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'Both' }));
    expect(screen.getByRole('group', { name: 'Color (optional)' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    await user.type(screen.getByLabelText('Notes (optional)'), 'after the bath');
    await user.click(submit());

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ contents: 'both', color: 'green', notes: 'after the bath' });
  });

  it('refuses a time in the future', async () => {
    const posted = answerPosts();
    const user = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'Dry' }));
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: '2025-06-15T09:00' } });
    await user.click(submit());

    expect(screen.getByLabelText('Date and time')).toHaveAccessibleDescription('Cannot select future date and time');
    expect(posted).toHaveLength(0);
  });
});
