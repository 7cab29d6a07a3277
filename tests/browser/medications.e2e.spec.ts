import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, newContext } from './support/chromium';
import { parentWithChild, QUIET_AGE_DAYS, settle, signInToDashboard } from './support/family';

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** Each entry of a list as one line of visible text. */
async function lines(page: Page, list: string): Promise<string[]> {
  return (await page.getByRole('list', { name: list }).getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describeInBrowser('medications on a phone in Chromium', (suite) => {
  it('logs a dose, says on the dashboard when it was last given, and corrects it', async () => {
    const { server, browser } = suite();
    const { parent, childId } = await parentWithChild(server, 'medications', 'Bramble', { ageDays: QUIET_AGE_DAYS.ninety });
    const context = await newContext(browser, server.url, 375, 812, 'light');
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    await signInToDashboard(page, parent, 'Bramble');
    // Nothing given yet: no line about it.
    await page.locator('.glance').waitFor();
    expect(await page.locator('.glance').innerText()).not.toContain('last given');

    await page.getByRole('button', { name: 'Add Medication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Medication' });
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Dose must be more than 0 and at most 1000').waitFor();
    await dialog.getByLabel('Medicine').fill('Paracetamol');
    await dialog.getByLabel('Dose (mL)').fill('2.5');
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.waitFor({ state: 'detached' });

    const timeline = "Today's activities";
    await expect.poll(() => lines(page, timeline)).toEqual([expect.stringMatching(/^Medication \d{1,2}:\d{2} [AP]M Dose Paracetamol · 2\.5 mL$/)]);
    await expect.poll(() => page.locator('.glance').innerText()).toContain('Paracetamol 2.5 mL last given just now');
    await page.screenshot({ path: artifactPath('dashboard-375-medication.png') });

    await page.getByRole('button', { name: /^Edit medication at/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Medication' });
    expect(await edit.getByLabel('Dose (mL)').inputValue()).toBe('2.5');
    await edit.getByRole('radio', { name: 'drops' }).check();
    await edit.getByLabel('Dose (drops)').fill('3');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.glance').innerText()).toContain('Paracetamol 3 drops last given');
    await settle(server);
    const [dose] = (await server.call('GET', `/api/medications?childId=${childId}&limit=1`, { token: parent.token })).body;
    expect(dose).toMatchObject({ name: 'Paracetamol', dose: 3, doseUnit: 'drops' });
  });
});
