import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, newContext } from './support/chromium';
import { parentWithChild, QUIET_AGE_DAYS, settle, signInToDashboard, todayIn } from './support/family';

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** Each entry of a list as one line of visible text. */
async function lines(page: Page, list: string): Promise<string[]> {
  return (await page.getByRole('list', { name: list }).getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describeInBrowser('temperatures on a phone in Chromium', (suite) => {
  it("takes a reading in the parent's scale, and shows a young baby's fever with the AAP's guidance and its source", async () => {
    const { server, browser } = suite();
    // Ten days old: 100.4 °F is a fever to call about at once.
    const { parent, childId } = await parentWithChild(server, 'temperatures', 'Clover', { ageDays: QUIET_AGE_DAYS.ten });
    const context = await newContext(browser, server.url, 375, 812, 'light');
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    await signInToDashboard(page, parent, 'Clover');

    await page.getByRole('button', { name: 'Add Temperature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Temperature' });
    // An en-US browser with no units chosen reads °F.
    await dialog.getByLabel('Temperature (°F)').fill('112');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.getByText('Temperature must be between 93.2 and 109.4 °F').waitFor();
    await dialog.getByText('Choose how it was taken').waitFor();
    await dialog.getByLabel('Temperature (°F)').fill('100.4');
    await dialog.getByRole('radio', { name: 'Rectal' }).check();
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.waitFor({ state: 'detached' });

    const timeline = "Today's activities";
    await expect.poll(() => lines(page, timeline)).toEqual([expect.stringMatching(/^Temperature \d{1,2}:\d{2} [AP]M Reading 100\.4 °F · rectal Call your pediatrician A fever of 100\.4 °F \(38 °C\) or more under 3 months of age: call at once, day or night\. American Academy of Pediatrics/)]);
    const source = page.getByRole('list', { name: timeline }).getByRole('link');
    expect(await source.getAttribute('href')).toBe('https://www.healthychildren.org/English/health-issues/conditions/fever/Pages/When-to-Call-the-Pediatrician.aspx');
    await page.screenshot({ path: artifactPath('dashboard-375-temperature.png'), fullPage: true });
    await settle(server);
    const [reading] = (await server.call('GET', `/api/temperatures?childId=${childId}&date=${todayIn()}`, { token: parent.token })).body;
    expect(reading).toMatchObject({ temperature: 100.4, unit: 'F', method: 'rectal', temperatureC: 38 });
  });
});
