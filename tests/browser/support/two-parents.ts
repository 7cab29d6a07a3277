import { expect } from 'vitest';
import type { TestServer } from '../../api/support/test-server';
import { addChild, daysBefore, newEmail, QUIET_AGE_DAYS, registerParent, settle, STRONG_PASSWORD, todayIn, type Parent } from './family';

/**
 * Alex adds Pip (an age with no milestone alert over the dashboard) and invites a second parent,
 * Sam, who signs up with the invitation. Both have display names, so each sees who did what.
 */
export async function twoParentFamily(server: TestServer): Promise<{ alex: Parent; sam: Parent; childId: string }> {
  const alex = await registerParent(server, 'alex');
  await server.call('PATCH', '/api/me', { token: alex.token, body: { displayName: 'Alex' } });
  const childId = await addChild(server, alex, 'Pip', daysBefore(todayIn(), QUIET_AGE_DAYS.fortyFive));
  const invitation = await server.call('POST', `/api/children/${childId}/invitations`, { token: alex.token, body: { role: 'parent' } });
  const email = newEmail('sam');
  const registered = await server.call('POST', '/api/auth/register', { body: { email, password: STRONG_PASSWORD, invitationCode: invitation.body.code } });
  expect(registered.status).toBe(201);
  const token: string = registered.body.accessToken;
  await server.call('PATCH', '/api/me', { token, body: { onboardingCompleted: true, displayName: 'Sam' } });
  await settle(server);
  return { alex, sam: { email, password: STRONG_PASSWORD, token }, childId };
}
