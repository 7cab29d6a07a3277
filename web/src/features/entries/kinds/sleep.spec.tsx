import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { makeSleep } from '../../../testing/tracking-fixtures.ts';
import { AddSleepDialog } from './sleep.tsx';

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

function answerPosts(respond: (call: number) => Response | Promise<Response> = () => HttpResponse.json(makeSleep(), { status: 201 })) {
  const posted: Posted[] = [];
  server.use(
    http.post('/api/sleep', async ({ request }) => {
      posted.push({
        body: (await request.json()) as Record<string, unknown>,
        idempotencyKey: request.headers.get('Idempotency-Key'),
      });
      return respond(posted.length);
    }),
  );
  return posted;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function openDialog() {
  renderPage(<Harness />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open sleep dialog' }));
  return user;
}

const dateTime = () => screen.getByLabelText('Fell asleep');
const wokeUp = () => screen.getByLabelText('Woke up');
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

  afterEach(() => vi.unstubAllGlobals());

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
      // The first field to fix takes focus.
      expect(dateTime()).toHaveFocus();
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

    it('takes a night by its times, 7:30 PM to 6:10 AM the next morning, the minutes kept in step', async () => {
      const posted = answerPosts();
      const user = await openDialog();

      fireEvent.change(dateTime(), { target: { value: '2025-06-14T19:30' } });
      fireEvent.change(wokeUp(), { target: { value: '06:10' } });
      expect(duration()).toHaveValue(640);
      expect(wokeUp()).toHaveAccessibleDescription('10h 40m, ending the next day');
      // Minutes typed instead move the wake-up time.
      fireEvent.change(duration(), { target: { value: '600' } });
      expect(wokeUp()).toHaveValue('05:30');
      fireEvent.change(wokeUp(), { target: { value: '06:10' } });
      await user.click(submit());

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.body).toEqual({
        childId: 'child-1',
        startedAt: new Date(2025, 5, 14, 19, 30).toISOString(),
        endedAt: new Date(2025, 5, 15, 6, 10).toISOString(),
      });
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

    it("shows 'Adding...' while saving and sends a double tap once", async () => {
      let release: () => void = () => {};
      const posted = answerPosts(async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(makeSleep(), { status: 201 });
      });
      const user = await openDialog();
      await user.type(duration(), '45');

      // Two submits in one go, before the button can turn into 'Adding...'.
      const form = submit().closest('form')!;
      fireEvent.submit(form);
      fireEvent.submit(form);

      const dialog = screen.getByRole('dialog', { name: 'Add Sleep' });
      expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();
      expect(within(dialog).queryByRole('button', { name: 'Add Entry' })).not.toBeInTheDocument();
      // The save goes out once the outbox has read what waits before it.
      await waitFor(() => expect(posted).toHaveLength(1));
      release();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted).toHaveLength(1);
    });

    it('sends the same key again for the same sleep after a failure, and a new one once it is edited', async () => {
      const posted = answerPosts((call) =>
        call === 3
          ? HttpResponse.json(makeSleep(), { status: 201 })
          : HttpResponse.json({ message: 'This overlaps a sleep already logged for this child' }, { status: 409 }),
      );
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const user = await openDialog();

      await user.type(duration(), '45');
      await user.click(submit());
      await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
      await user.click(submit());
      await waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
      expect(posted).toHaveLength(2);
      expect(posted[0]!.idempotencyKey).toMatch(UUID);
      expect(posted[1]!.idempotencyKey).toBe(posted[0]!.idempotencyKey);

      await user.clear(duration());
      await user.type(duration(), '30');
      await user.click(submit());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted[2]!.idempotencyKey).toMatch(UUID);
      expect(posted[2]!.idempotencyKey).not.toBe(posted[0]!.idempotencyKey);
    });

    it('still adds the sleep where crypto.randomUUID is missing (plain http on the home network)', async () => {
      vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
      const posted = answerPosts();
      const user = await openDialog();

      await user.type(duration(), '45');
      await user.click(submit());

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted[0]!.idempotencyKey).toMatch(UUID);
    });
  });
});
