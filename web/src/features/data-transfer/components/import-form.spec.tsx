import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_KIND_NAMES } from '@nightlight/domain/entries/entry-kinds';
import { signIn, testChild } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { ImportSummary } from '../api/import-entries.ts';
import { ImportForm } from './import-form.tsx';

const NO_ENTRIES = Object.fromEntries(ENTRY_KIND_NAMES.map((kind) => [kind, 0])) as ImportSummary['entries'];
const base: ImportSummary = { format: 'babybuddy-feedings', rows: 5, entries: NO_ENTRIES, measurements: 0, alreadyImported: 0, from: null, to: null, refused: [], children: [], child: null, growthUnits: null };

/** Answers each preview with `answer` of its body, and keeps the bodies sent. */
function previewsAnswering(answer: (body: Record<string, unknown>) => ImportSummary): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/children/:id/import/preview', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(answer(body));
    }),
  );
  return sent;
}

function renderForm() {
  const rendered = renderPage(<ImportForm childList={[testChild]} />, { path: '/settings' });
  return { ...rendered, user: userEvent.setup() };
}

describe('ImportForm', () => {
  beforeEach(() => signIn());

  it('asks whose entries to import when the file holds several Baby Buddy children, and previews the one chosen', async () => {
    const children = [
      { id: '1', name: 'Robin Lee', rows: 3 },
      { id: '2', name: 'Sam Lee', rows: 2 },
    ];
    const sent = previewsAnswering((body) =>
      body['babyBuddyChild'] === '2' ? { ...base, rows: 2, entries: { ...NO_ENTRIES, feeding: 2 }, from: '2026-11-18', to: '2026-11-18', children, child: '2' } : { ...base, children },
    );
    const { user } = renderForm();
    const csv = 'id,child_id,child_first_name,child_last_name,start,end,type,method,amount,notes,tags\n';
    await user.upload(screen.getByLabelText('CSV or XLSX file'), new File([csv], 'feeding.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText("Ready to import from Baby Buddy's feedings: no new entries.")).toBeInTheDocument();
    expect(screen.getByText('The file holds the entries of 2 Baby Buddy children: choose whose to import.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    const whose = screen.getByLabelText('Whose entries');
    expect([...(whose as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Choose a child', 'Robin Lee (3 rows)', 'Sam Lee (2 rows)']);

    await user.selectOptions(whose, '2');
    expect(await screen.findByText("Ready to import from Baby Buddy's feedings: 2 feedings on 2026-11-18.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 entries' })).toBeInTheDocument();
    expect(sent).toEqual([
      { csv, amountUnit: 'oz' },
      { csv, amountUnit: 'oz', babyBuddyChild: '2' },
    ]);
    expect(screen.queryByLabelText('Baby Buddy measurements are in')).not.toBeInTheDocument();
  });

  it('shows the kind of a growth file and asks the unit of its bare numbers, previewing again in the one chosen', async () => {
    const sent = previewsAnswering((body) => ({
      ...base,
      format: 'babybuddy-weight',
      rows: 2,
      measurements: 2,
      from: '2026-10-01',
      to: '2026-11-01',
      growthUnits: body['growthUnits'] === 'imperial' ? 'imperial' : 'metric',
      refused: body['growthUnits'] === 'imperial' ? [] : [{ line: 3, message: 'Weight must be between 0.3 and 40 kg' }],
    }));
    const { user } = renderForm();
    const csv = 'id,child_id,child_first_name,child_last_name,weight,date,notes,tags\n';
    await user.upload(screen.getByLabelText('CSV or XLSX file'), new File([csv], 'weight.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText("Ready to import from Baby Buddy's weight: 2 growth measurements from 2026-10-01 to 2026-11-01.")).toBeInTheDocument();
    const unit = screen.getByLabelText('Baby Buddy measurements are in');
    expect(unit).toHaveValue('metric');
    expect(screen.getByRole('listitem')).toHaveTextContent('Line 3: Weight must be between 0.3 and 40 kg');

    await user.selectOptions(unit, 'imperial');
    await screen.findByText('Ready to import', { exact: false });
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Baby Buddy measurements are in')).toHaveValue('imperial');
    expect(sent).toEqual([
      { csv, amountUnit: 'oz' },
      { csv, amountUnit: 'oz', growthUnits: 'imperial' },
    ]);
    expect(screen.queryByLabelText('Whose entries')).not.toBeInTheDocument();
  });
});
