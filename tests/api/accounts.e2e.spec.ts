import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowsOf } from '@nightlight/domain/milestones/milestone-schedule';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let clockOffsetMs = 0;

beforeAll(async () => {
  // Generous limits: every request here comes from one address; the limits have their own suite.
  server = await startTestServer({ RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_EMAIL: '10000' }, { clock: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => server.close());

const PASSWORD = 'Sleepy2night';
const newEmail = (name = 'parent') => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function register(email = newEmail(), password = PASSWORD, referralCode = 'TEST42') {
  const answer = await server.call('POST', '/api/auth/register', { body: { email, password, referralCode } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { email, password, ...(answer.body as { user: { id: string }; accessToken: string; refreshToken: string }), position: answer.headers.get('x-event-position')! };
}

const login = (email: string, password: string) => server.call('POST', '/api/auth/login', { body: { email, password } });
const refresh = (refreshToken: string, retryKey?: string) => server.call('POST', '/api/auth/refresh', { body: { refreshToken, retryKey } });
const head = () => server.server.adapters.eventStore.headPosition();

describe('register', () => {
  it('creates an account with a personal referral code, signed in, and readable at once', async () => {
    const email = newEmail('Ann');
    const answer = await server.call('POST', '/api/auth/register', { body: { email: `  ${email.toUpperCase()} `, password: PASSWORD, referralCode: 'test42' } });
    expect(answer.status).toBe(201);
    const { user, accessToken, refreshToken } = answer.body;
    expect(user).toEqual({ id: expect.any(String), email: email.toLowerCase(), displayName: null, onboardingCompleted: false, units: null, locale: null, referralCode: expect.stringMatching(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{6}$/), referralUsesLeft: 3 });
    expect(accessToken).toEqual(expect.any(String));
    expect(refreshToken).toMatch(/^[\w-]+\.[\w-]+$/);

    const position = answer.headers.get('x-event-position')!;
    const me = await server.call('GET', '/api/me', { token: accessToken, headers: { 'x-min-position': position } });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(user);
    const settings = await server.call('GET', '/api/settings/user', { token: accessToken, headers: { 'x-min-position': position } });
    expect(settings.body).toEqual({ email: email.toLowerCase() });
  });

  it.each([
    [{ password: PASSWORD, referralCode: 'TEST42' }, 'Email is required'],
    [{ email: '', password: PASSWORD, referralCode: 'TEST42' }, 'Email is required'],
    [{ email: 'not-an-address', password: PASSWORD, referralCode: 'TEST42' }, 'Invalid email address'],
    [{ email: 'a@example.com', referralCode: 'TEST42' }, 'Password is required'],
    [{ email: 'a@example.com', password: '', referralCode: 'TEST42' }, 'Password is required'],
    [{ email: 'a@example.com', password: 'Ab1', referralCode: 'TEST42' }, 'Password must be at least 8 characters'],
    [{ email: 'a@example.com', password: 'alllowercase1', referralCode: 'TEST42' }, 'Password must contain uppercase, lowercase, and number'],
    [{ email: 'a@example.com', password: 'NoDigitsHere', referralCode: 'TEST42' }, 'Password must contain uppercase, lowercase, and number'],
    [{ email: 'a@example.com', password: PASSWORD }, 'Referral code is required'],
    [{ email: 'a@example.com', password: PASSWORD, referralCode: '' }, 'Referral code is required'],
    [{ email: 'a@example.com', password: PASSWORD, referralCode: 'TEST4' }, 'Referral code must be 6 characters'],
    [{ email: 'a@example.com', password: PASSWORD, referralCode: 'TEST422' }, 'Referral code must be 6 characters'],
    [{ email: 'a@example.com', password: PASSWORD, referralCode: 'ZZZZZZ' }, 'Invalid referral code'],
    [{ email: 'a@example.com', password: PASSWORD, referralCode: 'TES-42' }, 'Invalid referral code'],
  ])('refuses %j with 400 "%s" and writes nothing', async (body, message) => {
    const before = await head();
    const answer = await server.call('POST', '/api/auth/register', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await head()).toBe(before);
  });

  it('refuses an e-mail that already has an account, in any letter case', async () => {
    const { email } = await register();
    for (const again of [email, email.toUpperCase()]) {
      const answer = await server.call('POST', '/api/auth/register', { body: { email: again, password: PASSWORD, referralCode: 'TEST42' } });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('An account with this email already exists');
    }
  });

  it('lets exactly one of 20 simultaneous sign-ups with one e-mail through', async () => {
    const email = newEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.call('POST', '/api/auth/register', { body: { email, password: PASSWORD, referralCode: 'TEST42' } })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual(Array(19).fill(409));
    expect(new Set(refused.map((answer) => answer.body.message))).toEqual(new Set(['An account with this email already exists']));
    expect((await login(email, PASSWORD)).status).toBe(200);
  });
});

describe('login', () => {
  it('signs in with the same answer shape as registration', async () => {
    const account = await register();
    const answer = await login(account.email.toUpperCase(), PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual(account.user);
    const me = await server.call('GET', '/api/me', { token: answer.body.accessToken, headers: { 'x-min-position': account.position } });
    expect(me.body.id).toBe(account.user.id);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const { email } = await register();
    const wrongPassword = await login(email, 'Wrong1password');
    const unknown = await login(newEmail('nobody'), PASSWORD);
    for (const answer of [wrongPassword, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Invalid email or password', code: 'auth.invalidCredentials' });
    }
  });

  it.each([
    [{ password: PASSWORD }, 'Email is required'],
    [{ email: 'a@example.com' }, 'Password is required'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const answer = await server.call('POST', '/api/auth/login', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the family when a rotated one is used again 30 seconds later', async () => {
    const { refreshToken: first } = await register();
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(rotated.body.refreshToken).not.toBe(first);
    const me = await server.call('GET', '/api/me', { token: rotated.body.accessToken });
    expect(me.status).toBe(200);

    clockOffsetMs = 30_000;
    try {
      const replayed = await refresh(first);
      expect(replayed.status).toBe(401);
      expect(replayed.body).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'auth.sessionExpired' });
      // The thief may hold the newest token; after a replay nobody in the family may refresh.
      expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses a rotated refresh token sent again within 30 seconds, as by a second tab, and keeps the session', async () => {
    const { refreshToken: first } = await register();
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    clockOffsetMs = 29_000;
    try {
      // The other tab's request, a moment behind: refused, so it takes the pair the first tab stored.
      const secondTab = await refresh(first);
      expect(secondTab.status).toBe(401);
      expect(secondTab.body).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'auth.sessionExpired' });
      const next = await refresh(rotated.body.refreshToken);
      expect(next.status).toBe(200);
      expect((await server.call('GET', '/api/me', { token: next.body.accessToken })).status).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('answers a refresh again when its answer was lost: the same token and retry key get the same refresh token, minutes later', async () => {
    const { refreshToken: first } = await register();
    const retryKey = 'k'.repeat(43);
    const lost = await refresh(first, retryKey);
    expect(lost.status).toBe(200);
    // The signal dropped before the answer arrived; the phone tries again five minutes later.
    clockOffsetMs = 5 * 60_000;
    try {
      const again = await refresh(first, retryKey);
      expect(again.status).toBe(200);
      expect(again.body.refreshToken).toBe(lost.body.refreshToken);
      expect((await server.call('GET', '/api/me', { token: again.body.accessToken })).status).toBe(200);
      const next = await refresh(again.body.refreshToken);
      expect(next.status).toBe(200);
      // Another key is no proof of having sent the first request: taken for a copy, the chain ends.
      expect((await refresh(first, 'x'.repeat(43))).status).toBe(401);
      expect((await refresh(next.body.refreshToken)).status).toBe(401);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses a spent token with its retry key once the pair it was spent for has been used', async () => {
    const { refreshToken: first } = await register();
    const retryKey = 'r'.repeat(43);
    const received = await refresh(first, retryKey);
    const used = await refresh(received.body.refreshToken, 's'.repeat(43));
    expect(used.status).toBe(200);
    clockOffsetMs = 60_000;
    try {
      const replayed = await refresh(first, retryKey);
      expect(replayed.status).toBe(401);
      expect(replayed.body).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'auth.sessionExpired' });
      expect((await refresh(used.body.refreshToken)).status).toBe(401);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses a malformed retry key with a message, and spends nothing', async () => {
    const { refreshToken } = await register();
    for (const retryKey of ['short', 'k'.repeat(42) + '!', 'k'.repeat(129)]) {
      const answer = await refresh(refreshToken, retryKey);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Retry key must be 22 to 128 letters, digits, - or _');
    }
    const badType = await server.call('POST', '/api/auth/refresh', { body: { refreshToken, retryKey: 42 } });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe('Retry key must be text');
    expect((await refresh(refreshToken)).status).toBe(200);
  });

  it('refuses made-up and tampered refresh tokens', async () => {
    const { refreshToken } = await register();
    const [tokenId, secret] = refreshToken.split('.') as [string, string];
    expect((await refresh('not-a-token')).status).toBe(401);
    expect((await refresh(`${tokenId}.${secret.slice(0, -2)}xx`)).status).toBe(401);
    expect((await refresh('')).body.message).toBe('Refresh token is required');
  });

  it('refuses an access token after 15 minutes, while the refresh token still works', async () => {
    const { accessToken, refreshToken } = await register();
    clockOffsetMs = 16 * 60_000;
    try {
      const expired = await server.call('GET', '/api/me', { token: accessToken });
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe('Your session has expired. Please sign in again.');
      const renewed = await refresh(refreshToken);
      expect(renewed.status).toBe(200);
      expect((await server.call('GET', '/api/me', { token: renewed.body.accessToken })).status).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses a refresh token after its 30 days, and takes one a moment before', async () => {
    const { refreshToken } = await register();
    const { refreshToken: other } = await register();
    try {
      clockOffsetMs = 30 * 24 * 60 * 60_000 - 60_000;
      expect((await refresh(other)).status).toBe(200);
      clockOffsetMs = 30 * 24 * 60 * 60_000;
      const expired = await refresh(refreshToken);
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'auth.sessionExpired' });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('refuses a tampered access token', async () => {
    const { accessToken } = await register();
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url');
    expect((await server.call('GET', '/api/me', { token: `${header}.${forged}.${signature}` })).status).toBe(401);
    expect((await server.call('GET', '/api/me', { token: `${header}.${payload}.${signature.slice(0, -3)}abc` })).status).toBe(401);
  });
});

describe('profile', () => {
  it('marks onboarding completed and shows it on /api/me', async () => {
    const { accessToken } = await register();
    const updated = await server.call('PATCH', '/api/me', { token: accessToken, body: { onboardingCompleted: true } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ onboardingCompleted: true, referralUsesLeft: 3 });
    const me = await server.call('GET', '/api/me', { token: accessToken, headers: { 'x-min-position': updated.headers.get('x-event-position')! } });
    expect(me.body.onboardingCompleted).toBe(true);

    const bad = await server.call('PATCH', '/api/me', { token: accessToken, body: { onboardingCompleted: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('onboardingCompleted must be true or false');
  });

  it('needs a token', async () => {
    expect((await server.call('GET', '/api/me')).status).toBe(401);
    expect((await server.call('PATCH', '/api/me', { body: { onboardingCompleted: true } })).status).toBe(401);
  });
});

describe('change e-mail', () => {
  it('moves the account to the new address and frees the old one', async () => {
    const account = await register();
    const other = await register();
    const target = newEmail('moved');
    const put = (body: unknown) => server.call('PUT', '/api/settings/user/email', { token: account.accessToken, body });

    expect((await put({ newEmail: target, currentPassword: 'Wrong1password' })).body.message).toBe('Current password is incorrect');
    expect((await put({ newEmail: 'nope', currentPassword: PASSWORD })).body.message).toBe('Invalid email address');
    expect((await put({ newEmail: target })).body.message).toBe('Current password is required');
    const taken = await put({ newEmail: other.email, currentPassword: PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with this email already exists');

    const changed = await put({ newEmail: target, currentPassword: PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(target);
    const settings = await server.call('GET', '/api/settings/user', { token: account.accessToken, headers: { 'x-min-position': changed.headers.get('x-event-position')! } });
    expect(settings.body).toEqual({ email: target });

    expect((await login(target, PASSWORD)).status).toBe(200);
    expect((await login(account.email, PASSWORD)).status).toBe(401);
    await register(account.email);
  });
});

describe('change password', () => {
  it('checks the form, then signs other sessions out and keeps this one', async () => {
    const account = await register();
    const put = (body: unknown) => server.call('PUT', '/api/settings/user/password', { token: account.accessToken, body });
    const newPassword = 'Brand9newpass';

    const mismatch = await put({ currentPassword: PASSWORD, newPassword, confirmPassword: 'Brand9newpasz' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('Passwords do not match');
    expect((await put({ currentPassword: PASSWORD, newPassword: 'Sh0rt', confirmPassword: 'Sh0rt' })).body.message).toBe('Password must be at least 8 characters');
    const wrong = await put({ currentPassword: 'Wrong1password', newPassword, confirmPassword: newPassword });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');

    const changed = await put({ currentPassword: PASSWORD, newPassword, confirmPassword: newPassword });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ ok: true, accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect((await server.call('GET', '/api/me', { token: changed.body.accessToken })).status).toBe(200);
    expect((await refresh(changed.body.refreshToken)).status).toBe(200);

    expect((await refresh(account.refreshToken)).status).toBe(401);
    expect((await login(account.email, PASSWORD)).status).toBe(401);
    expect((await login(account.email, newPassword)).status).toBe(200);
  });
});

describe('delete account', () => {
  function storedEventBytes(): Buffer {
    const files = ['events.sqlite', 'events.sqlite-wal'].map((name) => path.join(server.dataDir, name)).filter((file) => existsSync(file));
    return Buffer.concat(files.map((file) => readFileSync(file)));
  }

  it('checks the confirmation and the password, and deletes nothing when they are wrong', async () => {
    const { accessToken } = await register();
    const del = (body: unknown) => server.call('DELETE', '/api/settings/user/account', { token: accessToken, body });
    expect((await del({ password: PASSWORD, confirmText: 'delete' })).body.message).toBe('Please type DELETE to confirm');
    expect((await del({ password: '', confirmText: 'DELETE' })).body.message).toBe('Password is required');
    const wrong = await del({ password: 'Wrong1password', confirmText: 'DELETE' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    expect((await server.call('GET', '/api/me', { token: accessToken })).status).toBe(200);
  });

  /** Every way a date is commonly written, so a search does not miss one kept in another format. */
  function spellingsOf(date: string): string[] {
    const [year, month, day] = date.split('-') as [string, string, string];
    const at = new Date(`${date}T00:00:00Z`);
    const longMonth = at.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    const shortMonth = at.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    const d = String(Number(day));
    return [
      date,
      `${year}/${month}/${day}`,
      `${year}${month}${day}`,
      `${day}/${month}/${year}`,
      `${month}/${day}/${year}`,
      `${day}.${month}.${year}`,
      `${d} ${longMonth} ${year}`,
      `${longMonth} ${d}, ${year}`,
      `${d} ${shortMonth} ${year}`,
      `${shortMonth} ${d}, ${year}`,
      String(at.getTime()),
      String(at.getTime() / 1000),
    ];
  }

  it('signs out everywhere, shreds the e-mail and the children, and frees the address', async () => {
    const account = await register(newEmail('shredme'));
    // A month and three days ago: one month old one to three days ago, so the registration raises
    // that milestone's alert. Neither the birth date nor any alert window's first or last day is
    // today, the only date the log records (the events' instants, the feeding's start).
    const today = new Date();
    const birthDate = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, today.getUTCDate() - 3)).toISOString().slice(0, 10);
    const child = await server.call('POST', '/api/children', { token: account.accessToken, body: { displayName: 'Pip', birthDate, sex: 'Female', timezone: 'UTC' } });
    expect(child.status).toBe(201);
    const alert = await server.call('GET', `/api/milestone-alerts/${child.body.id}`, { token: account.accessToken, headers: { 'x-min-position': String(child.body.position) } });
    expect(alert.body).toMatchObject({ alertType: 'MILESTONE_REACHED', milestone: { label: '1 month' } });
    // An hour ago, but not before midnight: today stays the only date in the log.
    const fedAt = Math.max(Date.now() - 3_600_000, Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    const feeding = await server.call('POST', '/api/feedings', { token: account.accessToken, body: { childId: child.body.id, startedAt: new Date(fedAt).toISOString(), method: 'Nursing' } });
    expect(feeding.status).toBe(201);
    const { refreshToken: rotated } = (await refresh(account.refreshToken)).body;

    const deleted = await server.call('DELETE', '/api/settings/user/account', { token: account.accessToken, body: { password: PASSWORD, confirmText: 'DELETE' } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.ok).toBe(true);

    expect((await login(account.email, PASSWORD)).status).toBe(401);
    expect((await server.call('GET', '/api/me', { token: account.accessToken })).status).toBe(401);
    expect((await server.call('GET', '/api/children', { token: account.accessToken })).status).toBe(401);
    expect((await refresh(rotated)).status).toBe(401);

    // The key is gone, so the address sealed in UserRegistered can no longer be opened.
    const { adapters } = server.server;
    const [registered] = await adapters.eventStore.readStream(`user-${account.user.id}`);
    const sealedEmail = (registered!.data as { email: string }).email;
    expect(sealedEmail.startsWith('v1.')).toBe(true);
    expect(await adapters.keyStore.getWrappedKey(account.user.id)).toBeNull();
    expect(await adapters.cipher.open(account.user.id, sealedEmail)).toBeNull();
    expect((await adapters.eventStore.readStream(`user-${account.user.id}`)).map((event) => event.type).slice(-2)).toEqual(['AccountDeleted', 'DataKeyDestroyed']);

    // The log keeps the (sealed) events; the address itself is nowhere in the files.
    const bytes = storedEventBytes();
    expect(bytes.includes('UserRegistered')).toBe(true);
    expect(bytes.includes(account.email)).toBe(false);
    // Research keeps the birth month only: the exact date is nowhere, in any spelling.
    expect(bytes.includes('ChildAnonymized')).toBe(true);
    for (const spelling of spellingsOf(birthDate)) expect(bytes.includes(spelling), spelling).toBe(false);
    // Nor the birth date moved by any research shift (whole weeks, up to 26): with the secret, that would give it back.
    for (let weeks = -26; weeks <= 26; weeks += 1) {
      const shifted = new Date(Date.parse(birthDate) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
      expect(bytes.includes(shifted), shifted).toBe(false);
    }
    // Nor the alert windows, the birth date plus whole months: the raised alert names its milestone only.
    expect(bytes.includes('MilestoneAlertRaised')).toBe(true);
    for (const window of windowsOf(birthDate)) {
      for (const day of [window.windowStart, window.windowEnd]) {
        for (const spelling of spellingsOf(day)) expect(bytes.includes(spelling), `${window.milestoneKey} ${window.alertType}: ${spelling}`).toBe(false);
      }
    }
    const anonymized = (await server.server.adapters.eventStore.readStream(`child-${child.body.id}`)).find((event) => event.type === 'ChildAnonymized');
    expect(anonymized?.data).toEqual({ childId: child.body.id, sex: 'Female', birthMonth: birthDate.slice(0, 7) });

    await server.server.projector.waitFor(Number(deleted.headers.get('x-event-position')), 2000);
    const readStore = server.server.adapters.readStore;
    expect(await readStore.collection('users').findOne({ _id: account.user.id })).toBeNull();
    expect(await readStore.collection('users').findOne({ email: account.email })).toBeNull();
    expect(await readStore.collection('children').findOne({ _id: child.body.id })).toBeNull();
    expect(await readStore.collection('timeline').find({ childId: child.body.id })).toEqual([]);

    const again = await register(account.email);
    expect(again.user.id).not.toBe(account.user.id);
    const children = await server.call('GET', '/api/children', { token: again.accessToken, headers: { 'x-min-position': again.position } });
    expect(children.body).toEqual([]);
  });
});
