import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn, testUser } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { DisplayNameForm } from './display-name-form.tsx';

describe('DisplayNameForm', () => {
  it('saves the name the family sees, and shows the refusal of one too long', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      http.get('/api/me', () => HttpResponse.json({ ...testUser, displayName: null })),
      http.patch('/api/me', async ({ request }) => {
        const body = (await request.json()) as { displayName: string | null };
        sent.push(body);
        if ((body.displayName ?? '').length > 5) return HttpResponse.json({ message: 'Display name must be 40 characters or less' }, { status: 400 });
        return HttpResponse.json({ ...testUser, displayName: body.displayName });
      }),
    );
    renderPage(<DisplayNameForm />, { path: '/settings' });
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Display Name');
    expect(screen.getByText('Shown to the other members of your family')).toBeInTheDocument();

    await user.type(field, ' Alex ');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Name saved');
    expect(sent).toEqual([{ displayName: 'Alex' }]);

    await user.clear(field);
    await user.type(field, 'Grandma Ingrid');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Display name must be 40 characters or less');

    // A name may be changed, not taken away.
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(field).toHaveAccessibleDescription('Please tell us what your family should call you');
    expect(sent).toHaveLength(2);
  });
});
