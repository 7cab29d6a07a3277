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

/** A parent signed up through the API with one of the test server's referral codes. */
export async function registerParent(server: TestServer, prefix: string, { password = PASSWORD } = {}): Promise<Parent> {
  const email = newEmail(prefix);
  const answer = await server.call('POST', '/api/auth/register', { body: { email, password, referralCode: 'TEST42' } });
  expect(answer.status, 'register').toBe(201);
  return { id: answer.body.user.id, email, password, token: answer.body.accessToken, refreshToken: answer.body.refreshToken };
}

/** Robin, a girl born 1 May 2026 in UTC, unless `extra` says otherwise; her id. */
export async function addChild(server: TestServer, token: string, extra: Record<string, unknown> = {}): Promise<string> {
  const child = await server.call('POST', '/api/children', { token, body: { displayName: 'Robin', birthDate: '2026-05-01', sex: 'Female', timezone: 'UTC', ...extra } });
  expect(child.status, 'add child').toBe(201);
  return child.body.id;
}

/** Headers that make a read wait until the write `answer` came from has been projected. */
export const seen = (answer: { headers: Headers }) => ({ 'x-min-position': answer.headers.get('x-event-position')! });
