import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApexOptions } from 'apexcharts';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, testChild } from '../../testing/auth-fixtures.ts';
import { server } from '../../testing/msw-server.ts';
import { renderPage } from '../../testing/render-app.tsx';
import { makeDailyResponse, makeDay } from '../../testing/tracking-fixtures.ts';
import type { Child, Correlations, DailyInsightsResponse } from '../../types/api.ts';
import { InsightsRoute } from './insights.tsx';

type YAxis = Exclude<ApexOptions['yaxis'], unknown[] | undefined>;
type ChartProps = { type: string; series: { name: string; data: (number | null)[] }[]; options: ApexOptions };

// apexcharts needs a real layout engine; jsdom has none. The stand-in shows what the page asks
// it to draw and keeps the props, so the tests check the chart inputs (the drawing itself is
// checked in the browser tests).
const charts = vi.hoisted(() => [] as ChartProps[]);
vi.mock('react-apexcharts', () => ({
  default: (props: ChartProps) => {
    charts.push(props);
    const name = props.series[0]?.name ?? '';
    return (
      <dl aria-label={`${name} chart`}>
        <dt>type</dt>
        <dd>{props.type}</dd>
        <dt>data</dt>
        <dd>{JSON.stringify(props.series[0]?.data)}</dd>
        <dt>categories</dt>
        <dd>{JSON.stringify(props.options.xaxis?.categories)}</dd>
        <dt>colors</dt>
        <dd>{JSON.stringify(props.options.colors)}</dd>
      </dl>
    );
  },
}));

// Sunday 16 November 2025; the API answers the days ascending, but the page must not depend on it.
const daily = makeDailyResponse([
  makeDay('2025-11-12', { totalOz24h: 22, avgIntervalMins: 180, totalDayMins: 200, totalNightMins: 620, longestNightStretchMins: 275, bedtime: '20:05' }),
  makeDay('2025-11-10'),
  makeDay('2025-11-11', { totalOz24h: 19.75, avgIntervalMins: 150, totalDayMins: 180, totalNightMins: 540, longestNightStretchMins: 240, bedtime: '19:45' }),
  makeDay('2025-11-13', { totalOz24h: 24, avgIntervalMins: 170, totalDayMins: 150, totalNightMins: 600, longestNightStretchMins: 300, bedtime: '19:30' }),
  makeDay('2025-11-14', { totalOz24h: 25.5, avgIntervalMins: 160, totalDayMins: 160, totalNightMins: 610, longestNightStretchMins: 320, bedtime: '19:15' }),
  makeDay('2025-11-15', { totalOz24h: 26, avgIntervalMins: 165, totalDayMins: 150, totalNightMins: 600, longestNightStretchMins: 330, bedtime: '19:30' }),
  makeDay('2025-11-16', { totalOz24h: 18.5, avgIntervalMins: 165, totalDayMins: 150 }),
]);

const correlations: Correlations = {
  napLengthDeltaByFeedBucket: { '4+': -5, '<2': 12, '2-3.9': 0 },
  longNightStretchDeltaOnHighNapDays: -18,
  firstNightStretchDeltaWhenLastFeedInLateWindow: 25,
};

function answerInsights({
  children = [testChild],
  dailyAnswer = daily,
  correlationsAnswer = correlations,
}: { children?: Child[]; dailyAnswer?: DailyInsightsResponse; correlationsAnswer?: Correlations } = {}) {
  const asked: string[] = [];
  server.use(
    http.get('/api/children', () => HttpResponse.json(children)),
    http.get('/api/children/:id/insights/daily', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      return HttpResponse.json(dailyAnswer);
    }),
    http.get('/api/children/:id/insights/correlations', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      return HttpResponse.json(correlationsAnswer);
    }),
  );
  return asked;
}

function renderInsights() {
  renderPage(<InsightsRoute />, { path: '/insights' });
  return userEvent.setup();
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('InsightsRoute', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 10, 16, 12, 0, 0));
    charts.length = 0;
    signIn();
  });

  describe('states', () => {
    it("shows 'Loading insights...' and then the first child's insights", async () => {
      const asked = answerInsights({ children: [testChild, { ...testChild, id: 'child-2', displayName: 'Sam' }] });
      const user = renderInsights();

      expect(screen.getByRole('status')).toHaveTextContent('Loading insights...');
      expect(await screen.findByRole('heading', { level: 1, name: "JD's Insights" })).toBeInTheDocument();
      expect(screen.getByText('Data-driven insights from feeding and sleep patterns')).toBeInTheDocument();
      const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(asked.sort()).toEqual([
        '/api/children/child-1/insights/correlations?days=30',
        `/api/children/child-1/insights/daily?days=7&tz=${zone}`,
      ]);
      expect(screen.getByRole('link', { name: 'Open the one-page report' })).toHaveAttribute('href', '/reports');

      await user.click(screen.getByRole('button', { name: '← Back to Dashboard' }));
      expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
    });

    it("falls back to 'Baby' in the title", async () => {
      answerInsights({ children: [{ ...testChild, displayName: '' }] });
      renderInsights();

      expect(await screen.findByRole('heading', { level: 1, name: "Baby's Insights" })).toBeInTheDocument();
    });

    it("shows the server's message with a way back to the dashboard", async () => {
      server.use(http.get('/api/children', () => HttpResponse.json({ message: 'Session store unavailable' }, { status: 503 })));
      const user = renderInsights();

      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Unable to Load Insights' })).toBeInTheDocument();
      expect(alert).toHaveTextContent('Session store unavailable');
      await user.click(within(alert).getByRole('button', { name: 'Back to Dashboard' }));
      expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
    });

    it("says 'No child data available' when an insight fails without a message", async () => {
      answerInsights();
      server.use(http.get('/api/children/:id/insights/correlations', () => new HttpResponse(null, { status: 500 })));
      renderInsights();

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Unable to Load Insights');
      expect(alert).toHaveTextContent('No child data available');
    });

    it('offers a parent without a child to add one, as the dashboard does: no error', async () => {
      answerInsights({ children: [] });
      renderInsights();

      expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'No Children Found' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add a child' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('Weekly Overview', () => {
    it('draws total ounces in blue and the longest night stretch in green, in hours, oldest day first', async () => {
      answerInsights();
      renderInsights();

      // The charts are a chunk of their own, loaded after the page.
      const ounces = await screen.findByLabelText('Total oz chart', {}, { timeout: 5000 });
      const categories = ['Mon, Nov 10', 'Tue, Nov 11', 'Wed, Nov 12', 'Thu, Nov 13', 'Fri, Nov 14', 'Sat, Nov 15', 'Sun, Nov 16'];
      expect(screen.getByText('Total oz per Day')).toBeInTheDocument();
      expect(within(ounces).getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
        'line',
        // Monday has nothing logged: a gap, as in the night stretch's line, not a day of 0 oz.
        JSON.stringify([null, 19.8, 22, 24, 25.5, 26, 18.5]),
        JSON.stringify(categories),
        JSON.stringify(['#2563eb']),
      ]);

      const stretch = screen.getByLabelText('Longest night stretch chart');
      expect(screen.getByText('Longest Night Stretch')).toBeInTheDocument();
      expect(within(stretch).getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
        'line',
        JSON.stringify([null, 4, 4.6, 5, 5.3, 5.5, null]),
        JSON.stringify(categories),
        JSON.stringify(['#16a34a']),
      ]);
    });

    it('starts both y axes at zero, labels values with units and titles tooltips with the full date', async () => {
      answerInsights();
      renderInsights();
      await screen.findByLabelText('Longest night stretch chart', {}, { timeout: 5000 });

      const [ounces, stretch] = charts.slice(-2) as [ChartProps, ChartProps];
      for (const chart of [ounces, stretch]) {
        const yaxis = chart.options.yaxis as YAxis;
        expect(yaxis.min).toBe(0);
        const tooltipTitle = chart.options.tooltip?.x?.formatter as (value: number, opts: { dataPointIndex: number }) => string;
        expect(tooltipTitle(0, { dataPointIndex: 0 })).toBe('Monday, November 10, 2025');
        expect(tooltipTitle(0, { dataPointIndex: 6 })).toBe('Sunday, November 16, 2025');
      }
      expect(((ounces.options.yaxis as YAxis).labels?.formatter as (value: number) => string)(19.75)).toBe('19.8 oz');
      expect(((stretch.options.yaxis as YAxis).labels?.formatter as (value: number) => string)(5.5)).toBe('5.5 h');
    });

    it('marks and labels a lone night, which a line alone would not show', async () => {
      const oneNight = makeDailyResponse(
        ['2025-11-10', '2025-11-11', '2025-11-12', '2025-11-13', '2025-11-14', '2025-11-15', '2025-11-16'].map((date) =>
          makeDay(date, date === '2025-11-13' ? { totalNightMins: 90, longestNightStretchMins: 90 } : {}),
        ),
      );
      answerInsights({ dailyAnswer: oneNight });
      renderInsights();
      await screen.findByLabelText('Longest night stretch chart', {}, { timeout: 5000 });

      const stretch = charts.at(-1)!;
      expect(stretch.series[0]!.data).toEqual([null, null, null, 1.5, null, null, null]);
      expect(stretch.options.markers?.discrete).toEqual([{ seriesIndex: 0, dataPointIndex: 3, size: 6, fillColor: '#16a34a', strokeColor: '#16a34a' }]);
      expect(stretch.options.dataLabels?.enabled).toBe(true);
      const label = stretch.options.dataLabels?.formatter as (value: number | null, context: { dataPointIndex: number }) => string;
      expect(label(1.5, { dataPointIndex: 3 })).toBe('1.5 h');
      // The other days have nothing logged: gaps in the ounces line too, where that night's day is 0 oz, alone.
      expect(charts.at(-2)!.series[0]!.data).toEqual([null, null, null, 0, null, null, null]);
      expect(charts.at(-2)!.options.markers?.discrete).toEqual([{ seriesIndex: 0, dataPointIndex: 3, size: 6, fillColor: '#2563eb', strokeColor: '#2563eb' }]);
    });
  });

  describe('Pattern Insights', () => {
    it('shows each change in minutes, signed when positive, feed sizes small to large', async () => {
      answerInsights();
      renderInsights();
      await screen.findByRole('heading', { name: 'Pattern Insights' });

      expect(within(card('Feed Size & Nap Length')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Small feeds (<2 oz) +12 min',
        'Medium feeds (2-3.9 oz) 0 min',
        'Large feeds (≥4 oz) -5 min',
      ]);
      expect(within(card('High Nap Days')).getByText('-18 min')).toBeInTheDocument();
      expect(within(card('Late Evening Feeds')).getByText('+25 min')).toBeInTheDocument();
    });

    it('says which data is missing for each card', async () => {
      answerInsights({ correlationsAnswer: { napLengthDeltaByFeedBucket: {} } });
      renderInsights();
      await screen.findByRole('heading', { name: 'Pattern Insights' });

      expect(within(card('Feed Size & Nap Length')).getByText('Insufficient data - need more feeding and nap records')).toBeInTheDocument();
      expect(within(card('High Nap Days')).getByText('Insufficient data - need more high nap days to compare')).toBeInTheDocument();
      expect(within(card('Late Evening Feeds')).getByText('Insufficient data - need more late evening feeds to compare')).toBeInTheDocument();
    });
  });

  describe('Daily Summaries', () => {
    it('lists one row per day, newest first, in ounces and hours', async () => {
      answerInsights();
      renderInsights();

      const section = await screen.findByRole('region', { name: 'Daily Summaries' });
      const [header, ...rows] = within(section).getAllByRole('row');
      expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
        'Date',
        'Total oz',
        'Feeds',
        'Day Sleep',
        'Night Sleep',
        'Bedtime',
        'First Stretch',
      ]);
      const texts = rows.map((row) => Array.from(row.children).map((cell) => cell.textContent));
      expect(texts).toEqual([
        ['Sun, Nov 16', '18.5', '2.8 h avg', '2.5 h', '0.0 h', '-', '-'],
        ['Sat, Nov 15', '26.0', '2.8 h avg', '2.5 h', '10.0 h', '7:30 PM', '5.5 h'],
        ['Fri, Nov 14', '25.5', '2.7 h avg', '2.7 h', '10.2 h', '7:15 PM', '5.3 h'],
        ['Thu, Nov 13', '24.0', '2.8 h avg', '2.5 h', '10.0 h', '7:30 PM', '5.0 h'],
        ['Wed, Nov 12', '22.0', '3.0 h avg', '3.3 h', '10.3 h', '8:05 PM', '4.6 h'],
        ['Tue, Nov 11', '19.8', '2.5 h avg', '3.0 h', '9.0 h', '7:45 PM', '4.0 h'],
        ['Mon, Nov 10', '0.0', '-', '0.0 h', '0.0 h', '-', '-'],
      ]);
    });
  });
});
