import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn, testChild } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { Child, Invitation, Member } from '../../../types/api.ts';
import { FamilySection } from './family-section.tsx';

const members: Member[] = [
  { memberId: 'user-1', displayName: 'Alex', role: 'parent', isYou: true },
  { memberId: 'user-2', displayName: 'Sam', role: 'parent', isYou: false },
  { memberId: 'user-3', displayName: 'Caregiver', role: 'caregiver', isYou: false },
];
const invitation: Invitation = { code: 'ABCDEFGHJK', url: '/join/ABCDEFGHJK', role: 'caregiver', expiresAt: '2026-12-02T10:00:00.000Z', invitedBy: 'Alex' };

function answerFamily(pending: Invitation[] = []) {
  server.use(
    http.get('/api/children/child-1/members', () => HttpResponse.json(members)),
    http.get('/api/children/child-1/invitations', () => HttpResponse.json(pending)),
  );
}

function renderSection(child: Child = testChild) {
  const rendered = renderPage(<FamilySection child={child} />, { path: '/settings' });
  return { ...rendered, user: userEvent.setup() };
}

describe('FamilySection', () => {
  beforeEach(() => signIn());

  it('shows a parent the members with their roles, and invites with a code and a link to send', async () => {
    answerFamily();
    let asked: unknown;
    server.use(
      http.post('/api/children/child-1/invitations', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ code: invitation.code, url: invitation.url, role: 'parent', expiresAt: invitation.expiresAt }, { status: 201 });
      }),
    );
    const { user } = renderSection();

    expect(await screen.findByRole('listitem', { name: 'Alex (you)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Role of Sam')).toHaveValue('parent');
    expect(screen.getByLabelText('Role of Caregiver')).toHaveValue('caregiver');
    expect(screen.queryByRole('button', { name: 'Remove Alex' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Invite as'), 'parent');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByLabelText('Invitation code')).toHaveTextContent('ABCDEFGHJK');
    expect(screen.getByLabelText('Invitation link')).toHaveTextContent(`${window.location.origin}/join/ABCDEFGHJK`);
    expect(asked).toEqual({ role: 'parent' });
  });

  it('lists pending invitations, each with Revoke', async () => {
    answerFamily([invitation]);
    let revoked = '';
    server.use(
      http.delete('/api/children/child-1/invitations/:code', ({ params }) => {
        revoked = String(params.code);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Revoke ABCDEFGHJK' }));
    await expect.poll(() => revoked).toBe('ABCDEFGHJK');
  });

  it("shows the server's refusal when the last parent would be lost", async () => {
    answerFamily();
    server.use(http.patch('/api/children/child-1/members/:memberId', () => HttpResponse.json({ message: 'A child needs at least one parent' }, { status: 409 })));
    const { user } = renderSection();
    await user.selectOptions(await screen.findByLabelText('Role of Sam'), 'caregiver');
    expect(await screen.findByRole('alert')).toHaveTextContent('A child needs at least one parent');
  });

  it('gives a caregiver the members and Leave, and no parent controls', async () => {
    server.use(http.get('/api/children/child-1/members', () => HttpResponse.json(members.map((member) => ({ ...member, isYou: member.memberId === 'user-3' })))));
    let left = '';
    server.use(
      http.delete('/api/children/child-1/members/:memberId', ({ params }) => {
        left = String(params.memberId);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderSection({ ...testChild, role: 'caregiver' });

    const family = await screen.findByRole('list');
    expect(within(family).getByText('Caregiver (you)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Invite as')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Role of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave…' }));
    await user.click(screen.getByRole('button', { name: 'Leave family' }));
    await expect.poll(() => left).toBe('user-3');
  });
});
