import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { Child, GrowthMeasurement } from '../../../types/api.ts';
import { percentileText } from '@nightlight/domain/growth/percentile-text';
import { ageText, GrowthSection } from './growth-section.tsx';

const child: Child = { id: 'child-1', displayName: 'Robin', birthDate: '2025-01-01', sex: 'Male', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'UTC', role: 'parent' } as Child;

const measurement = (overrides: Partial<GrowthMeasurement>): GrowthMeasurement => ({
  id: 'g1',
  childId: 'child-1',
  measuredOn: '2025-07-02',
  ageDays: 182,
  weightKg: 7.934,
  lengthCm: null,
  headCm: 43.3,
  display: { weight: `${overrides.weightKg === undefined ? 7.934 : overrides.weightKg} kg`, length: null, head: overrides.headCm === null ? null : '43.3 cm' },
  percentiles: { weight: 50.4, length: null, head: 50.2 },
  ...overrides,
});

describe('GrowthSection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 6, 2, 9, 0, 0));
    signIn({ units: { volume: 'mL', growth: 'metric' } });
  });

  it('lists the measurements newest first with their WHO percentiles', async () => {
    server.use(http.get('/api/children/:id/growth', () => HttpResponse.json([measurement({ id: 'g0', measuredOn: '2025-01-01', ageDays: 0, weightKg: 3.3, headCm: null, percentiles: { weight: 47.2, length: null, head: null } }), measurement({})])));
    renderPage(<GrowthSection child={child} />);
    const table = await screen.findByRole('table', { name: 'Measurements' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['5 mo', '7.934 kg (50th)', '-', '43.3 cm (50th)', ''],
      ['0 days', '3.3 kg (47th)', '-', '-', ''],
    ]);
  });

  it('corrects a measurement in its dialog, filled in, and deletes one with Undo', async () => {
    const sent: string[] = [];
    server.use(
      http.get('/api/children/:id/growth', () => HttpResponse.json([measurement({})])),
      http.put('/api/growth/:id', async ({ params, request }) => {
        sent.push(`PUT ${String(params.id)} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(measurement({}));
      }),
      http.delete('/api/growth/:id', ({ params }) => {
        sent.push(`DELETE ${String(params.id)}`);
        return HttpResponse.json({ ok: true });
      }),
      http.post('/api/growth/:id/restore', ({ params }) => {
        sent.push(`RESTORE ${String(params.id)}`);
        return HttpResponse.json(measurement({}));
      }),
    );
    renderPage(<GrowthSection child={child} />);
    const user = userEvent.setup();
    const date = new Date(2025, 6, 2).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
    await user.click(await screen.findByRole('button', { name: `Edit the measurement of ${date}` }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Measurement' });
    expect(within(dialog).getByLabelText('Weight (kg)')).toHaveValue(7.934);
    await user.clear(within(dialog).getByLabelText('Weight (kg)'));
    await user.type(within(dialog).getByLabelText('Weight (kg)'), '7.95');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `Delete the measurement of ${date}` }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(sent).toEqual(['PUT g1 {"childId":"child-1","measuredOn":"2025-07-02","weightKg":7.95,"headCm":43.3}', 'DELETE g1', 'RESTORE g1']));
  });

  it('asks for at least one measure, checks the limits, then posts only what was entered', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/growth', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(measurement({}), { status: 201 });
      }),
    );
    renderPage(<GrowthSection child={child} />);
    const user = userEvent.setup();
    await screen.findByText(/No measurements yet/);
    await user.click(screen.getByRole('button', { name: 'Add Measurement' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter at least one measurement: weight, length or head circumference');

    await user.type(screen.getByLabelText('Weight (kg)'), '7200');
    await user.click(screen.getByRole('button', { name: 'Add Measurement' }));
    expect(screen.getByLabelText('Weight (kg)')).toHaveAccessibleDescription('Weight must be between 0.3 and 40 kg');
    expect(posted).toHaveLength(0);

    await user.clear(screen.getByLabelText('Weight (kg)'));
    await user.type(screen.getByLabelText('Weight (kg)'), '7.2');
    await user.type(screen.getByLabelText('Head circumference (cm)'), '43');
    await user.click(screen.getByRole('button', { name: 'Add Measurement' }));
    await waitFor(() => expect(posted).toEqual([{ childId: 'child-1', measuredOn: '2025-07-02', weightKg: 7.2, headCm: 43 }]));
  });

  it('says percentiles need the sex when it is unknown', async () => {
    renderPage(<GrowthSection child={{ ...child, sex: 'Unknown' }} />);
    expect(await screen.findByText(/Percentiles need the child’s sex/)).toBeInTheDocument();
  });

  it('writes percentiles as ordinals, with the tails open', () => {
    expect([0.4, 1, 2.4, 3, 11, 22.5, 50.2, 97, 99.6].map(percentileText)).toEqual(['<1st', '1st', '2nd', '3rd', '11th', '23rd', '50th', '97th', '>99th']);
  });

  it('writes ages in days, then months, then years and months', () => {
    expect([ageText(12), ageText(182), ageText(400)]).toEqual(['12 days', '5 mo', '1 y 1 mo']);
  });

  it('takes pounds and inches from a parent who chose imperial units, with the limits in pounds', async () => {
    signIn({ units: { volume: 'oz', growth: 'imperial' } });
    const posted: unknown[] = [];
    server.use(
      http.post('/api/growth', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(measurement({}), { status: 201 });
      }),
    );
    renderPage(<GrowthSection child={child} />);
    const user = userEvent.setup();
    await screen.findByText(/No measurements yet/);
    await user.type(screen.getByLabelText('Weight (lb)'), '100');
    await user.click(screen.getByRole('button', { name: 'Add Measurement' }));
    expect(screen.getByLabelText('Weight (lb)')).toHaveAccessibleDescription('Weight must be between 0.7 and 88 lb');
    await user.clear(screen.getByLabelText('Weight (lb)'));
    await user.type(screen.getByLabelText('Weight (lb)'), '17.5');
    await user.type(screen.getByLabelText('Length (in)'), '26.5');
    await user.click(screen.getByRole('button', { name: 'Add Measurement' }));
    await waitFor(() => expect(posted).toEqual([{ childId: 'child-1', measuredOn: '2025-07-02', weightLb: 17.5, lengthIn: 26.5 }]));
  });
});
