import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './test-server';

/** Friday 20 November 2026, 18:00 UTC: the fixed clock most API suites run on. */
export const FRIDAY_EVENING = Date.parse('2026-11-20T18:00:00Z');

/** A server clock stopped at `instant`. */
export const clockAt = (instant: number) => () => new Date(instant);

/** The instant `minutes` before `now`, as the API takes it. */
export const minutesBefore = (now: number, minutes: number) => new Date(now - minutes * 60_000).toISOString();

/** The instant `minutes` before the current wall-clock minute, for suites on the real clock. */
export const minutesAgo = (minutes: number) => minutesBefore(Math.floor(Date.now() / 60_000) * 60_000, minutes);

/** The UTC date `days` before now on the real clock. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Accepted by the password rules; the suites that test those rules spell their own. */
export const PASSWORD = 'Sleepy baby 42';

/** A fresh address, so every test's parent is a stranger to every other's. */
export const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export interface Parent {
  id: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

/** A parent signed up through the API with one of the test server's referral codes, by `displayName` when given. */
export async function registerParent(server: TestServer, prefix: string, { password = PASSWORD, displayName }: { password?: string; displayName?: string } = {}): Promise<Parent> {
  const email = newEmail(prefix);
  const answer = await server.call('POST', '/api/auth/register', { body: { email, password, referralCode: 'TEST42' } });
  expect(answer.status, 'register').toBe(201);
  const parent = { id: answer.body.user.id, email, password, token: answer.body.accessToken, refreshToken: answer.body.refreshToken };
  if (displayName !== undefined) {
    expect((await server.call('PATCH', '/api/me', { token: parent.token, body: { displayName } })).status, 'name').toBe(200);
  }
  return parent;
}

/** The child the suites add unless they say otherwise: a girl born 1 May 2026 in UTC. */
export const ROBIN = { displayName: 'Robin', birthDate: '2026-05-01', sex: 'Female', timezone: 'UTC' };

/** Robin, with what `extra` changes, added to the family of `token`'s holder; her id. */
export async function addChild(server: TestServer, token: string, extra: Record<string, unknown> = {}): Promise<string> {
  const child = await server.call('POST', '/api/children', { token, body: { ...ROBIN, ...extra } });
  expect(child.status, 'add child').toBe(201);
  return child.body.id;
}

/** The holder of `joinerToken` joins the child's family as `role` by an invitation from the holder of `inviterToken`; the acceptance. */
export async function joinFamily(server: TestServer, childId: string, inviterToken: string, joinerToken: string, role: 'parent' | 'caregiver') {
  const invitation = await server.call('POST', `/api/children/${childId}/invitations`, { token: inviterToken, body: { role } });
  expect(invitation.status, 'invite').toBe(201);
  const accepted = await server.call('POST', `/api/invitations/${invitation.body.code}/accept`, { token: joinerToken });
  expect(accepted.status, 'accept').toBe(200);
  return accepted;
}

/** A parent with Robin (as `extra` changes her), a caregiver who joined her family, and a stranger to it. */
export async function familyWithCaregiver(server: TestServer, prefix: string, extra: Record<string, unknown> = {}) {
  const parent = await registerParent(server, prefix);
  const caregiver = await registerParent(server, prefix);
  const stranger = await registerParent(server, prefix);
  const childId = await addChild(server, parent.token, extra);
  await joinFamily(server, childId, parent.token, caregiver.token, 'caregiver');
  return { parent, caregiver, stranger, childId };
}

/** Headers that make a read wait until the write `answer` came from has been projected. */
export const seen = (answer: { headers: Headers }) => ({ 'x-min-position': answer.headers.get('x-event-position')! });
