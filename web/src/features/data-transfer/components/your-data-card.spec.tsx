import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import { signIn, testChild } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { YourDataCard } from './your-data-card.tsx';

const FEEDINGS_CSV = 'id,child_id,start,end,type,method,amount,notes\n101,1,2026-11-18 07:00:00,2026-11-18 07:20:00,formula,bottle,4,\n';

const summary = {
  format: 'babybuddy-feedings',
  rows: 3,
  entries: { ...Object.fromEntries(ENTRY_KIND_NAMES.map((kind) => [kind, 0])), feeding: 2 },
  alreadyImported: 0,
  from: '2026-11-17',
  to: '2026-11-18',
  measurements: 0,
  refused: [{ line: 4, message: 'Amount is required for bottle feeding' }],
  children: [{ id: '1', name: null, rows: 3 }],
  child: '1',
  growthUnits: null,
};

function renderCard() {
  const rendered = renderPage(<YourDataCard childList={[testChild]} />, { path: '/settings' });
  return { ...rendered, user: userEvent.setup() };
}

describe('YourDataCard', () => {
  beforeEach(() => signIn());

  it('previews a Baby Buddy file with its refusals, then imports it once with one Idempotency-Key', async () => {
    const sent: { path: string; body: unknown; key: string | null }[] = [];
    server.use(
      http.post('/api/children/:id/import/preview', async ({ request }) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json(summary);
      }),
      http.post('/api/children/:id/import', async ({ request }) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json({ ...summary, position: 42 }, { headers: { 'X-Event-Position': '42' } });
      }),
    );
    const { user } = renderCard();

    await user.upload(screen.getByLabelText('CSV or XLSX file'), new File([FEEDINGS_CSV], 'feeding.csv', { type: 'text/csv' }));
    await user.selectOptions(screen.getByLabelText('Baby Buddy amounts are in'), 'oz');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText("Ready to import from Baby Buddy's feedings: 2 feedings from 2026-11-17 to 2026-11-18.")).toBeInTheDocument();
    expect(screen.getByText('1 row is not imported:')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Line 4: Amount is required for bottle feeding');

    await user.click(screen.getByRole('button', { name: 'Import 2 entries' }));
    expect(await screen.findByText("Imported from Baby Buddy's feedings: 2 feedings from 2026-11-17 to 2026-11-18.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import 2 entries' })).not.toBeInTheDocument();
    expect(sent).toEqual([
      { path: `/api/children/${testChild.id}/import/preview`, body: { csv: FEEDINGS_CSV, amountUnit: 'oz' }, key: null },
      { path: `/api/children/${testChild.id}/import`, body: { csv: FEEDINGS_CSV, amountUnit: 'oz' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
  });

  it("shows the server's reason when the file cannot be read", async () => {
    server.use(http.post('/api/children/:id/import/preview', () => HttpResponse.json({ message: 'Line 2: a quoted field is not closed' }, { status: 400 })));
    const { user } = renderCard();
    await user.upload(screen.getByLabelText('CSV or XLSX file'), new File(['kind,started_utc,ended_utc,id\n"open'], 'broken.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 2: a quoted field is not closed');
  });

  it("asks the API for the child's CSV and the account's JSON", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/children/:id/export.csv', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return new HttpResponse('kind\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="entries-2026-11-20.csv"' } });
      }),
      http.get('/api/me/export', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({ format: 'nightlight-account-export' });
      }),
    );
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: `Download ${testChild.displayName}'s entries (CSV)` }));
    await user.click(screen.getByRole('button', { name: 'Download all my data (JSON)' }));
    await vi.waitFor(() => expect(asked).toEqual([`/api/children/${testChild.id}/export.csv`, '/api/me/export']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
