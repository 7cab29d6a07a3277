import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, testChild } from '../../testing/auth-fixtures.ts';
import { server } from '../../testing/msw-server.ts';
import { renderPage } from '../../testing/render-app.tsx';
import {
  makeDailyResponse,
  makeDay,
  makeFeeding,
  makeSleep,
  makeSummary,
  makeWeeklyRow,
} from '../../testing/tracking-fixtures.ts';
import { lastBottle, makeGlance, sleepTimer } from '../../testing/timer-fixtures.ts';
import type { Child, DailyInsightsResponse, Feeding, Glance, InsightsSummary, Sleep, Timer, WeeklyRow } from '../../types/api.ts';
import { DashboardRoute } from './dashboard.tsx';

const secondChild: Child = { ...testChild, id: 'child-2', displayName: 'Sam' };

const summary = makeSummary({
  feeding: {
    avgOzPerFeed: 3.3,
    avgIntervalHuman: '2h 30m',
    lastFeed: { timeISO: '2025-06-15T11:15:00.000Z', amountOz: 4.5, method: 'Bottle' },
  },
  sleep: { avgNapHuman: '1h 0m', bedtimeWindow: { earliest: '19:15', latest: '19:45' } },
});

// Today is Sunday 15 June 2025; logging started three days ago.
const daily = makeDailyResponse([
  makeDay('2025-06-08'),
  makeDay('2025-06-09'),
  makeDay('2025-06-10'),
  makeDay('2025-06-11'),
  makeDay('2025-06-12', { feedCount: 8, totalOz24h: 24, avgIntervalMins: 120, totalDayMins: 180, totalNightMins: 600 }),
  makeDay('2025-06-13', { feedCount: 8, totalOz24h: 26, avgIntervalMins: 120, totalDayMins: 150, totalNightMins: 570 }),
  makeDay('2025-06-14', { feedCount: 8, totalOz24h: 25, avgIntervalMins: 120, totalDayMins: 210, totalNightMins: 630 }),
  makeDay('2025-06-15', { feedCount: 6, totalOz24h: 20, avgIntervalMins: 150, totalDayMins: 120, wetDiapers: 3, dirtyDiapers: 1 }),
]);

const weekly: WeeklyRow[] = [
  makeWeeklyRow({ day: 'Sun', date: '2025-06-15', isToday: true, isWeekend: true, feeds: 6, totalOz: '20.0', sleepHours: '2h 0m', diapers: 4, note: 'Short sleep' }),
  makeWeeklyRow({ day: 'Sat', date: '2025-06-14', isWeekend: true, feeds: 9, totalOz: '25.0', sleepHours: '14h 0m', note: 'Frequent feeds' }),
  makeWeeklyRow({ day: 'Fri', date: '2025-06-13', feeds: 8, totalOz: '26.0', sleepHours: '16h 30m', note: 'Great sleep day' }),
  makeWeeklyRow({ day: 'Thu', date: '2025-06-12', feeds: 3, totalOz: '24.0', sleepHours: '13h 0m', note: 'Normal day' }),
  makeWeeklyRow({ day: 'Wed', date: '2025-06-11' }),
  makeWeeklyRow({ day: 'Tue', date: '2025-06-10' }),
  makeWeeklyRow({ day: 'Mon', date: '2025-06-09' }),
];

const feedings: Feeding[] = [
  makeFeeding({ id: 'feeding-1', entry: { datetime: '2025-06-15T09:30', amount: '4 oz', duration: '15m', notes: 'Bottle feeding' } }),
  makeFeeding({
    id: 'feeding-2',
    method: 'Nursing',
    entry: { datetime: '2025-06-15T11:15', icon: '🤱', amount: '-', duration: '20m', notes: 'Left side first' },
  }),
];
const sleeps: Sleep[] = [makeSleep({ id: 'sleep-1', entry: { datetime: '2025-06-15T10:00', duration: '1h 5m' } })];

type DashboardAnswers = {
  children?: Child[];
  summary?: InsightsSummary;
  daily?: DailyInsightsResponse;
  weekly?: WeeklyRow[];
  feedings?: Feeding[];
  sleeps?: Sleep[];
  /** The feedings of the last days, which the arrows compare by the same hour (none unless given). */
  recentFeedings?: Feeding[];
  timers?: Timer[];
  glance?: Glance;
};

/** Answers every request the dashboard makes and records the URLs asked for. */
function answerDashboard(answers: DashboardAnswers = {}) {
  const requests: URL[] = [];
  const record = (request: Request) => requests.push(new URL(request.url));
  server.use(
    http.get('/api/children', () => HttpResponse.json(answers.children ?? [testChild])),
    http.get('/api/children/:id/insights/summary', ({ request }) => {
      record(request);
      return HttpResponse.json(answers.summary ?? summary);
    }),
    http.get('/api/children/:id/insights/daily', ({ request }) => {
      record(request);
      return HttpResponse.json(answers.daily ?? daily);
    }),
    http.get('/api/children/:id/insights/weekly', ({ request }) => {
      record(request);
      return HttpResponse.json(answers.weekly ?? weekly);
    }),
    http.get('/api/feedings', ({ request }) => {
      record(request);
      const range = new URL(request.url).searchParams.has('startDate');
      return HttpResponse.json(range ? (answers.recentFeedings ?? []) : (answers.feedings ?? feedings));
    }),
    http.get('/api/sleep', ({ request }) => {
      record(request);
      const range = new URL(request.url).searchParams.has('startDate');
      return HttpResponse.json(range ? [] : (answers.sleeps ?? sleeps));
    }),
    http.get('/api/milestone-alerts/:childId', () => HttpResponse.json({ message: 'No active alert' }, { status: 404 })),
    http.get('/api/children/:id/timers', () => HttpResponse.json(answers.timers ?? [])),
    http.get('/api/children/:id/glance', () => HttpResponse.json(answers.glance ?? makeGlance())),
  );
  return requests;
}

function renderDashboard() {
  const result = renderPage(<DashboardRoute />, { path: '/' });
  return { ...result, user: userEvent.setup() };
}

const summaryCard = (label: string) =>
  Array.from(screen.getByRole('listitem', { name: label }).querySelectorAll('p')).map((p) => p.textContent);

describe('DashboardRoute', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
    signIn();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe('states', () => {
    it("shows 'Loading dashboard...' until the data is there", async () => {
      answerDashboard();
      renderDashboard();

      expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
      expect(await screen.findByRole('heading', { name: 'JD Dashboard' })).toBeInTheDocument();
      await screen.findByRole('region', { name: "Today's Summary" });
      expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
    });

    it("shows the server's message and a Retry that reloads the page", async () => {
      server.use(http.get('/api/children', () => HttpResponse.json({ message: 'Service unavailable' }, { status: 503 })));
      const reload = vi.fn();
      vi.stubGlobal('location', { ...window.location, reload });
      const { user } = renderDashboard();

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Error Loading Data' })).toBeInTheDocument();
      expect(alert).toHaveTextContent('Service unavailable');
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(reload).toHaveBeenCalledOnce();
    });

    it("falls back to 'Unable to load dashboard data' when an insight fails without a message", async () => {
      answerDashboard();
      server.use(http.get('/api/children/:id/insights/weekly', () => new HttpResponse(null, { status: 500 })));
      renderDashboard();

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Error Loading Data');
      expect(alert).toHaveTextContent('Unable to load dashboard data');
      // The header stays, so the parent can still switch child or log an entry.
      expect(screen.getByRole('button', { name: 'Add Feeding' })).toBeInTheDocument();
    });

    it('tells a parent without children to finish onboarding', async () => {
      answerDashboard({ children: [] });
      const { user } = renderDashboard();

      expect(await screen.findByRole('heading', { name: 'No Children Found' })).toBeInTheDocument();
      expect(
        screen.getByText("You haven't added any children yet. Please complete your onboarding first."),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add a child' }));
      expect(await screen.findByRole('heading', { name: 'Page /onboarding' })).toBeInTheDocument();
    });
  });

  describe('header', () => {
    it("names the first child, shows today's long date and time, and asks for today's data", async () => {
      const requests = answerDashboard({ children: [testChild, secondChild] });
      renderDashboard();

      expect(await screen.findByRole('heading', { level: 1, name: 'JD Dashboard' })).toBeInTheDocument();
      expect(screen.getByText('Sunday, June 15, 2025 · 12:00 PM')).toBeInTheDocument();
      expect(screen.getByLabelText('Child')).toHaveValue('child-1');
      await screen.findByRole('region', { name: "Today's Summary" });

      const asked = requests.map((url) => `${url.pathname}${url.search}`);
      const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(asked).toEqual(
        expect.arrayContaining([
          `/api/children/child-1/insights/summary?from=2025-06-15&to=2025-06-15&tz=${zone}`,
          `/api/children/child-1/insights/daily?days=1&tz=${zone}`,
          `/api/children/child-1/insights/weekly?tz=${zone}`,
          '/api/feedings?childId=child-1&date=2025-06-15',
          '/api/sleep?childId=child-1&date=2025-06-15&limit=20',
          // The days the arrows compare with, in the child's zone (New York): from eight days back.
          expect.stringMatching(/^\/api\/feedings\?childId=child-1&startDate=2025-06-0[67]&endDate=2025-06-1[45]$/),
        ]),
      );
    });

    it("falls back to 'Baby' when the child has no display name", async () => {
      answerDashboard({ children: [{ ...testChild, displayName: '' }] });
      renderDashboard();

      expect(await screen.findByRole('heading', { name: 'Baby Dashboard' })).toBeInTheDocument();
    });

    it('switches child from the selector; its last option offers the way to onboarding', async () => {
      const requests = answerDashboard({ children: [testChild, secondChild] });
      const { user } = renderDashboard();
      await screen.findByRole('region', { name: "Today's Summary" });

      const select = screen.getByLabelText('Child');
      expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'JD',
        'Sam',
        '+ Add a child',
      ]);
      await user.selectOptions(select, 'Sam');
      expect(await screen.findByRole('heading', { name: 'Sam Dashboard' })).toBeInTheDocument();
      await waitFor(() => expect(requests.some((url) => url.search.includes('childId=child-2'))).toBe(true));

      expect(screen.queryByRole('link', { name: 'Add a child' })).not.toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Child'), '+ Add a child');
      // Choosing it, as arrowing through a closed select does on some platforms, does not leave.
      expect(screen.getByRole('heading', { name: 'Sam Dashboard' })).toBeInTheDocument();
      const addChild = screen.getByRole('link', { name: 'Add a child' });
      expect(addChild).toHaveAttribute('href', '/onboarding');

      // Arrowing on to a child takes the link away again.
      await user.selectOptions(screen.getByLabelText('Child'), 'JD');
      expect(await screen.findByRole('heading', { name: 'JD Dashboard' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Add a child' })).not.toBeInTheDocument();

      await user.selectOptions(screen.getByLabelText('Child'), '+ Add a child');
      await user.click(screen.getByRole('link', { name: 'Add a child' }));
      expect(await screen.findByRole('heading', { name: 'Page /onboarding' })).toBeInTheDocument();
    });
  });

  describe("Today's Summary", () => {
    it('shows the ten cards, with arrows against the same hours of the earlier days that have data', async () => {
      const hour = 3_600_000;
      const bottle = (hoursAgo: number, amountOz: number) => makeFeeding({ id: `f-${hoursAgo}`, startedAt: new Date(Date.now() - hoursAgo * hour).toISOString(), endedAt: new Date(Date.now() - hoursAgo * hour).toISOString(), amountOz });
      // Today one 4 oz bottle an hour ago; the two days before, two bottles each by this hour (4 and 4 oz) and one after it.
      answerDashboard({ recentFeedings: [bottle(1, 4), bottle(25, 4), bottle(26, 4), bottle(23, 4), bottle(49, 4), bottle(50, 4), bottle(47, 4)] });
      renderDashboard();
      await screen.findByRole('region', { name: "Today's Summary" });

      await waitFor(() => expect(summaryCard('Feeds today')).toEqual(['Feeds today', '6', '↓ 50% vs 2-day avg by now']));
      expect(summaryCard('Total oz today')).toEqual(['Total oz today', '20.0 oz', '↓ 50% vs 2-day avg by now']);
      expect(summaryCard('Avg oz per feed')).toEqual(['Avg oz per feed', '3.3 oz']);
      expect(summaryCard('Avg interval')).toEqual(['Avg interval', '2h 30m']);
      expect(summaryCard('Last feed')).toEqual(['Last feed', '11:15 AM', '4.5 oz · Bottle']);
      // No sleep by this hour on any of the days: the same.
      expect(summaryCard('Total sleep today')).toEqual(['Total sleep today', '2h 0m', 'Since midnight', '→ same as 2-day avg by now']);
      expect(summaryCard('Avg nap')).toEqual(['Avg nap', '1h 0m']);
      expect(summaryCard('Bedtime window')).toEqual(['Bedtime window', '7:15 PM – 7:45 PM']);
      expect(summaryCard('Wet diapers today')).toEqual(['Wet diapers today', '3']);
      expect(summaryCard('Dirty diapers today')).toEqual(['Dirty diapers today', '1']);
      expect(within(screen.getByRole('region', { name: "Today's Summary" })).getAllByRole('listitem')).toHaveLength(10);
    });

    it('shows no trend without earlier data, and dashes for what is not known yet', async () => {
      answerDashboard({
        summary: makeSummary(),
        daily: makeDailyResponse([makeDay('2025-06-14'), makeDay('2025-06-15', { feedCount: 1, totalOz24h: 3 })]),
        weekly: weekly.map((row) => ({ ...row, sleepHours: '0m', note: row.isToday ? 'Short sleep' : 'No data' })),
      });
      renderDashboard();
      await screen.findByRole('region', { name: "Today's Summary" });

      expect(summaryCard('Feeds today')).toEqual(['Feeds today', '1']);
      expect(summaryCard('Total oz today')).toEqual(['Total oz today', '3.0 oz']);
      expect(summaryCard('Avg oz per feed')).toEqual(['Avg oz per feed', '-']);
      expect(summaryCard('Avg interval')).toEqual(['Avg interval', '-']);
      expect(summaryCard('Last feed')).toEqual(['Last feed', '-']);
      expect(summaryCard('Total sleep today')).toEqual(['Total sleep today', '0m', 'Since midnight']);
      expect(summaryCard('Bedtime window')).toEqual(['Bedtime window', '-']);
      expect(screen.queryByText(/day avg/)).not.toBeInTheDocument();
    });
  });

  describe('Last 7 Days', () => {
    it("lists the week with today's row marked, weekends set apart and feed badges by tier", async () => {
      answerDashboard();
      renderDashboard();

      const table = within(await screen.findByRole('region', { name: 'Last 7 Days' })).getByRole('table');
      const [header, ...rows] = within(table).getAllByRole('row');
      expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
        'Day',
        'Feeds',
        'Amount',
        'Sleep',
        'Diapers',
        'Notes',
      ]);
      expect(rows).toHaveLength(7);

      const [today, saturday, friday, thursday] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
      expect(within(today).getByRole('rowheader')).toHaveTextContent('Sun Jun 15Today');
      expect(today).toHaveAttribute('aria-current', 'date');
      expect(within(today).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
        '6',
        '20.0 oz',
        '2h 0m',
        '4',
        'Short sleep',
      ]);
      expect(within(saturday).queryByText('Today')).not.toBeInTheDocument();
      expect(within(saturday).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
        '9',
        '25.0 oz',
        '14h 0m',
        '0',
        'Frequent feeds',
      ]);
      expect(within(friday).getByText('Great sleep day')).toBeInTheDocument();
      expect(within(thursday).getByText('Normal day')).toBeInTheDocument();
      expect(within(rows[6]!).getByText('No data')).toBeInTheDocument();

      expect(today).toHaveClass('weekend-row');
      expect(saturday).toHaveClass('weekend-row');
      expect(friday).not.toHaveClass('weekend-row');
      // More than 8 feeds, more than 5, and the rest.
      expect(within(saturday).getByText('9')).toHaveClass('feeds-high');
      expect(within(today).getByText('6')).toHaveClass('feeds-medium');
      expect(within(friday).getByText('8')).toHaveClass('feeds-medium');
      expect(within(thursday).getByText('3')).toHaveClass('feeds-low');
    });

    it("shows 'No data yet' when nothing was logged all week", async () => {
      answerDashboard({ weekly: weekly.map((row) => ({ ...row, feeds: 0, diapers: 0, note: 'No data' })) });
      renderDashboard();

      const section = await screen.findByRole('region', { name: 'Last 7 Days' });
      expect(within(section).queryByRole('table')).not.toBeInTheDocument();
      expect(within(section).getByRole('heading', { name: 'No data yet' })).toBeInTheDocument();
      expect(within(section).getByText('Start logging activities to see your weekly trends')).toBeInTheDocument();
    });

    it('shows the table for a week of diaper changes alone', async () => {
      answerDashboard({ weekly: weekly.map((row) => ({ ...row, feeds: 0, diapers: row.isToday ? 2 : 0, note: 'No data' })) });
      renderDashboard();

      const table = within(await screen.findByRole('region', { name: 'Last 7 Days' })).getByRole('table');
      const [, today] = within(table).getAllByRole('row');
      expect(within(today!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0', '20.0 oz', '2h 0m', '2', 'No data']);
    });
  });

  describe("Today's Activity Timeline", () => {
    it("lists today's feedings and sleeps newest first with their details", async () => {
      answerDashboard();
      renderDashboard();

      const list = await screen.findByRole('list', { name: "Today's activities" });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => within(item).getByText(/^(Feeding|Sleep)$/).textContent)).toEqual([
        'Feeding',
        'Sleep',
        'Feeding',
      ]);

      const [nursing, nap, bottle] = items as [HTMLElement, HTMLElement, HTMLElement];
      // No 'Amount -' where there is none.
      expect(nursing).toHaveTextContent('Feeding11:15 AMDuration20mLeft side first');
      expect(nap).toHaveTextContent('Sleep10:00 AMDuration1h 5mSleep session');
      expect(bottle).toHaveTextContent('Feeding9:30 AMDuration15mAmount4 ozBottle feeding');
      for (const item of items) {
        expect(within(item).getByRole('button', { name: /^Delete/ })).toHaveAttribute('title', 'Delete entry');
      }
      // Every kind can be corrected from here.
      expect(within(nursing).getByRole('button', { name: 'Edit feeding at 11:15 AM' })).toBeInTheDocument();
      expect(within(nap).getByRole('button', { name: 'Edit sleep at 10:00 AM' })).toBeInTheDocument();
    });

    it('deletes an entry and refetches the lists as of that write', async () => {
      answerDashboard();
      let remainingSleeps = sleeps;
      const minPositions: (string | null)[] = [];
      server.use(
        http.delete('/api/sleep/:id', ({ params }) => {
          remainingSleeps = remainingSleeps.filter((sleep) => sleep.id !== params.id);
          return HttpResponse.json({ ok: true, position: 42 }, { headers: { 'X-Event-Position': '42' } });
        }),
        http.get('/api/sleep', ({ request }) => {
          minPositions.push(request.headers.get('X-Min-Position'));
          return HttpResponse.json(remainingSleeps);
        }),
      );
      const { user } = renderDashboard();

      await user.click(await screen.findByRole('button', { name: 'Delete sleep at 10:00 AM' }));

      await waitFor(() => expect(screen.queryByText('Sleep session')).not.toBeInTheDocument());
      expect(screen.getAllByTitle('Delete entry')).toHaveLength(2);
      // The day's list, then the days the arrows compare, each read again as of the deletion.
      expect(minPositions).toEqual([null, null, '42', '42']);
    });

    it('only logs a failed delete and keeps the entry', async () => {
      answerDashboard();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      let deleteCalls = 0;
      server.use(
        http.delete('/api/feedings/:id', () => {
          deleteCalls += 1;
          return HttpResponse.json({ message: 'Feeding not found' }, { status: 404 });
        }),
      );
      const { user } = renderDashboard();

      await user.click(await screen.findByRole('button', { name: 'Delete feeding at 9:30 AM' }));

      await waitFor(() => expect(logged).toHaveBeenCalled());
      expect(deleteCalls).toBe(1);
      expect(screen.getByText('Bottle feeding')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it("shows 'No activities today' when nothing was logged today", async () => {
      answerDashboard({ feedings: [], sleeps: [] });
      renderDashboard();

      const section = await screen.findByRole('region', { name: "Today's Activity Timeline" });
      expect(within(section).getByRole('heading', { name: 'No activities today' })).toBeInTheDocument();
      expect(within(section).getByText('Start by adding a feeding or sleep session above.')).toBeInTheDocument();
    });
  });

  describe('at a glance', () => {
    // 15 June 2025 12:00: the last feed ended at 9:55, the baby woke at 10:50 and is due a nap 12:20–12:50.
    const glance = makeGlance({
      lastFeedingEndedAt: new Date(2025, 5, 15, 9, 55).toISOString(),
      lastWokeAt: new Date(2025, 5, 15, 10, 50).toISOString(),
      lastBottle: lastBottle(),
      nextNap: {
        wokeAt: new Date(2025, 5, 15, 10, 50).toISOString(),
        from: new Date(2025, 5, 15, 12, 20).toISOString(),
        to: new Date(2025, 5, 15, 12, 50).toISOString(),
        wakeWindow: { fromMonths: 4, label: '4 months', minMinutes: 90, maxMinutes: 120 },
        label: 'Estimate from age-typical wake windows, not medical advice',
      },
    });

    it('shows since the last feed, awake for how long and the next nap on top, following the clock', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
      vi.setSystemTime(new Date(2025, 5, 15, 12, 0, 0));
      answerDashboard({ glance });
      renderDashboard();

      expect(await screen.findByText('Last feed ended 2h 5m ago · Awake for 1h 10m')).toBeInTheDocument();
      expect(screen.getByText('Next nap likely between 12:20 PM and 12:50 PM')).toBeInTheDocument();
      expect(screen.getByText('Estimate from age-typical wake windows, not medical advice')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Same as last: 4 oz Formula' })).toBeInTheDocument();

      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText('Last feed ended 2h 6m ago · Awake for 1h 11m')).toBeInTheDocument();
    });

    it('shows a running sleep timer, asleep for how long, and no start button for it', async () => {
      answerDashboard({
        glance: { ...glance, nextNap: null, asleepSince: new Date(2025, 5, 15, 11, 15).toISOString() },
        timers: [sleepTimer({ startedAt: new Date(2025, 5, 15, 11, 15).toISOString() })],
      });
      renderDashboard();

      expect(await screen.findByText('Last feed ended 2h 5m ago · Asleep for 45m')).toBeInTheDocument();
      const timer = await screen.findByRole('article', { name: 'Sleep timer' });
      expect(within(timer).getByRole('timer')).toHaveTextContent('45:00');
      expect(screen.queryByRole('button', { name: 'Start sleep' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Start feeding' })).toBeInTheDocument();
      expect(screen.queryByText(/Next nap/)).not.toBeInTheDocument();
    });

    it("shows a timer another member starts, and the baby asleep, without a reload", async () => {
      const asleepSince = new Date(2025, 5, 15, 11, 59).toISOString();
      let started = false;
      let announce: () => void = () => {};
      const announced = new Promise<void>((resolve) => (announce = resolve));
      answerDashboard({ glance });
      server.use(
        // The other parent starts a sleep once this screen is open: the stream announces it.
        http.get('/api/children/:id/live', async () => {
          await announced;
          started = true;
          const event = new TextEncoder().encode('event: change\ndata: {"position":21}\n\n');
          return new HttpResponse(new ReadableStream({ start: (controller) => controller.enqueue(event) }), { headers: { 'content-type': 'text/event-stream' } });
        }),
        http.get('/api/children/:id/timers', () => HttpResponse.json(started ? [sleepTimer({ startedAt: asleepSince })] : [])),
        http.get('/api/children/:id/glance', () => HttpResponse.json(started ? { ...glance, nextNap: null, asleepSince } : glance)),
      );
      renderDashboard();
      expect(await screen.findByText('Last feed ended 2h 5m ago · Awake for 1h 10m')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Start sleep' })).toBeInTheDocument();

      announce();

      expect(await screen.findByRole('article', { name: 'Sleep timer' })).toBeInTheDocument();
      expect(await screen.findByText('Last feed ended 2h 5m ago · Asleep for 1m')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Start sleep' })).not.toBeInTheDocument();
    });

    it('reads the glance and the timers again after a feeding is logged', async () => {
      answerDashboard({ feedings: [] });
      const reads: string[] = [];
      server.use(
        http.get('/api/children/:id/glance', () => {
          reads.push('glance');
          return HttpResponse.json(makeGlance());
        }),
        http.get('/api/children/:id/timers', () => {
          reads.push('timers');
          return HttpResponse.json([]);
        }),
        http.post('/api/feedings', () => HttpResponse.json(makeFeeding({ id: 'feeding-9' }), { status: 201, headers: { 'X-Event-Position': '7' } })),
      );
      const { user } = renderDashboard();
      expect(await screen.findByText('No feeds logged yet')).toBeInTheDocument();
      await waitFor(() => expect(reads.sort()).toEqual(['glance', 'timers']));

      await user.click(screen.getByRole('button', { name: 'Add Feeding' }));
      await user.type(screen.getByLabelText('Amount (oz)'), '4');
      await user.click(screen.getByRole('button', { name: 'Add Entry' }));

      await waitFor(() => expect(reads.sort()).toEqual(['glance', 'glance', 'timers', 'timers']));
    });
  });

  describe('adding entries', () => {
    it("logs a feeding from 'Add Feeding', showing 'Adding...' while it saves, then lists it", async () => {
      answerDashboard({ feedings: [] });
      let saved: Feeding[] = [];
      // Opened before the request arrives: the save reaches the server after the outbox has looked in IndexedDB.
      let release: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        release = resolve;
      });
      server.use(
        http.post('/api/feedings', async () => {
          await answered;
          saved = [makeFeeding({ id: 'feeding-9', entry: { datetime: '2025-06-15T12:00', notes: 'After the walk' } })];
          return HttpResponse.json(saved[0], { status: 201, headers: { 'X-Event-Position': '7' } });
        }),
        http.get('/api/feedings', () => HttpResponse.json(saved)),
      );
      const { user } = renderDashboard();

      await user.click(await screen.findByRole('button', { name: 'Add Feeding' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Feeding' });
      await user.type(within(dialog).getByLabelText('Amount (oz)'), '4');
      await user.click(within(dialog).getByRole('button', { name: 'Add Entry' }));

      expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();
      // The dashboard's own button says so too, behind the dialog.
      expect(screen.getAllByRole('button', { name: 'Adding...' })).toHaveLength(2);
      release();

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('After the walk')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add Feeding' })).toBeEnabled();
    });

    it("logs a sleep from 'Add Sleep', showing 'Adding...' on both buttons while it saves", async () => {
      answerDashboard({ sleeps: [] });
      let saved: Sleep[] = [];
      let release: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        release = resolve;
      });
      server.use(
        http.post('/api/sleep', async () => {
          await answered;
          saved = [makeSleep({ id: 'sleep-9', entry: { datetime: '2025-06-15T10:30', duration: '1h 0m', notes: 'Pram nap' } })];
          return HttpResponse.json(saved[0], { status: 201, headers: { 'X-Event-Position': '8' } });
        }),
        http.get('/api/sleep', () => HttpResponse.json(saved)),
      );
      const { user } = renderDashboard();

      await user.click(await screen.findByRole('button', { name: 'Add Sleep' }));
      const dialog = screen.getByRole('dialog', { name: 'Add Sleep' });
      await user.type(within(dialog).getByLabelText('Duration in minutes'), '60');
      await user.click(within(dialog).getByRole('button', { name: 'Add Entry' }));

      expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();
      expect(screen.getAllByRole('button', { name: 'Adding...' })).toHaveLength(2);
      // Only the sleep is saving: Add Feeding stays as it is.
      expect(screen.getByRole('button', { name: 'Add Feeding' })).toBeEnabled();
      release();

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('Pram nap')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add Sleep' })).toBeEnabled();
    });

    it("opens 'Add Sleep' and closes it again with Cancel", async () => {
      answerDashboard();
      const { user } = renderDashboard();

      await user.click(await screen.findByRole('button', { name: 'Add Sleep' }));
      expect(screen.getByRole('dialog', { name: 'Add Sleep' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('opens the milestone alert of the selected child by itself', async () => {
    answerDashboard();
    server.use(
      http.get('/api/milestone-alerts/:childId', () =>
        HttpResponse.json({
          id: 'alert-1',
          isNew: false,
          alertType: 'MILESTONE_REACHED',
          milestone: { label: '4 months', amountPerFeeding: '4–6 oz', feedingsPerDay: '5–6', details: [] },
        }),
      ),
    );
    renderDashboard();

    expect(await screen.findByRole('dialog', { name: '4 months milestone reached' })).toBeInTheDocument();
  });
});
