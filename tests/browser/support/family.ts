import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, instantOfLocal, localDateOf, type LocalDate } from '@nightlight/domain/time/zoned-time';
import { addChild as addApiChild, newEmail, registerParent as registerApiParent } from '../../api/support/family';
import type { TestServer } from '../../api/support/test-server';
import { ZONE } from './zone';

export { newEmail, ZONE };

/** Scores 5 of 5 (length, lower, upper, digit, symbol): the meter calls it 'Strong'. */
export const STRONG_PASSWORD = 'Sleepy-2-night';

/**
 * Ages in days that lie outside every milestone alert window (a week before to a week after 1, 2,
 * 4, 6 and 12 months), so no alert dialog opens over the dashboard of a child that young.
 */
export const QUIET_AGE_DAYS = { ten: 10, fortyFive: 45, ninety: 90, oneHundredFifty: 150 } as const;

/** Today in the tests' zone, as the server's clock `now` sees it. */
export function todayIn(now: Date = new Date()): LocalDate {
  return localDateOf(now, ZONE);
}

export function daysBefore(date: LocalDate, days: number): LocalDate {
  return addDays(date, -days);
}

/** The instant of a wall-clock time in the tests' zone, as the API takes it. */
export function zonedInstant(date: LocalDate, time: string): string {
  return instantOfLocal(date, time, ZONE).toISOString();
}

export interface Parent {
  email: string;
  password: string;
  token: string;
}

/**
 * Every write through the API is read back by a browser that never saw its position, so wait
 * until the jobs it started (milestone scans) ran and the read models took every event.
 */
export async function settle(server: TestServer): Promise<void> {
  const { adapters, projector } = server.server;
  await adapters.jobs.drained();
  await projector.waitFor(await adapters.eventStore.headPosition(), 5000);
}

async function expectStatus(answer: Promise<{ status: number; body: any }>, status: number, what: string) {
  const { status: actual, body } = await answer;
  if (actual !== status) throw new Error(`${what}: expected ${status}, got ${actual} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A parent who registered and accepted the consent earlier, so no onboarding stands in the way;
 * with `completeOnboarding: false`, one who has not finished setting up.
 */
export async function registerParent(server: TestServer, prefix = 'parent', { completeOnboarding = true } = {}): Promise<Parent> {
  const { email, password, token } = await registerApiParent(server, prefix, { password: STRONG_PASSWORD });
  if (completeOnboarding) {
    await expectStatus(server.call('PATCH', '/api/me', { token, body: { onboardingCompleted: true } }), 200, 'complete onboarding');
  }
  return { email, password, token };
}

export function addChild(server: TestServer, parent: Parent, displayName: string, birthDate: LocalDate): Promise<string> {
  return addApiChild(server, parent.token, { displayName, birthDate, timezone: ZONE });
}

export async function logBottle(server: TestServer, parent: Parent, childId: string, startedAt: string, amountOz: number): Promise<void> {
  const endedAt = new Date(Date.parse(startedAt) + 15 * 60_000).toISOString();
  await expectStatus(
    server.call('POST', '/api/feedings', {
      token: parent.token,
      body: { childId, startedAt, endedAt, amountOz, method: 'Bottle', type: 'Formula' },
    }),
    201,
    'log feeding',
  );
}

export async function logSleep(server: TestServer, parent: Parent, childId: string, startedAt: string, minutes: number): Promise<void> {
  const endedAt = new Date(Date.parse(startedAt) + minutes * 60_000).toISOString();
  await expectStatus(server.call('POST', '/api/sleep', { token: parent.token, body: { childId, startedAt, endedAt } }), 201, 'log sleep');
}

/**
 * A parent (past onboarding unless told otherwise) whose child `name` is `ageDays` old, clear of
 * every milestone alert by default, once the read models have caught up.
 */
export async function parentWithChild(
  server: TestServer,
  prefix: string,
  name: string,
  { ageDays = QUIET_AGE_DAYS.fortyFive, completeOnboarding = true }: { ageDays?: number; completeOnboarding?: boolean } = {},
): Promise<{ parent: Parent; childId: string }> {
  const parent = await registerParent(server, prefix, { completeOnboarding });
  const childId = await addChild(server, parent, name, daysBefore(todayIn(), ageDays));
  await settle(server);
  return { parent, childId };
}

/** Signs in through the form and waits for `childName`'s dashboard, by its exact heading. */
export async function signInToDashboard(page: Page, parent: Parent, childName: string): Promise<void> {
  await signIn(page, parent.email, parent.password);
  await page.getByRole('heading', { name: `${childName} Dashboard`, exact: true }).waitFor();
}

/** Signs in through the form, as a parent would, and waits for the dashboard route. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The text a person reads in an element, with runs of white space as one space. */
export async function textOf(page: Page, selector: string): Promise<string[]> {
  const texts = await page.locator(selector).allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, ' ').trim());
}

/** The child's feedings on today's date, as the API lists them to `parent`, once the read models have caught up. */
export async function feedingsToday(server: TestServer, parent: Parent, childId: string): Promise<{ id: string; amountOz: number | null }[]> {
  await settle(server);
  const answer = await server.call('GET', `/api/feedings?childId=${childId}&date=${todayIn()}`, { token: parent.token });
  expect(answer.status).toBe(200);
  return answer.body;
}
