import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { makeFeeding } from '../../../testing/tracking-fixtures.ts';
import { AddFeedingDialog } from './feeding.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open feeding dialog
      </button>
      <AddFeedingDialog open={open} onClose={() => setOpen(false)} childId="child-1" />
    </>
  );
}

type Posted = { body: Record<string, unknown>; idempotencyKey: string | null };

function answerPosts(respond: (call: number) => Response | Promise<Response> = () => HttpResponse.json(makeFeeding(), { status: 201 })) {
  const posted: Posted[] = [];
  server.use(
    http.post('/api/feedings', async ({ request }) => {
      posted.push({
        body: (await request.json()) as Record<string, unknown>,
        idempotencyKey: request.headers.get('Idempotency-Key'),
      });
      return respond(posted.length);
    }),
  );
  return posted;
}

async function openDialog() {
  const rendered = renderPage(<Harness />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open feeding dialog' }));
  return { ...rendered, user, dialog: screen.getByRole('dialog', { name: 'Add Feeding' }) };
}

const dateTime = () => screen.getByLabelText('Date and time');
const amount = () => screen.getByLabelText('Amount (oz)');
const duration = () => screen.getByLabelText('Duration in minutes (optional)');
const submit = () => screen.getByRole('button', { name: 'Add Entry' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('AddFeedingDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 15 June 2025, 12:00 local time.
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
    signIn();
  });

  afterEach(() => vi.unstubAllGlobals());

  it('opens dated now, capped at now, as a bottle feeding of breast milk', async () => {
    await openDialog();

    expect(dateTime()).toHaveValue('2025-06-15T12:00');
    expect(dateTime()).toHaveAttribute('max', '2025-06-15T12:00');
    expect(screen.getByRole('radio', { name: 'Bottle' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Breast Milk' })).toBeChecked();
    expect(amount()).toHaveAttribute('step', '0.25');
    expect(amount()).toHaveAttribute('min', '0');
    expect(amount()).toHaveAttribute('max', '20');
    expect(duration()).toHaveAttribute('min', '1');
    expect(duration()).toHaveAttribute('max', '120');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  describe('validation', () => {
    it('requires a date and time', async () => {
      const posted = answerPosts();
      const { user } = await openDialog();

      fireEvent.change(dateTime(), { target: { value: '' } });
      await user.type(amount(), '4');
      await user.click(submit());

      expect(dateTime()).toHaveAccessibleDescription('Date and time is required');
      expect(posted).toHaveLength(0);
    });

    it('rejects a future date and time', async () => {
      answerPosts();
      const { user } = await openDialog();

      fireEvent.change(dateTime(), { target: { value: '2025-06-15T12:01' } });
      await user.type(amount(), '4');
      await user.click(submit());

      expect(dateTime()).toHaveAccessibleDescription('Cannot select future date and time');
    });

    it('requires an amount for a bottle, and clears the message once given', async () => {
      answerPosts();
      const { user } = await openDialog();

      await user.click(submit());
      expect(amount()).toHaveAccessibleDescription('Amount is required for bottle feeding');
      // Announced, and focus is where the fix goes.
      expect(screen.getByRole('alert')).toHaveTextContent('Amount is required for bottle feeding');
      expect(amount()).toHaveFocus();

      await user.type(amount(), '3');
      expect(amount()).not.toHaveAccessibleDescription();
    });

    it.each([
      ['20.25', 'Amount must be between 0 and 20 oz'],
      ['-1', 'Amount must be between 0 and 20 oz'],
      ['2.3', 'Amount must be in steps of 0.25 oz'],
    ])('rejects the amount %s', async (value, message) => {
      const posted = answerPosts();
      const { user } = await openDialog();

      fireEvent.change(amount(), { target: { value } });
      await user.click(submit());

      expect(amount()).toHaveAccessibleDescription(message);
      expect(posted).toHaveLength(0);
    });

    it.each(['0', '121', '2.5'])('rejects the duration %s', async (value) => {
      answerPosts();
      const { user } = await openDialog();

      await user.type(amount(), '4');
      fireEvent.change(duration(), { target: { value } });
      await user.click(submit());

      expect(duration()).toHaveAccessibleDescription('Duration must be a whole number of minutes from 1 to 120');
    });
  });

  describe('submitting', () => {
    it('posts a bottle feeding that ends its duration after the start, with an Idempotency-Key', async () => {
      const posted = answerPosts();
      const { user } = await openDialog();

      fireEvent.change(dateTime(), { target: { value: '2025-06-15T09:30' } });
      await user.click(screen.getByRole('radio', { name: 'Formula' }));
      await user.type(amount(), '4.25');
      await user.type(duration(), '25');
      await user.type(screen.getByLabelText('Notes (optional)'), '  Fussy at the end  ');
      await user.click(submit());

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted).toHaveLength(1);
      expect(posted[0]!.body).toEqual({
        childId: 'child-1',
        startedAt: new Date(2025, 5, 15, 9, 30).toISOString(),
        endedAt: new Date(2025, 5, 15, 9, 55).toISOString(),
        amountOz: 4.25,
        method: 'Bottle',
        type: 'Formula',
        notes: 'Fussy at the end',
      });
      expect(posted[0]!.idempotencyKey).toMatch(UUID);
    });

    it('takes the amount in millilitres from a parent who measures so, with the limits in millilitres', async () => {
      signIn({ units: { volume: 'mL', growth: 'metric' } });
      const posted = answerPosts();
      const { user } = await openDialog();
      const millilitres = () => screen.getByLabelText('Amount (mL)');
      expect(millilitres()).toHaveAttribute('max', '600');
      expect(millilitres()).toHaveAttribute('step', '5');

      await user.type(millilitres(), '122');
      await user.click(submit());
      expect(millilitres()).toHaveAccessibleDescription('Amount must be in steps of 5 mL');
      await user.clear(millilitres());
      await user.type(millilitres(), '605');
      expect(millilitres()).toHaveAccessibleDescription('Amount must be between 0 and 600 mL');
      await user.clear(millilitres());
      await user.type(millilitres(), '120');
      await user.click(submit());

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.body).toMatchObject({ amountMl: 120, method: 'Bottle' });
      expect(posted[0]!.body).not.toHaveProperty('amountOz');
    });

    it('ends a feeding 15 minutes after the start when no duration is given', async () => {
      const posted = answerPosts();
      const { user } = await openDialog();

      await user.type(amount(), '0');
      await user.click(submit());

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.body).toEqual({
        childId: 'child-1',
        startedAt: new Date(2025, 5, 15, 12, 0).toISOString(),
        endedAt: new Date(2025, 5, 15, 12, 15).toISOString(),
        amountOz: 0,
        method: 'Bottle',
        type: 'Breast Milk',
      });
    });

    it('sends neither amount nor type for nursing, and does not ask for them', async () => {
      const posted = answerPosts();
      const { user } = await openDialog();

      await user.click(submit());
      expect(amount()).toHaveAccessibleDescription('Amount is required for bottle feeding');

      await user.click(screen.getByRole('radio', { name: 'Nursing' }));
      expect(screen.queryByLabelText('Amount (oz)')).not.toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: 'Formula' })).not.toBeInTheDocument();
      await user.click(submit());

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]!.body).toEqual({
        childId: 'child-1',
        startedAt: new Date(2025, 5, 15, 12, 0).toISOString(),
        endedAt: new Date(2025, 5, 15, 12, 15).toISOString(),
        method: 'Nursing',
      });
    });

    it('opens again with fresh values and no messages after a save', async () => {
      answerPosts();
      const { user } = await openDialog();

      await user.click(submit());
      expect(amount()).toHaveAccessibleDescription('Amount is required for bottle feeding');
      await user.type(amount(), '5');
      await user.click(screen.getByRole('radio', { name: 'Formula' }));
      await user.click(submit());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      vi.setSystemTime(new Date(2025, 5, 15, 12, 40, 0));
      await user.click(screen.getByRole('button', { name: 'Open feeding dialog' }));

      expect(dateTime()).toHaveValue('2025-06-15T12:40');
      expect(amount()).toHaveValue(null);
      expect(amount()).not.toHaveAccessibleDescription();
      expect(screen.getByRole('radio', { name: 'Breast Milk' })).toBeChecked();
    });

    it('sends one key per entry: a retry and a second tap after a failure reuse it, an edit makes a new one', async () => {
      const posted = answerPosts((call) =>
        call === 5
          ? HttpResponse.json(makeFeeding(), { status: 201 })
          : HttpResponse.json({ message: 'Event store unavailable' }, { status: 503 }),
      );
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user, queryClient, dialog } = await openDialog();
      // As in production: a mutation is retried once.
      queryClient.setDefaultOptions({ mutations: { retry: 1, retryDelay: 0 } });

      await user.type(amount(), '4');
      await user.click(submit());

      await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
      expect(posted).toHaveLength(2);
      expect(posted[0]!.idempotencyKey).toMatch(UUID);
      expect(posted[1]!.idempotencyKey).toBe(posted[0]!.idempotencyKey);
      // Failures are only logged: the dialog stays open with what was typed.
      expect(dialog).toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(amount()).toHaveValue(4);

      // The answer may have been lost after the server wrote the entry: the same entry, the same key.
      await user.click(submit());
      await waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
      expect(posted).toHaveLength(4);
      expect(new Set(posted.map((post) => post.idempotencyKey)).size).toBe(1);

      // Changed, it is another entry.
      await user.clear(amount());
      await user.type(amount(), '5');
      await user.click(submit());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted).toHaveLength(5);
      expect(posted[4]!.idempotencyKey).toMatch(UUID);
      expect(posted[4]!.idempotencyKey).not.toBe(posted[0]!.idempotencyKey);
    });

    it('sends a double tap once', async () => {
      let release: () => void = () => {};
      const posted = answerPosts(async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(makeFeeding(), { status: 201 });
      });
      const { user, dialog } = await openDialog();
      await user.type(amount(), '4');

      // Two submits in one go, before the button can turn into 'Adding...'.
      const form = submit().closest('form')!;
      fireEvent.submit(form);
      fireEvent.submit(form);

      expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();
      // The save goes out once the outbox has read what waits before it.
      await waitFor(() => expect(posted).toHaveLength(1));
      release();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted).toHaveLength(1);
    });

    it('gets a new key each time it opens', async () => {
      const posted = answerPosts();
      const { user } = await openDialog();

      await user.type(amount(), '4');
      await user.click(submit());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Open feeding dialog' }));
      await user.type(amount(), '4');
      await user.click(submit());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      expect(posted).toHaveLength(2);
      expect(posted[1]!.idempotencyKey).not.toBe(posted[0]!.idempotencyKey);
    });

    it('still adds the entry where crypto.randomUUID is missing (plain http on the home network)', async () => {
      vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
      const posted = answerPosts();
      const { user } = await openDialog();

      await user.type(amount(), '4');
      await user.click(submit());

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posted).toHaveLength(1);
      expect(posted[0]!.idempotencyKey).toMatch(UUID);
    });

    it('Cancel closes without saving', async () => {
      const posted = answerPosts();
      const { user } = await openDialog();

      await user.type(amount(), '4');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(posted).toHaveLength(0);
    });
  });
});
