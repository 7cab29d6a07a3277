import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A child shared by a family: two parents and a caregiver, and a stranger. What each role may do on
 * every route of a child, its entries, insights and alerts; invitations from issue to use; who
 * logged what. The clock is the server's own, moved forward to let an invitation expire.
 */
const PARENT_ONLY = { message: 'Only a parent of this child can do that', code: 'family.parentOnly' };
const NOT_FOUND = { message: 'Child not found', code: 'child.notFound' };
const DAY_MS = 86_400_000;

let server: TestServer;
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(now) });
});
afterAll(() => server.close());

interface Person {
  id: string;
  token: string;
  email: string;
}

let emails = 0;
async function register(body: Record<string, unknown> = { referralCode: 'TEST42' }): Promise<Person & { status: number; answer: any }> {
  emails += 1;
  const email = `family-${emails}-${randomUUID().slice(0, 8)}@example.com`;
  const answer = await server.call('POST', '/api/auth/register', { body: { email, password: 'Sleepy baby 42', ...body } });
  return { id: answer.body.user?.id, token: answer.body.accessToken, email, status: answer.status, answer: answer.body };
}

const daysAgo = (days: number) => new Date(now - days * DAY_MS).toISOString().slice(0, 10);
const minutesAgo = (minutes: number) => new Date(Math.floor(now / 60_000) * 60_000 - minutes * 60_000).toISOString();

async function invite(parent: Person, childId: string, role: 'parent' | 'caregiver') {
  const answer = await server.call('POST', `/api/children/${childId}/invitations`, { token: parent.token, body: { role } });
  expect(answer.status).toBe(201);
  return answer.body as { code: string; url: string; role: string; expiresAt: string };
}

async function join(person: Person, code: string) {
  return server.call('POST', `/api/invitations/${code}/accept`, { token: person.token });
}

/** A family: first parent (Alex), second parent (Sam, joined by invitation), caregiver (a nanny without a name), and a stranger. */
async function family() {
  const first = await register();
  const second = await register();
  const nanny = await register();
  const stranger = await register();
  await server.call('PATCH', '/api/me', { token: first.token, body: { displayName: 'Alex' } });
  await server.call('PATCH', '/api/me', { token: second.token, body: { displayName: 'Sam' } });
  // Born 24 days ago: the one-month warning is active.
  const child = await server.call('POST', '/api/children', { token: first.token, body: { displayName: 'Robin', birthDate: daysAgo(24), sex: 'Female', timezone: 'UTC' } });
  expect(child.status).toBe(201);
  const childId = child.body.id as string;
  expect((await join(second, (await invite(first, childId, 'parent')).code)).status).toBe(200);
  expect((await join(nanny, (await invite(first, childId, 'caregiver')).code)).status).toBe(200);
  return { first, second, nanny, stranger, childId };
}

describe('a family of two parents and a caregiver', () => {
  let f: Awaited<ReturnType<typeof family>>;
  beforeAll(async () => {
    f = await family();
  });

  it('shows the child to every member with their own role, and to nobody else', async () => {
    for (const [person, role] of [
      [f.first, 'parent'],
      [f.second, 'parent'],
      [f.nanny, 'caregiver'],
    ] as const) {
      const list = await server.call('GET', '/api/children', { token: person.token });
      expect(list.body).toEqual([expect.objectContaining({ id: f.childId, displayName: 'Robin', role })]);
      expect((await server.call('GET', `/api/children/${f.childId}`, { token: person.token })).body.role).toBe(role);
    }
    expect((await server.call('GET', '/api/children', { token: f.stranger.token })).body).toEqual([]);
  });

  it('lists the members, parents first, by their display names or their number in the family, never their e-mail', async () => {
    const members = await server.call('GET', `/api/children/${f.childId}/members`, { token: f.nanny.token });
    expect(members.status).toBe(200);
    expect(members.body).toEqual([
      { memberId: f.first.id, displayName: 'Alex', role: 'parent', isYou: false },
      { memberId: f.second.id, displayName: 'Sam', role: 'parent', isYou: false },
      { memberId: f.nanny.id, displayName: 'Member 3', role: 'caregiver', isYou: true },
    ]);
    expect(JSON.stringify(members.body)).not.toContain('@example.com');
  });

  it('lets every member log, correct and delete entries, and says who logged each', async () => {
    const feeding = await server.call('POST', '/api/feedings', { token: f.nanny.token, body: { childId: f.childId, startedAt: minutesAgo(200), method: 'Bottle', amountOz: 4, type: 'Formula', notes: 'From the nanny' } });
    expect(feeding.status).toBe(201);
    expect(feeding.body.loggedBy).toEqual({ memberId: f.nanny.id, displayName: 'Member 3' });
    const nap = await server.call('POST', '/api/sleep', { token: f.second.token, body: { childId: f.childId, startedAt: minutesAgo(180), endedAt: minutesAgo(120) } });
    expect(nap.body.entry.loggedBy).toEqual({ memberId: f.second.id, displayName: 'Sam' });

    // The first parent corrects the nanny's bottle: it still says the nanny logged it, and its notes open for everyone.
    const corrected = await server.call('PUT', `/api/feedings/${feeding.body.id}`, { token: f.first.token, body: { childId: f.childId, startedAt: minutesAgo(200), method: 'Bottle', amountOz: 4.5, type: 'Formula', notes: 'From the nanny' } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.loggedBy).toEqual({ memberId: f.nanny.id, displayName: 'Member 3' });
    const read = await server.call('GET', `/api/feedings/${feeding.body.id}`, { token: f.second.token, headers: { 'x-min-position': String(corrected.body.position) } });
    expect(read.body).toMatchObject({ amountOz: 4.5, notes: 'From the nanny', loggedBy: { memberId: f.nanny.id, displayName: 'Member 3' } });

    expect((await server.call('DELETE', `/api/sleep/${nap.body.id}`, { token: f.nanny.token })).status).toBe(200);
    expect((await server.call('GET', `/api/feedings/${feeding.body.id}`, { token: f.stranger.token })).status).toBe(404);
    expect((await server.call('DELETE', `/api/feedings/${feeding.body.id}`, { token: f.stranger.token })).status).toBe(404);
  });

  it('shows insights and the milestone alert to every member, and lets a caregiver act on the alert', async () => {
    for (const person of [f.first, f.second, f.nanny]) {
      for (const path of ['insights/daily', 'insights/weekly', 'insights/correlations', `insights/summary?from=${daysAgo(6)}&to=${daysAgo(0)}`]) {
        expect((await server.call('GET', `/api/children/${f.childId}/${path}`, { token: person.token })).status, path).toBe(200);
      }
      const alert = await server.call('GET', `/api/milestone-alerts/${f.childId}`, { token: person.token });
      expect(alert.status).toBe(200);
      expect(alert.body.id).toBe(`${f.childId}:1-month:ONE_WEEK_WARNING`);
    }
    expect((await server.call('POST', `/api/milestone-alerts/${encodeURIComponent(`${f.childId}:1-month:ONE_WEEK_WARNING`)}/shown`, { token: f.nanny.token })).status).toBe(200);
  });

  it('keeps the parent-only routes from the caregiver with 403, and leaves nothing written', async () => {
    const head = await server.server.adapters.eventStore.headPosition();
    const profile = { displayName: 'R.', birthDate: daysAgo(24), sex: 'Female', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'UTC' };
    for (const [method, path, body] of [
      ['PUT', `/api/settings/children/${f.childId}`, profile],
      ['DELETE', `/api/settings/children/${f.childId}`, { confirmText: 'DELETE' }],
      ['POST', `/api/children/${f.childId}/invitations`, { role: 'caregiver' }],
      ['GET', `/api/children/${f.childId}/invitations`, undefined],
      ['PATCH', `/api/children/${f.childId}/members/${f.nanny.id}`, { role: 'parent' }],
      ['DELETE', `/api/children/${f.childId}/members/${f.second.id}`, undefined],
    ] as const) {
      const answer = await server.call(method, path, { token: f.nanny.token, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body, `${method} ${path}`).toEqual(PARENT_ONLY);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('answers a stranger 404 on every route of the child, as if it did not exist', async () => {
    const alertId = encodeURIComponent(`${f.childId}:1-month:ONE_WEEK_WARNING`);
    for (const [method, path, body] of [
      ['GET', `/api/children/${f.childId}`, undefined],
      ['GET', `/api/settings/children/${f.childId}`, undefined],
      ['PUT', `/api/settings/children/${f.childId}`, { displayName: 'X', birthDate: daysAgo(24), sex: 'Female', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'UTC' }],
      ['DELETE', `/api/settings/children/${f.childId}`, { confirmText: 'DELETE' }],
      ['GET', `/api/children/${f.childId}/members`, undefined],
      ['GET', `/api/children/${f.childId}/invitations`, undefined],
      ['POST', `/api/children/${f.childId}/invitations`, { role: 'parent' }],
      ['PATCH', `/api/children/${f.childId}/members/${f.nanny.id}`, { role: 'parent' }],
      ['DELETE', `/api/children/${f.childId}/members/${f.nanny.id}`, undefined],
      ['GET', `/api/children/${f.childId}/live`, undefined],
      ['GET', `/api/feedings?childId=${f.childId}`, undefined],
      ['GET', `/api/sleep?childId=${f.childId}`, undefined],
      ['POST', '/api/feedings', { childId: f.childId, startedAt: minutesAgo(30), method: 'Nursing' }],
      ['POST', '/api/sleep', { childId: f.childId, startedAt: minutesAgo(30), endedAt: minutesAgo(10) }],
      ['GET', `/api/children/${f.childId}/insights/daily`, undefined],
      ['GET', `/api/children/${f.childId}/insights/weekly`, undefined],
      ['GET', `/api/children/${f.childId}/insights/correlations`, undefined],
      ['GET', `/api/children/${f.childId}/insights/summary?from=${daysAgo(1)}&to=${daysAgo(0)}`, undefined],
      ['GET', `/api/milestone-alerts/${f.childId}`, undefined],
    ] as const) {
      const answer = await server.call(method, path, { token: f.stranger.token, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body, `${method} ${path}`).toEqual(NOT_FOUND);
    }
    const alert = await server.call('POST', `/api/milestone-alerts/${alertId}/dismiss`, { token: f.stranger.token });
    expect(alert.status).toBe(404);
  });
});

describe('roles and leaving', () => {
  it('never leaves a child without a parent: the last parent can neither leave nor become a caregiver', async () => {
    const first = await register();
    const child = await server.call('POST', '/api/children', { token: first.token, body: { birthDate: daysAgo(100), sex: 'Male', timezone: 'UTC' } });
    const last = { message: 'A child needs at least one parent', code: 'family.lastParent' };
    expect((await server.call('DELETE', `/api/children/${child.body.id}/members/${first.id}`, { token: first.token })).body).toEqual(last);
    const demoted = await server.call('PATCH', `/api/children/${child.body.id}/members/${first.id}`, { token: first.token, body: { role: 'caregiver' } });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toEqual(last);

    // With a second parent, the first may become a caregiver; then the second is the last parent.
    const second = await register();
    await join(second, (await invite(first, child.body.id, 'parent')).code);
    const changed = await server.call('PATCH', `/api/children/${child.body.id}/members/${first.id}`, { token: first.token, body: { role: 'caregiver' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ memberId: first.id, displayName: 'Member 1', role: 'caregiver', isYou: true, position: expect.any(Number) });
    expect((await server.call('DELETE', `/api/children/${child.body.id}/members/${second.id}`, { token: second.token })).status).toBe(409);
    expect((await server.call('PATCH', `/api/children/${child.body.id}/members/${first.id}`, { token: first.token, body: { role: 'parent' } })).status).toBe(403);
    expect((await server.call('PATCH', `/api/children/${child.body.id}/members/${first.id}`, { token: second.token, body: { role: 'boss' } })).body).toEqual({
      message: 'Role must be parent or caregiver',
      code: 'family.role',
      issues: [{ path: 'role', message: 'Role must be parent or caregiver', code: 'family.role' }],
    });
  });

  it('lets a caregiver leave, and a parent remove a member, after which the child is 404 to them and their entries show "Former member"', async () => {
    const first = await register();
    const child = await server.call('POST', '/api/children', { token: first.token, body: { birthDate: daysAgo(100), sex: 'Male', timezone: 'UTC' } });
    const childId = child.body.id;
    const nanny = await register();
    const grandma = await register();
    await join(nanny, (await invite(first, childId, 'caregiver')).code);
    await join(grandma, (await invite(first, childId, 'caregiver')).code);
    const bottle = await server.call('POST', '/api/feedings', { token: nanny.token, body: { childId, startedAt: minutesAgo(60), method: 'Bottle', amountOz: 3, type: 'Formula' } });

    expect((await server.call('DELETE', `/api/children/${childId}/members/${nanny.id}`, { token: nanny.token })).status).toBe(200);
    const removed = await server.call('DELETE', `/api/children/${childId}/members/${grandma.id}`, { token: first.token });
    expect(removed.status).toBe(200);
    const seen = { 'x-min-position': String(removed.body.position) };
    for (const gone of [nanny, grandma]) {
      expect((await server.call('GET', `/api/children/${childId}`, { token: gone.token, headers: seen })).status).toBe(404);
      expect((await server.call('GET', '/api/children', { token: gone.token, headers: seen })).body).toEqual([]);
      expect((await server.call('POST', '/api/feedings', { token: gone.token, body: { childId, startedAt: minutesAgo(10), method: 'Nursing' } })).status).toBe(404);
    }
    const read = await server.call('GET', `/api/feedings/${bottle.body.id}`, { token: first.token, headers: seen });
    expect(read.body.loggedBy).toEqual({ memberId: nanny.id, displayName: 'Former member' });
  });
});

describe('what a parent may do to another', () => {
  it('a parent who joined later can neither demote nor remove the one who invited them, and nothing is written', async () => {
    const first = await register();
    const child = await server.call('POST', '/api/children', { token: first.token, body: { birthDate: daysAgo(100), sex: 'Male', timezone: 'UTC' } });
    const childId = child.body.id;
    const second = await register();
    const third = await register();
    await join(second, (await invite(first, childId, 'parent')).code);
    await join(third, (await invite(second, childId, 'parent')).code);

    const head = await server.server.adapters.eventStore.headPosition();
    const refusal = { message: 'Only a parent who joined before them can change their role or remove them', code: 'family.earlierParent' };
    for (const [by, member] of [[second, first], [third, first], [third, second]] as const) {
      const demoted = await server.call('PATCH', `/api/children/${childId}/members/${member.id}`, { token: by.token, body: { role: 'caregiver' } });
      expect([demoted.status, demoted.body]).toEqual([403, refusal]);
      const removed = await server.call('DELETE', `/api/children/${childId}/members/${member.id}`, { token: by.token });
      expect([removed.status, removed.body]).toEqual([403, refusal]);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);

    // Those who joined before them may, and each may step down alone.
    const demoted = await server.call('PATCH', `/api/children/${childId}/members/${third.id}`, { token: second.token, body: { role: 'caregiver' } });
    expect(demoted.status).toBe(200);
    expect((await server.call('PATCH', `/api/children/${childId}/members/${second.id}`, { token: second.token, body: { role: 'caregiver' } })).status).toBe(200);
    expect((await server.call('DELETE', `/api/children/${childId}/members/${second.id}`, { token: first.token })).status).toBe(200);
  });
});

describe('an invitation', () => {
  it('is previewed without an account, as the join page opens it before its invitee signs up', async () => {
    const parent = await register();
    await server.call('PATCH', '/api/me', { token: parent.token, body: { displayName: 'Maya' } });
    const child = await server.call('POST', '/api/children', { token: parent.token, body: { displayName: 'Pip', birthDate: daysAgo(60), sex: 'Male', timezone: 'UTC' } });
    const invitation = await invite(parent, child.body.id, 'parent');
    const preview = await server.call('GET', `/api/invitations/${invitation.code}`);
    expect([preview.status, preview.body]).toEqual([200, { childDisplayName: 'Pip', role: 'parent', invitedBy: 'Maya', expiresAt: invitation.expiresAt }]);
    expect(await server.call('GET', '/api/invitations/ABCDEFGHJK')).toMatchObject({ status: 404, body: { message: 'Invitation not found', code: 'family.invitationNotFound' } });
    // An inviter without a name is named by their number in the family.
    const unnamed = await register();
    const theirs = await server.call('POST', '/api/children', { token: unnamed.token, body: { birthDate: daysAgo(60), sex: 'Male', timezone: 'UTC' } });
    const code = (await invite(unnamed, theirs.body.id, 'caregiver')).code;
    expect((await server.call('GET', `/api/invitations/${code}`)).body).toMatchObject({ childDisplayName: '', invitedBy: 'Member 1' });
  });

  it('is previewed, accepted once, and is 410 when used, revoked or expired; 409 for a member already in', async () => {
    const parent = await register();
    await server.call('PATCH', '/api/me', { token: parent.token, body: { displayName: 'Jo' } });
    const child = await server.call('POST', '/api/children', { token: parent.token, body: { displayName: 'Kit', birthDate: daysAgo(60), sex: 'Male', timezone: 'UTC' } });
    const childId = child.body.id;
    const invitation = await invite(parent, childId, 'caregiver');
    expect(invitation.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    expect(invitation.url).toBe(`/join/${invitation.code}`);
    expect(invitation.expiresAt).toBe(new Date(now + 7 * DAY_MS).toISOString());

    const pending = await server.call('GET', `/api/children/${childId}/invitations`, { token: parent.token });
    expect(pending.body).toEqual([{ code: invitation.code, url: invitation.url, role: 'caregiver', expiresAt: invitation.expiresAt, invitedBy: 'Jo' }]);

    const nanny = await register();
    // Read as typed: lower case, with a dash.
    const typed = `${invitation.code.slice(0, 5)}-${invitation.code.slice(5)}`.toLowerCase();
    const preview = await server.call('GET', `/api/invitations/${typed}`, { token: nanny.token });
    expect(preview.body).toEqual({ childDisplayName: 'Kit', role: 'caregiver', invitedBy: 'Jo', expiresAt: invitation.expiresAt });
    const accepted = await join(nanny, typed);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: childId, displayName: 'Kit', role: 'caregiver' });

    const seen = { 'x-min-position': String(accepted.body.position) };
    const other = await register();
    expect(await join(other, invitation.code)).toMatchObject({ status: 410, body: { message: 'This invitation was already used', code: 'family.invitationUsed' } });
    expect(await server.call('GET', `/api/invitations/${invitation.code}`, { token: other.token, headers: seen })).toMatchObject({ status: 410, body: { message: 'This invitation was already used', code: 'family.invitationUsed' } });
    expect((await server.call('GET', `/api/children/${childId}/invitations`, { token: parent.token, headers: seen })).body).toEqual([]);

    // Already in the family: 409, and the code stays usable for someone else.
    const second = await invite(parent, childId, 'parent');
    expect(await join(nanny, second.code)).toMatchObject({ status: 409, body: { message: 'You are already a member of this family', code: 'family.alreadyMember' } });
    expect(await join(parent, second.code)).toMatchObject({ status: 409 });

    const revoked = await server.call('DELETE', `/api/children/${childId}/invitations/${second.code}`, { token: parent.token });
    expect(revoked.status).toBe(200);
    expect(await join(other, second.code)).toMatchObject({ status: 410, body: { message: 'This invitation was withdrawn', code: 'family.invitationWithdrawn' } });
    expect(await server.call('DELETE', `/api/children/${childId}/invitations/${second.code}`, { token: parent.token })).toMatchObject({ status: 410 });

    const third = await invite(parent, childId, 'parent');
    now += 7 * DAY_MS;
    // Tokens are checked on the server's clock: fresh ones after it moved.
    const later = await server.server.adapters.tokens.issueAccessToken(other.id);
    expect(await server.call('GET', `/api/invitations/${third.code}`, { token: later })).toMatchObject({ status: 410, body: { message: 'This invitation has expired', code: 'family.invitationExpired' } });
    expect(await server.call('POST', `/api/invitations/${third.code}/accept`, { token: later })).toMatchObject({ status: 410, body: { message: 'This invitation has expired', code: 'family.invitationExpired' } });
    expect(await server.call('GET', `/api/invitations/ABCDEFGHJK`, { token: later })).toMatchObject({ status: 404, body: { message: 'Invitation not found', code: 'family.invitationNotFound' } });
    expect(await server.call('GET', `/api/invitations/not-a-code`, { token: later })).toMatchObject({ status: 404, body: { message: 'Invitation not found', code: 'family.invitationNotFound' } });
  });

  it('is a sign-up code: someone without an account registers with it and joins the family at once', async () => {
    const parent = await register();
    const child = await server.call('POST', '/api/children', { token: parent.token, body: { displayName: 'Ivy', birthDate: daysAgo(30), sex: 'Female', timezone: 'UTC' } });
    const { code } = await invite(parent, child.body.id, 'parent');
    const grandpa = await register({ invitationCode: code });
    expect(grandpa.status).toBe(201);
    const seen = await server.call('GET', '/api/children', { token: grandpa.token, headers: { 'x-min-position': String(await server.server.adapters.eventStore.headPosition()) } });
    expect(seen.body).toEqual([expect.objectContaining({ id: child.body.id, displayName: 'Ivy', role: 'parent' })]);

    // Used: nobody else signs up with it, and nothing is written for the refused sign-up.
    const head = await server.server.adapters.eventStore.headPosition();
    const refused = await register({ invitationCode: code });
    expect(refused.status).toBe(410);
    expect(refused.answer).toEqual({ message: 'This invitation was already used', code: 'family.invitationUsed' });
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
    expect((await register({ invitationCode: 'WRONGCODE2' })).answer).toEqual({ message: 'Invitation not found', code: 'family.invitationNotFound' });
    expect((await register({})).answer).toMatchObject({ message: 'Referral code is required', code: 'account.referralCodeRequired' });
  });

  it('is issued for a role the parent names, and refused for any other', async () => {
    const parent = await register();
    const child = await server.call('POST', '/api/children', { token: parent.token, body: { birthDate: daysAgo(30), sex: 'Female', timezone: 'UTC' } });
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', `/api/children/${child.body.id}/invitations`, { token: parent.token, body: { role: 'owner' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Role must be parent or caregiver');
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
    expect((await server.call('POST', `/api/children/${uuidv7()}/invitations`, { token: parent.token, body: { role: 'parent' } })).status).toBe(404);
  });
});

describe('a display name', () => {
  it('is set, shown to the family, cleared back to the role, and refused past 40 characters', async () => {
    const person = await register();
    const set = await server.call('PATCH', '/api/me', { token: person.token, body: { displayName: '  Grandma Ingrid  ' } });
    expect(set.status).toBe(200);
    expect(set.body.displayName).toBe('Grandma Ingrid');
    const me = await server.call('GET', '/api/me', { token: person.token, headers: { 'x-min-position': String(set.body.position) } });
    expect(me.body.displayName).toBe('Grandma Ingrid');
    expect((await server.call('PATCH', '/api/me', { token: person.token, body: { displayName: null } })).body.displayName).toBeNull();
    const long = await server.call('PATCH', '/api/me', { token: person.token, body: { displayName: 'x'.repeat(41) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Display name must be 40 characters or less');
  });
});

describe("an invitation outlives no issuer's rights", () => {
  const WITHDRAWN = { status: 410, body: { message: 'This invitation was withdrawn', code: 'family.invitationWithdrawn' } };
  const head = () => server.server.adapters.eventStore.headPosition();
  const seenNow = async () => ({ 'x-min-position': String(await head()) });

  /** A child of `first`, with `second` joined as its other parent. */
  async function twoParents(name: string) {
    const first = await register();
    const second = await register();
    const child = await server.call('POST', '/api/children', { token: first.token, body: { displayName: name, birthDate: daysAgo(40), sex: 'Female', timezone: 'UTC' } });
    const childId = child.body.id as string;
    expect((await join(second, (await invite(first, childId, 'parent')).code)).status).toBe(200);
    return { first, second, childId };
  }

  it('removed, a parent cannot come back with a code they issued, nor take the child from the parent who removed them', async () => {
    const { first, second, childId } = await twoParents('Clementine');
    const own = await invite(first, childId, 'caregiver');
    const theirs = await invite(second, childId, 'parent');
    expect((await server.call('DELETE', `/api/children/${childId}/members/${second.id}`, { token: first.token })).status).toBe(200);

    const seen = await seenNow();
    expect(await server.call('GET', `/api/invitations/${theirs.code}`, { token: second.token, headers: seen })).toMatchObject(WITHDRAWN);
    // The parents' list, from the read models, agrees: only the remaining parent's own code is open.
    expect((await server.call('GET', `/api/children/${childId}/invitations`, { token: first.token, headers: seen })).body.map((open: { code: string }) => open.code)).toEqual([own.code]);

    // Signing up again with the code: refused before anything is written.
    const before = await head();
    const again = await register({ invitationCode: theirs.code });
    expect([again.status, again.answer]).toEqual([WITHDRAWN.status, WITHDRAWN.body]);
    expect(await join(second, theirs.code)).toMatchObject(WITHDRAWN);
    expect(await head()).toBe(before);

    const family = await server.call('GET', `/api/children/${childId}/members`, { token: first.token, headers: await seenNow() });
    expect(family.body).toEqual([{ memberId: first.id, displayName: 'Member 1', role: 'parent', isYou: true }]);
    expect((await server.call('GET', `/api/children/${childId}`, { token: first.token })).body).toMatchObject({ displayName: 'Clementine', role: 'parent' });
  });

  it('made a caregiver, then gone, a parent cannot accept their own earlier parent code', async () => {
    const { first, second, childId } = await twoParents('Leopold');
    const theirs = await invite(second, childId, 'parent');
    const demoted = await server.call('PATCH', `/api/children/${childId}/members/${second.id}`, { token: first.token, body: { role: 'caregiver' } });
    expect(demoted.status).toBe(200);
    expect(await server.call('GET', `/api/invitations/${theirs.code}`, { token: first.token, headers: { 'x-min-position': String(demoted.body.position) } })).toMatchObject(WITHDRAWN);
    expect((await server.call('DELETE', `/api/children/${childId}/members/${second.id}`, { token: second.token })).status).toBe(200);

    expect(await join(second, theirs.code)).toMatchObject(WITHDRAWN);
    expect((await server.call('GET', '/api/children', { token: second.token, headers: await seenNow() })).body).toEqual([]);
  });

  it("a deleted account's codes no longer preview nor admit anyone; the family's other codes still do", async () => {
    const { first, second, childId } = await twoParents('Wilhelmina');
    const theirs = await invite(second, childId, 'caregiver');
    const own = await invite(first, childId, 'caregiver');
    const deleted = await server.call('DELETE', '/api/settings/user/account', { token: second.token, body: { password: 'Sleepy baby 42', confirmText: 'DELETE' } });
    expect(deleted.status).toBe(200);

    const stranger = await register();
    const seen = { 'x-min-position': String(deleted.body.position) };
    expect(await server.call('GET', `/api/invitations/${theirs.code}`, { token: stranger.token, headers: seen })).toMatchObject(WITHDRAWN);
    expect(await join(stranger, theirs.code)).toMatchObject(WITHDRAWN);
    expect((await server.call('GET', `/api/invitations/${own.code}`, { token: stranger.token, headers: seen })).status).toBe(200);
  });
});
