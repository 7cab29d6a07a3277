import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { makeSleep } from '../../../testing/tracking-fixtures.ts';
import { AddSleepDialog } from './add-sleep-dialog.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open sleep dialog
      </button>
      <AddSleepDialog open={open} onClose={() => setOpen(false)} childId="child-1" />
    </>
  );
}

type Posted = { body: Record<string, unknown>; idempotencyKey: string | null };

function answerPosts() {
  const posted: Posted[] = [];
  server.use(
    http.post('/api/sleep', async ({ request }) => {
      posted.push({
        body: (await request.json()) as Record<string, unknown>,
        idempotencyKey: request.headers.get('Idempotency-Key'),
      });
      return HttpResponse.json(makeSleep(), { status: 201 });
    }),
  );
  return posted;
}

async function openDialog() {
  renderPage(<Harness />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open sleep dialog' }));
  return user;
}

const dateTime = () => screen.getByLabelText('Sleep start date and time');
const duration = () => screen.getByLabelText('Duration in minutes');
const roomTemp = () => screen.getByLabelText('Room temp (°F)');
const sleepSack = () => screen.getByLabelText('Sleep sack');
const whiteNoise = () => screen.getByRole('switch', { name: 'White noise' });
const submit = () => screen.getByRole('button', { name: 'Add Entry' });

describe('AddSleepDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
    signIn();
  });

  it('opens dated now, capped at now, with the environment untouched', async () => {
    await openDialog();

    expect(screen.getByRole('dialog', { name: 'Add Sleep' })).toBeInTheDocument();
    expect(dateTime()).toHaveValue('2025-06-15T12:00');
    expect(dateTime()).toHaveAttribute('max', '2025-06-15T12:00');
    expect(duration()).toHaveValue(null);
    expect(duration()).toHaveAttribute('min', '1');
    expect(duration()).toHaveAttribute('max', '1440');
    expect(roomTemp()).toHaveAttribute('min', '60');
    expect(roomTemp()).toHaveAttribute('max', '80');
    expect(sleepSack()).toHaveAttribute('placeholder', '1.0 TOG');
    expect(whiteNoise()).not.toBeChecked();
  });

  describe('validation', () => {
    it('requires a date and time and a duration', async () => {
      const posted = answerPosts();
      const user = await openDialog();

      fireEvent.change(dateTime(), { target: { value: '' } });
      await user.click(submit());

      expect(dateTime()).toHaveAccessibleDescription('Date and time is required');
      expect(duration()).toHaveAccessibleDescription('Duration is required');
      expect(posted).toHaveLength(0);
    });

    it('rejects a future start', async () => {
      answerPosts();
      const user = await openDialog();

      fireEvent.change(dateTime(), { target: { value: '2025-06-16T08:00' } });
      await user.type(duration(), '60');
      await user.click(submit());

      expect(dateTime()).toHaveAccessibleDescription('Cannot select future date and time');
    });

    it.each(['0', '1441', '30.5'])('rejects the duration %s', async (value) => {
      answerPosts();
      const user = await openDialog();

      fireEvent.change(duration(), { target: { value } });
      await user.click(submit());

      expect(duration()).toHaveAccessibleDescription('Duration must be a whole number of minutes from 1 to 1440');
    });

    it.each(['59', '81', '70.5'])('rejects the room temperature %s', async (value) => {
      const posted = answerPosts();
      const user = await openDialog();

      await user.type(duration(), '60');
      fireEvent.change(roomTemp(), { target: { value } });
      await user.click(submit());

      expect(roomTemp()).toHaveAccessibleDescription('Room temperature must be a whole number from 60 to 80 °F');
      expect(posted).toHaveLength(0);
    });
  });

  describe('submitting', () => {
    it('posts a sleep ending its duration after the start, without an untouched environment', async () => {
      const posted = answerPosts();
      const user = await openDialog();

      fireEvent.change(dateTime(), { target: { value: '2025-06-14T22:30' } });
      await user.type(duration(), '450');
      await user.click(submit());

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted).toHaveLength(1);
      expect(posted[0]!.body).toEqual({
        childId: 'child-1',
        startedAt: new Date(2025, 5, 14, 22, 30).toISOString(),
        endedAt: new Date(2025, 5, 15, 6, 0).toISOString(),
      });
      expect(posted[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sends the whole environment once any part of it is set', async () => {
      const posted = answerPosts();
      const user = await openDialog();

      await user.type(duration(), '90');
      await user.click(whiteNoise());
      await user.type(screen.getByLabelText('Notes (optional)'), 'Contact nap');
      await user.click(submit());

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.body).toEqual({
        childId: 'child-1',
        startedAt: new Date(2025, 5, 15, 12, 0).toISOString(),
        endedAt: new Date(2025, 5, 15, 13, 30).toISOString(),
        environment: { roomTemp: null, whiteNoise: true, sleepSackTag: null },
        notes: 'Contact nap',
      });
    });

    it('sends room temperature and sleep sack as given', async () => {
      const posted = answerPosts();
      const user = await openDialog();

      await user.type(duration(), '45');
      await user.type(roomTemp(), '68');
      await user.type(sleepSack(), '2.5 TOG');
      await user.click(submit());

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.body.environment).toEqual({ roomTemp: 68, whiteNoise: false, sleepSackTag: '2.5 TOG' });
    });

    it('opens again with fresh values after a save', async () => {
      answerPosts();
      const user = await openDialog();

      await user.type(duration(), '45');
      await user.click(whiteNoise());
      await user.click(submit());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Open sleep dialog' }));
      expect(duration()).toHaveValue(null);
      expect(whiteNoise()).not.toBeChecked();
      expect(duration()).not.toHaveAccessibleDescription();
    });
  });
});
