import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn, testUser } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { UnitsForm } from './units-form.tsx';

describe('UnitsForm', () => {
  beforeEach(() => signIn({ units: null }));

  it('starts from the browser locale (ounces and pounds in en-US) and saves the parent’s choice', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/me', async ({ request }) => {
        const body = (await request.json()) as { units: unknown };
        sent.push(body);
        return HttpResponse.json({ ...testUser, units: body.units });
      }),
    );
    renderPage(<UnitsForm />);
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'oz' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'lb and in' })).toBeChecked();
    expect(screen.getByText("Chosen from your browser's language until you save your own.")).toBeInTheDocument();
    // Nothing chosen yet: the browser's choice can be saved as it is.
    expect(screen.getByRole('button', { name: 'Save Units' })).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: 'mL' }));
    await user.click(screen.getByRole('radio', { name: 'kg and cm' }));
    await user.click(screen.getByRole('button', { name: 'Save Units' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Units saved');
    expect(sent).toEqual([{ units: { volume: 'mL', growth: 'metric' } }]);
    expect(useAuthStore.getState().user?.units).toEqual({ volume: 'mL', growth: 'metric' });
    // Chosen and unchanged: nothing to save.
    expect(screen.getByRole('button', { name: 'Save Units' })).toBeDisabled();
    expect(screen.queryByText(/Chosen from your browser/)).toBeNull();
  });

  it('saves the browser’s choice as it is', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/me', async ({ request }) => {
        const body = (await request.json()) as { units: unknown };
        sent.push(body);
        return HttpResponse.json({ ...testUser, units: body.units });
      }),
    );
    renderPage(<UnitsForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Units' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Units saved');
    expect(sent).toEqual([{ units: { volume: 'oz', growth: 'imperial' } }]);
  });
});
