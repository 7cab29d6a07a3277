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
  { memberId: 'user-3', displayName: 'Member 3', role: 'caregiver', isYou: false },
];

/** Each member's line as a person reads it. */
const memberLines = async () => (await screen.findAllByRole('listitem')).map((item) => item.querySelector('.member-who')?.textContent);
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

    expect(await memberLines()).toEqual(['Alex · Parent · you', 'Sam · Parent', 'Member 3 · Caregiver']);
    expect(screen.getAllByRole('button', { name: /^Remove/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Remove Sam…', 'Remove Member 3…']);

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

  it('asks once more before changing a role or removing someone, and Cancel changes nothing', async () => {
    answerFamily();
    const sent: string[] = [];
    server.use(
      http.patch('/api/children/child-1/members/:memberId', async ({ params, request }) => {
        sent.push(`PATCH ${String(params.memberId)} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ ...members[1], role: 'caregiver' });
      }),
      http.delete('/api/children/child-1/members/:memberId', ({ params }) => {
        sent.push(`DELETE ${String(params.memberId)}`);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderSection();
    const sam = (await screen.findAllByRole('listitem'))[1]!;
    await user.click(within(sam).getByRole('button', { name: 'Make caregiver…' }));
    const confirm = within(sam).getByRole('group', { name: 'Make Sam a caregiver?' });
    expect(confirm).toHaveTextContent("Make Sam a caregiver in JD's family? They will still log and see everything, but no longer invite others, change roles, or edit or delete the child.");
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.click(within(sam).getByRole('button', { name: 'Make caregiver…' }));
    await user.click(within(sam).getByRole('button', { name: 'Make caregiver' }));
    await expect.poll(() => sent).toEqual(['PATCH user-2 {"role":"caregiver"}']);

    const caregiver = screen.getAllByRole('listitem')[2]!;
    await user.click(within(caregiver).getByRole('button', { name: 'Remove Member 3…' }));
    expect(within(caregiver).getByRole('group', { name: 'Remove Member 3?' })).toHaveTextContent(
      "Remove Member 3 from JD's family? They will no longer see JD or anything logged for them; what they logged stays.",
    );
    await user.click(within(caregiver).getByRole('button', { name: 'Remove Member 3' }));
    await expect.poll(() => sent).toEqual(['PATCH user-2 {"role":"caregiver"}', 'DELETE user-3']);
  });

  it('gives a parent who joined later no controls over the parents who joined before them', async () => {
    answerFamily();
    server.use(http.get('/api/children/child-1/members', () => HttpResponse.json(members.map((member) => ({ ...member, isYou: member.memberId === 'user-2' })))));
    renderSection();
    expect(await memberLines()).toEqual(['Alex · Parent', 'Sam · Parent · you', 'Member 3 · Caregiver']);
    const [alex, sam, caregiver] = screen.getAllByRole('listitem');
    expect(within(alex!).queryAllByRole('button')).toEqual([]);
    expect(within(sam!).queryAllByRole('button')).toEqual([]);
    expect(within(caregiver!).getByRole('button', { name: 'Make parent…' })).toBeInTheDocument();
  });

  it("shows the server's refusal when the last parent would be lost", async () => {
    answerFamily();
    server.use(http.patch('/api/children/child-1/members/:memberId', () => HttpResponse.json({ message: 'A child needs at least one parent' }, { status: 409 })));
    const { user } = renderSection();
    const sam = (await screen.findAllByRole('listitem'))[1]!;
    await user.click(within(sam).getByRole('button', { name: 'Make caregiver…' }));
    await user.click(within(sam).getByRole('button', { name: 'Make caregiver' }));
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

    expect(await memberLines()).toEqual(['Alex · Parent', 'Sam · Parent', 'Member 3 · Caregiver · you']);
    expect(screen.queryByLabelText('Invite as')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Make/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave…' }));
    await user.click(screen.getByRole('button', { name: 'Leave family' }));
    await expect.poll(() => left).toBe('user-3');
  });
});
