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

/** '2026-11-23' as the activity log titles its day. */
const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

describeInBrowser('solid foods on a phone in Chromium', (suite) => {
  async function openPage(): Promise<Page> {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url, 375, 812, 'light');
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return context.newPage();
  }

  it('lays every Add button out on the phone, logs a meal, shows it today and in the Activity log, and corrects it', async () => {
    const { server } = suite();
    const { parent, childId } = await parentWithChild(server, 'solids', 'Juniper', { ageDays: QUIET_AGE_DAYS.oneHundredFifty });
    const page = await openPage();
    await signInToDashboard(page, parent, 'Juniper');

    // However many kinds there are, every button is on the screen, its name on one line, none over another.
    const group = page.getByRole('group', { name: 'Add an entry' });
    const boxes = await Promise.all((await group.getByRole('button').all()).map(async (button) => ({ name: await button.innerText(), box: (await button.boundingBox())! })));
    expect(boxes.map(({ name }) => name.replace(/\s+/g, ' ').trim())).toContain('Add Solids');
    const labelHeights: number[] = [];
    for (const { name, box } of boxes) {
      expect(box.x >= 0 && box.x + box.width <= 375, `${name} fits the screen`).toBe(true);
      labelHeights.push((await group.getByRole('button', { name: name.trim() }).locator('span').boundingBox())!.height);
    }
    // A name on two lines would be twice as tall as the others.
    expect(Math.max(...labelHeights)).toBe(Math.min(...labelHeights));
    for (const [index, { box }] of boxes.entries()) {
      for (const other of boxes.slice(index + 1)) {
        const apart = box.x + box.width <= other.box.x || other.box.x + other.box.width <= box.x || box.y + box.height <= other.box.y || other.box.y + other.box.height <= box.y;
        expect(apart).toBe(true);
      }
    }

    await page.getByRole('button', { name: 'Add Solids' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Solids' });
    // Nothing chosen: the dialog says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.getByText('Food is required').waitFor();
    await dialog.getByText('Choose how much was eaten').waitFor();
    await dialog.getByLabel('Food').fill('Sweet potato');
    await dialog.getByRole('radio', { name: 'Most' }).check();
    await dialog.getByRole('switch', { name: /Reaction/ }).check();
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.waitFor({ state: 'detached' });

    const timeline = "Today's activities";
    await expect.poll(() => lines(page, timeline)).toHaveLength(1);
    expect((await lines(page, timeline))[0]).toMatch(/^Solid \d{1,2}:\d{2} [AP]M Food Sweet potato · Most · reaction$/);
    await page.screenshot({ path: artifactPath('dashboard-375-solids.png'), fullPage: true });

    // The Activity log lists it, and its filter keeps to solids.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activity' }).click();
    const today = longDate(todayIn());
    await page.getByRole('heading', { name: today }).waitFor();
    await page.getByRole('radio', { name: 'Solids', exact: true }).check();
    await expect.poll(() => lines(page, `Activities on ${today}`)).toEqual([expect.stringMatching(/^Solid \d{1,2}:\d{2} [AP]M Food Sweet potato · Most · reaction$/)]);

    // Corrected in its dialog, filled in as logged.
    await page.getByRole('button', { name: /^Edit solid at/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Solids' });
    expect(await edit.getByLabel('Food').inputValue()).toBe('Sweet potato');
    await edit.getByLabel('Food').fill('Sweet potato mash');
    await edit.getByRole('radio', { name: 'All' }).check();
    await edit.getByRole('switch', { name: /Reaction/ }).uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => lines(page, `Activities on ${today}`)).toEqual([expect.stringMatching(/^Solid \d{1,2}:\d{2} [AP]M Food Sweet potato mash · All$/)]);
    await settle(server);
    const [meal] = (await server.call('GET', `/api/solids?childId=${childId}&date=${todayIn()}`, { token: parent.token })).body;
    expect(meal).toMatchObject({ food: 'Sweet potato mash', amount: 'all', reaction: false });
  });
});
