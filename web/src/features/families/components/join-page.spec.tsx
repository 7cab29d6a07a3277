import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn, testChild } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import { JoinPage } from './join-page.tsx';

const preview = { childDisplayName: 'Robin', role: 'caregiver', invitedBy: 'Alex', expiresAt: '2026-12-02T10:00:00.000Z' };

function renderJoin() {
  const rendered = renderPage(<JoinPage />, { path: '/join/:code', at: '/join/ABCDEFGHJK' });
  return { ...rendered, user: userEvent.setup() };
}

describe('JoinPage', () => {
  it('shows who invited whom to which family, and accepting lands on the dashboard with that child', async () => {
    signIn();
    let accepted = '';
    server.use(
      http.get('/api/invitations/ABCDEFGHJK', () => HttpResponse.json(preview)),
      http.post('/api/invitations/:code/accept', ({ params }) => {
        accepted = String(params.code);
        return HttpResponse.json({ ...testChild, role: 'caregiver' });
      }),
    );
    const { user, router } = renderJoin();

    expect(await screen.findByText("Alex invited you to join Robin's family as a caregiver.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Page /' })).toBeInTheDocument();
    expect(accepted).toBe('ABCDEFGHJK');
    expect(router.state.location.state).toEqual({ childId: 'child-1' });
  });

  it("shows the server's reason when the invitation cannot be used", async () => {
    signIn();
    server.use(http.get('/api/invitations/ABCDEFGHJK', () => HttpResponse.json({ message: 'This invitation was already used' }, { status: 410 })));
    renderJoin();
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation was already used');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('shows someone signed out who invited them, and offers an account made with the invitation, or signing in and coming back', async () => {
    server.use(http.get('/api/invitations/ABCDEFGHJK', () => HttpResponse.json(preview)));
    renderJoin();
    expect(await screen.findByText("Alex invited you to join Robin's family as a caregiver.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Join a family' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register?invitation=ABCDEFGHJK');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/auth/login?next=${encodeURIComponent('/join/ABCDEFGHJK')}`);
  });
});
