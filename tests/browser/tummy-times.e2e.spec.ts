import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { localDateTimeOf, startOfLocalDate } from '@nightlight/domain/time/zoned-time';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, newContext } from './support/chromium';
import { parentWithChild, settle, signInToDashboard, todayIn, ZONE } from './support/family';

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** Each entry of a list as one line of visible text. */
async function lines(page: Page, list: string): Promise<string[]> {
  return (await page.getByRole('list', { name: list }).getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describeInBrowser('tummy time on a phone in Chromium', (suite) => {
  it("logs a session with a milestone, and adds the day's minutes up against the WHO's goal on the dashboard", async () => {
    const { server, browser } = suite();
    const { parent, childId } = await parentWithChild(server, 'tummy', 'Poppy');
    const context = await newContext(browser, server.url, 375, 812, 'light');
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    await signInToDashboard(page, parent, 'Poppy');
    // Under a year: the goal is there before any is logged.
    await expect.poll(() => page.locator('.glance').innerText()).toContain('Tummy time today: 0 of 30 minutes');

    // Twelve minutes earlier today (never before midnight), so all of it falls on today.
    const now = new Date();
    const start = new Date(Math.max(startOfLocalDate(todayIn(now), ZONE).getTime(), now.getTime() - 30 * 60_000));
    await page.getByRole('button', { name: 'Add Tummy Time' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tummy Time' });
    await dialog.getByLabel('Started').fill(localDateTimeOf(start, ZONE));
    await dialog.getByLabel('Duration in minutes').fill('12');
    await dialog.getByLabel('Milestone (optional)').fill('Lifted head to 45°');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.waitFor({ state: 'detached' });

    const timeline = "Today's activities";
    await expect.poll(() => lines(page, timeline)).toEqual([expect.stringMatching(/^Tummy time \d{1,2}:\d{2} [AP]M Duration 12m Milestone Lifted head to 45°$/)]);
    await expect.poll(() => page.locator('.glance').innerText()).toContain('Tummy time today: 12 of 30 minutes');
    expect(await page.locator('.glance').getByRole('link', { name: '(WHO)' }).getAttribute('href')).toBe('https://www.who.int/publications/i/item/9789241550536');
    await page.screenshot({ path: artifactPath('dashboard-375-tummy-time.png') });
    await settle(server);
    const [session] = (await server.call('GET', `/api/tummy-times?childId=${childId}&date=${todayIn()}`, { token: parent.token })).body;
    expect(session).toMatchObject({ milestone: 'Lifted head to 45°' });
  });
});
