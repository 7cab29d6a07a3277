import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn, testChild } from '../../../testing/auth-fixtures.ts';
import { server } from '../../../testing/msw-server.ts';
import { renderPage } from '../../../testing/render-app.tsx';
import type { Child } from '../../../types/api.ts';
import { useChildrenSettings } from '../api/get-children-settings.ts';
import { ResearchConsentSection } from './research-consent-section.tsx';

/** The section as Settings shows it: under the child as the settings list answers with it. */
function FirstChildResearch() {
  const children = useChildrenSettings();
  return children.data ? <ResearchConsentSection child={children.data[0]!} /> : null;
}

/** The server's side: the child as it stands, and every answer sent for it. */
function answering(child: Child, refusal?: string) {
  let current = child;
  const sent: unknown[] = [];
  server.use(
    http.get('/api/settings/children', () => HttpResponse.json([current])),
    http.put(`/api/children/${child.id}/research-consent`, async ({ request }) => {
      const body = (await request.json()) as { consent: boolean };
      sent.push(body);
      if (refusal) return HttpResponse.json({ message: refusal }, { status: 403 });
      current = { ...current, researchConsent: body.consent };
      return HttpResponse.json({ ...current, position: sent.length });
    }),
  );
  return sent;
}

describe('ResearchConsentSection', () => {
  it("lets a parent share a child's anonymised data for research, and take it back", async () => {
    signIn();
    const sent = answering({ ...testChild, researchConsent: null });
    renderPage(<FirstChildResearch />, { path: '/settings' });
    const user = userEvent.setup();
    const share = await screen.findByRole('checkbox', { name: "Share JD's anonymised data for research into infant feeding and sleep" });
    expect(share).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

    await user.click(share);
    await waitFor(() => expect(share).toBeChecked());
    await user.click(share);
    await waitFor(() => expect(share).not.toBeChecked());
    expect(sent).toEqual([{ consent: true }, { consent: false }]);
  });

  it("shows the server's refusal", async () => {
    signIn();
    answering(testChild, 'Only a parent of this child can do that');
    renderPage(<FirstChildResearch />, { path: '/settings' });
    await userEvent.setup().click(await screen.findByRole('checkbox'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a parent of this child can do that');
  });

  it('shows a caregiver the answer, without a way to change it', async () => {
    signIn();
    answering({ ...testChild, role: 'caregiver', researchConsent: true });
    renderPage(<FirstChildResearch />, { path: '/settings' });
    expect(await screen.findByText('Shared with research, anonymised. A parent decides.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
