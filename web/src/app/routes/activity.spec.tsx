import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, testChild } from '../../testing/auth-fixtures.ts';
import { server } from '../../testing/msw-server.ts';
import { renderPage } from '../../testing/render-app.tsx';
import { makeFeeding, makeSleep } from '../../testing/tracking-fixtures.ts';
import type { Child, Feeding, Sleep } from '../../types/api.ts';
import { ActivityRoute } from './activity.tsx';

const secondChild: Child = { ...testChild, id: 'child-2', displayName: 'Sam' };

type Day = { feedings?: Feeding[]; sleeps?: Sleep[] };

/** Entries per 'childId/date'; records the query strings asked for. */
function answerActivity(children: Child[], days: Record<string, Day> = {}) {
  const asked: string[] = [];
  const dayOf = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
    return days[`${url.searchParams.get('childId')}/${url.searchParams.get('date')}`] ?? {};
  };
  server.use(
    http.get('/api/children', () => HttpResponse.json(children)),
    http.get('/api/feedings', ({ request }) => HttpResponse.json(dayOf(request).feedings ?? [])),
    http.get('/api/sleep', ({ request }) => HttpResponse.json(dayOf(request).sleeps ?? [])),
  );
  return asked;
}

function renderLog() {
  renderPage(<ActivityRoute />, { path: '/activity' });
  return userEvent.setup();
}

const dateInput = () => screen.getByLabelText('Date');

describe('ActivityRoute', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
    signIn();
  });

  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Loading activities...' first, then today's entries with the long date", async () => {
    const asked = answerActivity([testChild], {
      'child-1/2025-06-15': {
        feedings: [makeFeeding({ entry: { datetime: '2025-06-15T08:00' } })],
        sleeps: [makeSleep({ entry: { datetime: '2025-06-15T09:00' } })],
      },
    });
    renderLog();

    expect(screen.getByRole('status')).toHaveTextContent('Loading activities...');
    const day = await screen.findByRole('region', { name: 'Sunday, June 15, 2025' });
    const list = await within(day).findByRole('list');
    // Entries can be corrected from the log as from the dashboard.
    expect(within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('button').map((button) => button.getAttribute('aria-label')))).toEqual([
      ['Edit sleep at 9:00 AM', 'Delete sleep at 9:00 AM'],
      ['Edit feeding at 8:00 AM', 'Delete feeding at 8:00 AM'],
    ]);
    expect(within(list).getAllByTitle('Delete entry')).toHaveLength(2);
    expect(asked).toEqual(
      expect.arrayContaining(['/api/feedings?childId=child-1&date=2025-06-15', '/api/sleep?childId=child-1&date=2025-06-15&limit=50']),
    );
  });

  it('caps the date at today and defaults to it', async () => {
    answerActivity([testChild]);
    renderLog();

    expect(await screen.findByLabelText('Date')).toHaveValue('2025-06-15');
    expect(dateInput()).toHaveAttribute('max', '2025-06-15');
  });

  it('suggests adding an entry when today is empty', async () => {
    answerActivity([testChild]);
    renderLog();

    expect(await screen.findByRole('heading', { name: 'No activities on this date' })).toBeInTheDocument();
    expect(screen.getByText('Start by adding a feeding or sleep session.')).toBeInTheDocument();
  });

  it('suggests another date when an earlier day is empty', async () => {
    const asked = answerActivity([testChild], {
      'child-1/2025-06-15': { feedings: [makeFeeding()] },
    });
    renderLog();
    await screen.findByRole('list');

    fireEvent.change(dateInput(), { target: { value: '2025-06-10' } });

    expect(await screen.findByRole('region', { name: 'Tuesday, June 10, 2025' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No activities on this date' })).toBeInTheDocument();
    expect(screen.getByText('Try selecting a different date.')).toBeInTheDocument();
    expect(screen.queryByText('Start by adding a feeding or sleep session.')).not.toBeInTheDocument();
    expect(asked).toContain('/api/feedings?childId=child-1&date=2025-06-10');
  });

  it('steps to the day before and back, never past today', async () => {
    answerActivity([testChild], { 'child-1/2025-06-14': { sleeps: [makeSleep({ id: 'yesterday', entry: { datetime: '2025-06-14T19:30' } })] } });
    const user = renderLog();
    const next = await screen.findByRole('button', { name: 'Next day' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(dateInput()).toHaveValue('2025-06-14');
    expect(await screen.findByRole('region', { name: 'Saturday, June 14, 2025' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit sleep at 7:30 PM' })).toBeInTheDocument();
    await user.click(next);
    expect(dateInput()).toHaveValue('2025-06-15');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });

  it('shows one kind of entry when asked, and says so when the day has none of it', async () => {
    answerActivity([testChild], { 'child-1/2025-06-15': { feedings: [makeFeeding({ id: 'f1' })], sleeps: [makeSleep({ id: 's1' })] } });
    const user = renderLog();
    const list = await screen.findByRole('list', { name: /^Activities on/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'Sleeps' }));
    expect(within(screen.getByRole('list', { name: /^Activities on/ })).getAllByRole('listitem').map((item) => within(item).getByText(/^(Feeding|Sleep)$/).textContent)).toEqual(['Sleep']);
    await user.click(screen.getByRole('radio', { name: 'Diapers' }));
    expect(screen.getByRole('heading', { name: 'No diapers on this date' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(within(screen.getByRole('list', { name: /^Activities on/ })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('treats a typed future date as today', async () => {
    answerActivity([testChild]);
    renderLog();
    await screen.findByRole('heading', { name: 'No activities on this date' });

    fireEvent.change(dateInput(), { target: { value: '2025-06-20' } });

    expect(dateInput()).toHaveValue('2025-06-15');
  });

  it('offers a child dropdown only when there is more than one child', async () => {
    answerActivity([testChild]);
    renderLog();
    await screen.findByRole('heading', { name: 'No activities on this date' });

    expect(screen.queryByLabelText('Child')).not.toBeInTheDocument();
  });

  it("switches to another child's day from the dropdown", async () => {
    const asked = answerActivity([testChild, secondChild], {
      'child-2/2025-06-15': { feedings: [makeFeeding({ id: 'feeding-sam', childId: 'child-2', entry: { notes: 'Sam bottle' } })] },
    });
    const user = renderLog();
    await screen.findByRole('heading', { name: 'No activities on this date' });

    const select = screen.getByLabelText('Child');
    expect(select).toHaveValue('child-1');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['JD', 'Sam']);
    await user.selectOptions(select, 'Sam');

    expect(await screen.findByText('Sam bottle')).toBeInTheDocument();
    expect(asked).toContain('/api/sleep?childId=child-2&date=2025-06-15&limit=50');
  });

  it('deletes an entry from the log', async () => {
    let feedings = [makeFeeding({ entry: { notes: 'To remove' } })];
    server.use(
      http.get('/api/children', () => HttpResponse.json([testChild])),
      http.get('/api/feedings', () => HttpResponse.json(feedings)),
      http.get('/api/sleep', () => HttpResponse.json([])),
      http.delete('/api/feedings/feeding-1', () => {
        feedings = [];
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = renderLog();

    await user.click(await screen.findByTitle('Delete entry'));

    await waitFor(() => expect(screen.queryByText('To remove')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'No activities on this date' })).toBeInTheDocument();
  });

  it("shows 'Error Loading Data' with 'Unable to load activity data' and a Retry that reloads", async () => {
    server.use(
      http.get('/api/children', () => HttpResponse.json([testChild])),
      http.get('/api/feedings', () => new HttpResponse(null, { status: 500 })),
      http.get('/api/sleep', () => HttpResponse.json([])),
    );
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const user = renderLog();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Data');
    expect(alert).toHaveTextContent('Unable to load activity data');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("shows the server's message when the children cannot be loaded", async () => {
    server.use(http.get('/api/children', () => HttpResponse.json({ message: 'Too many requests' }, { status: 429 })));
    renderLog();

    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Too many requests');
  });

  it('shows the no-children state', async () => {
    answerActivity([]);
    renderLog();

    expect(await screen.findByRole('heading', { name: 'No Children Found' })).toBeInTheDocument();
    expect(screen.getByText("You haven't added any children yet. Please complete your onboarding first.")).toBeInTheDocument();
  });
});
