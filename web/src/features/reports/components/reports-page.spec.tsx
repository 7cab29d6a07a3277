import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReportView } from '@nightlight/domain/reports/report';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, testChild } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { Child } from '../../../types/api.ts';
import { ReportsPage } from './reports-page.tsx';

type ChartProps = { type: string; series: { name: string; data: (number | null)[] }[]; options: { xaxis?: { categories?: unknown } } };

// apexcharts needs a real layout engine; jsdom has none. The stand-in shows what the page asks it
// to draw (the drawing itself and the printed page are checked in tests/browser/reports.e2e.spec.ts).
vi.mock('react-apexcharts', () => ({
  default: (props: ChartProps) => (
    <dl aria-label={`${props.series.map((s) => s.name).join(' and ')} chart`}>
      {props.series.map((s) => (
        <dd key={s.name}>{`${s.name}: ${JSON.stringify(s.data)}`}</dd>
      ))}
      <dd>{JSON.stringify(props.options.xaxis?.categories)}</dd>
    </dl>
  ),
}));

const child: Child = { ...testChild, id: '0190c0de-0000-7000-8000-000000000001', displayName: 'JB', birthDate: '2026-03-08' };
const sibling: Child = { ...testChild, id: '0190c0de-0000-7000-8000-000000000002', displayName: 'Kit', birthDate: '2024-01-10' };

const day = (date: string, feedCount: number, totalOz: number, wet: number, dirty: number, dayMins: number, nightMins: number, longest: number | null) => ({
  date,
  hasEntries: feedCount > 0,
  feedCount,
  totalOz,
  wetCount: wet,
  dirtyCount: dirty,
  dayMins,
  nightMins,
  longestNightStretchMins: longest,
  nursingLeftMins: 0,
  nursingRightMins: 0,
  pumpedOz: 0,
  tummyTimeMins: 0,
});

/** The fixture week of domain/src/reports as the API answers it (tests/api/reports.e2e.spec.ts). */
const fixtureWeek: ReportView = {
  child: { id: child.id, displayName: 'JB', birthDate: '2026-03-08', sex: 'Female' },
  age: { days: 91, text: '2 months 30 days' },
  range: { from: '2026-06-01', to: '2026-06-07', days: 7, daysWithEntries: 6 },
  feeds: { mean: 5.3, min: 4, max: 7 },
  amount: { oz: { mean: 16.3, min: 8, max: 22 }, mL: { mean: 483, min: 237, max: 651 } },
  diapers: { wet: { mean: 5.5, min: 4, max: 7 }, dirty: { mean: 1.7, min: 0, max: 3 } },
  nursing: null,
  pumping: null,
  tummyTime: null,
  foods: [],
  medicines: [],
  temperatures: null,
  sleep: {
    day: { meanMins: 157, meanHuman: '2h 37m', minMins: 120, minHuman: '2h 0m', maxMins: 180, maxHuman: '3h 0m' },
    night: { meanMins: 625, meanHuman: '10h 25m', minMins: 600, minHuman: '10h 0m', maxMins: 660, maxHuman: '11h 0m' },
    longestNightStretch: { mins: 490, human: '8h 10m', date: '2026-06-05' },
  },
  days: [
    day('2026-06-01', 5, 16, 5, 2, 150, 630, 420),
    day('2026-06-02', 6, 18, 6, 1, 180, 630, 360),
    day('2026-06-03', 4, 8, 4, 3, 160, 600, 450),
    day('2026-06-04', 0, 0, 0, 0, 0, 0, null),
    day('2026-06-05', 7, 22, 7, 2, 150, 660, 490),
    day('2026-06-06', 5, 20, 6, 0, 180, 600, 360),
    day('2026-06-07', 5, 14, 5, 2, 120, 630, 420),
  ],
  growth: [
    {
      id: 'g1',
      childId: child.id,
      measuredOn: '2026-06-06',
      ageDays: 90,
      weightKg: 5.6,
      lengthCm: 59.5,
      headCm: null,
      display: { weight: '5.6 kg', length: '59.5 cm', head: null },
      percentiles: { weight: 38.3, length: 46.5, head: null },
    },
  ],
  milestone: {
    key: '2-months',
    label: '2 months',
    amountPerFeeding: '4–5 oz (120–150 mL)',
    feedingsPerDay: '6–7',
    source: 'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"; CHOP Infant Feeding Guide',
  },
};

/** Answers the children and the report, and records each report asked for. */
function answer({ children = [child], report = fixtureWeek }: { children?: Child[]; report?: ReportView } = {}) {
  const asked: string[] = [];
  server.use(
    http.get('/api/children', () => HttpResponse.json(children)),
    http.get('/api/children/:id/report', ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(`${String(params.id)} ${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
      return HttpResponse.json(report);
    }),
  );
  return asked;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

describe('ReportsPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Sunday 7 June 2026, 12:00 in New York: the last 7 days, today with them, are Monday 1 to Sunday 7 June.
    vi.setSystemTime(new Date('2026-06-07T16:00:00Z'));
  });

  it("asks for the child's last 7 days, today with them, and shows the figures in ounces", async () => {
    signIn({ units: { volume: 'oz', growth: 'imperial' } });
    const asked = answer();
    renderPage(<ReportsPage />, { path: '/reports' });

    const sheet = await screen.findByRole('article', { name: 'JB: feeding and sleep report' });
    expect(asked).toEqual([`${child.id} 2026-06-01..2026-06-07`]);
    expect(within(sheet).getByText('Age: 2 months 30 days (on Jun 7, 2026)')).toBeInTheDocument();
    expect(within(sheet).getByText('Range: Jun 1, 2026 – Jun 7, 2026 (7 days)')).toBeInTheDocument();

    const figures = within(sheet).getByRole('table', { name: 'Figures per day' });
    expect(within(figures).getByText('Per day over the 6 of 7 days with entries; days with nothing logged are left out.')).toBeInTheDocument();
    expect(rowsOf(figures)).toEqual([
      ['Feeds', '5.3', '4–7'],
      ['Bottle amount', '16.3 oz', '8.0–22.0 oz'],
      ['Wet diapers', '5.5', '4–7'],
      ['Dirty diapers', '1.7', '0–3'],
      ['Day sleep', '2h 37m', '2h 0m – 3h 0m'],
      ['Night sleep', '10h 25m', '10h 0m – 11h 0m'],
    ]);
    expect(within(sheet).getByText('Longest night stretch: 8h 10m (night of Jun 5, 2026)')).toBeInTheDocument();

    const growth = within(sheet).getByRole('table', { name: 'Growth measurements' });
    expect(rowsOf(growth)).toEqual([['Jun 6, 2026', '90 days', '5.6 kg (38th)', '59.5 cm (47th)', '-']]);

    expect(within(sheet).queryByRole('table', { name: 'Solid foods tried' })).not.toBeInTheDocument();
    expect(within(sheet).queryByRole('table', { name: 'Medicines given' })).not.toBeInTheDocument();
    const guide = within(sheet).getByRole('region', { name: 'Feeding guide for this age' });
    expect(within(guide).getAllByRole('term').map((term) => term.textContent)).toEqual(['Age group', 'Amount per feeding', 'Feedings per day', 'Source']);
    expect(within(guide).getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '2 months',
      '4–5 oz (120–150 mL)',
      '6–7',
      'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"; CHOP Infant Feeding Guide',
    ]);
    expect(within(sheet).getByText('Tracking only: this is not medical advice; ask your pediatrician.')).toBeInTheDocument();
  });

  it('writes amounts in millilitres for a parent who measures so', async () => {
    signIn({ units: { volume: 'mL', growth: 'metric' } });
    answer();
    renderPage(<ReportsPage />, { path: '/reports' });
    const figures = await screen.findByRole('table', { name: 'Figures per day' });
    expect(rowsOf(figures)[1]).toEqual(['Bottle amount', '483 mL', '237–651 mL']);
  });

  it('lists the solid foods tried, each with its first day, its meals and its reactions, the medicines given and the highest temperature', async () => {
    signIn();
    const foods = [
      { food: 'Banana', firstDate: '2026-06-02', meals: 3, reactions: 0 },
      { food: 'Egg', firstDate: '2026-06-05', meals: 1, reactions: 1 },
    ];
    const medicines = [{ name: 'Paracetamol', doses: 2, lastDate: '2026-06-06' }];
    answer({ report: { ...fixtureWeek, foods, medicines, temperatures: { readings: 3, highestC: 38.5, highestF: 101.3, highestDate: '2026-06-03' } } });
    renderPage(<ReportsPage />, { path: '/reports' });
    const table = await screen.findByRole('table', { name: 'Solid foods tried' });
    expect(rowsOf(table)).toEqual([
      ['Banana', 'Jun 2, 2026', '3', 'None'],
      ['Egg', 'Jun 5, 2026', '1', '1'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Medicines given' }))).toEqual([['Paracetamol', '2', 'Jun 6, 2026']]);
    expect(within(screen.getByRole('region', { name: 'Temperatures' })).getByText('3 readings; the highest 38.5 °C (101.3 °F) on Jun 3, 2026')).toBeInTheDocument();
  });

  it('draws a bar per date, none for the date with nothing logged', async () => {
    signIn();
    answer();
    renderPage(<ReportsPage />, { path: '/reports' });
    const feedsChart = await screen.findByLabelText('Feeds chart');
    expect(feedsChart).toHaveTextContent('Feeds: [5,6,4,null,7,5,5]');
    expect(feedsChart).toHaveTextContent('["6/1","6/2","6/3","6/4","6/5","6/6","6/7"]');
    const sleepChart = screen.getByLabelText('Day sleep and Night sleep chart');
    expect(sleepChart).toHaveTextContent('Day sleep: [2.5,3,2.7,null,2.5,3,2]');
    expect(sleepChart).toHaveTextContent('Night sleep: [10.5,10.5,10,null,11,10,10.5]');
    expect(screen.getByText('Feeds per day')).toBeInTheDocument();
    expect(screen.getByText('Sleep per day (hours)')).toBeInTheDocument();
  });

  it("prints with 'Print or save as PDF'", async () => {
    signIn();
    answer();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPage(<ReportsPage />, { path: '/reports' });
    await screen.findByRole('article', { name: 'JB: feeding and sleep report' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('asks for 14 and 30 days, and a custom range that starts from the one on screen', async () => {
    signIn();
    const asked = answer();
    renderPage(<ReportsPage />, { path: '/reports' });
    const user = userEvent.setup();
    await screen.findByRole('article');
    await user.click(screen.getByRole('radio', { name: 'Last 14 days' }));
    await user.click(screen.getByRole('radio', { name: 'Last 30 days' }));
    await screen.findByRole('article');
    expect(asked).toEqual([`${child.id} 2026-06-01..2026-06-07`, `${child.id} 2026-05-25..2026-06-07`, `${child.id} 2026-05-09..2026-06-07`]);

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-05-09');
    expect(screen.getByLabelText('To')).toHaveValue('2026-06-07');
    expect(screen.getByLabelText('To')).toHaveAttribute('max', '2026-06-07');

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-06-10');
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeDisabled();

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2025-06-06');
    expect(screen.getByRole('alert')).toHaveTextContent('A report can cover at most 366 days');

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-06-03');
    await screen.findByRole('article');
    expect(asked.at(-1)).toBe(`${child.id} 2026-06-03..2026-06-07`);
  });

  it('offers a choice of child only when there are several', async () => {
    signIn();
    const asked = answer({ children: [child, sibling] });
    renderPage(<ReportsPage />, { path: '/reports' });
    await screen.findByRole('article');
    await userEvent.setup().selectOptions(screen.getByLabelText('Child'), 'Kit');
    await vi.waitFor(() => expect(asked.at(-1)).toBe(`${sibling.id} 2026-06-01..2026-06-07`));
  });

  it('says when nothing was logged in the range, with no figures and no charts', async () => {
    signIn();
    answer({
      report: {
        ...fixtureWeek,
        range: { ...fixtureWeek.range, daysWithEntries: 0 },
        feeds: null,
        amount: null,
        diapers: null,
        sleep: { day: null, night: null, longestNightStretch: null },
        days: fixtureWeek.days.map((d) => ({ ...d, hasEntries: false })),
        growth: [],
      },
    });
    renderPage(<ReportsPage />, { path: '/reports' });
    const figures = await screen.findByRole('table', { name: 'Figures per day' });
    expect(within(figures).getByText('Nothing was logged in these 7 days.')).toBeInTheDocument();
    expect(rowsOf(figures).every(([, average, range]) => average === '-' && range === '-')).toBe(true);
    expect(screen.getByText('Longest night stretch: -')).toBeInTheDocument();
    expect(screen.getByText('No measurements in this range.')).toBeInTheDocument();
    expect(screen.queryByText('Feeds per day')).not.toBeInTheDocument();
  });
});
