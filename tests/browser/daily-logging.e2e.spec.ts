import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { localDateTimeOf, startOfLocalDate } from '@nightlight/domain/time/zoned-time';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, newContext } from './support/chromium';
import { addChild, daysBefore, logBottle, logSleep, parentWithChild, QUIET_AGE_DAYS, registerParent, settle, signInToDashboard, todayIn, ZONE, zonedInstant } from './support/family';

const MINUTE = 60_000;

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** Today's long date as the Activity Log titles it ('Saturday, November 22, 2025'). */
function longDate(localDate: string): string {
  return new Date(`${localDate}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Each entry of a list as one line of visible text. */
async function entryTexts(page: Page, listName: string): Promise<string[]> {
  const texts = await page.getByRole('list', { name: listName }).getByRole('listitem').allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, ' ').trim());
}

describeInBrowser('daily logging in Chromium', (suite) => {
  async function openPage(width = 375, height = 812, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url, width, height, colorScheme);
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    return context.newPage();
  }

  it('logs a bottle and a sleep from the dashboard, shows them today and in the log, and deletes one', async () => {
    const { server } = suite();
    const { parent } = await parentWithChild(server, 'logging', 'Pip');
    const page = await openPage();
    await signInToDashboard(page, parent, 'Pip');
    await page.getByRole('heading', { name: 'No activities today' }).waitFor();

    await page.getByRole('button', { name: 'Add Feeding' }).click();
    const feeding = page.getByRole('dialog', { name: 'Add Feeding' });
    await feeding.getByRole('radio', { name: 'Bottle' }).check();
    await feeding.getByRole('radio', { name: 'Formula' }).check();
    await feeding.getByLabel('Amount (oz)').fill('4');
    await feeding.getByRole('button', { name: 'Add Entry' }).click();
    await feeding.waitFor({ state: 'detached' });

    // The sleep starts earlier today (never before midnight) so all 90 minutes fall on today.
    const now = new Date();
    const midnight = startOfLocalDate(todayIn(now), ZONE);
    const sleepStart = new Date(Math.max(midnight.getTime(), now.getTime() - 120 * MINUTE));
    await page.getByRole('button', { name: 'Add Sleep' }).click();
    const sleep = page.getByRole('dialog', { name: 'Add Sleep' });
    await sleep.getByLabel('Fell asleep').fill(localDateTimeOf(sleepStart, ZONE));
    await sleep.getByLabel('Duration in minutes').fill('90');
    await sleep.getByRole('button', { name: 'Add Entry' }).click();
    await sleep.waitFor({ state: 'detached' });

    // Newest first: the bottle just given, then the sleep that started earlier.
    const timeline = "Today's activities";
    await expect.poll(() => entryTexts(page, timeline)).toHaveLength(2);
    const [feedingEntry, sleepEntry] = await entryTexts(page, timeline);
    expect(feedingEntry).toMatch(/^Feeding \d{1,2}:\d{2} [AP]M Duration 15m Amount 4 oz/);
    // No amount where a sleep has none.
    expect(sleepEntry).toMatch(/^Sleep \d{1,2}:\d{2} [AP]M Duration 1h 30m Sleep session$/);

    const weekly = page.getByRole('region', { name: 'Last 7 Days' });
    const todayRow = weekly.getByRole('row').filter({ hasText: 'Today' });
    // The table refetches after each write; wait for the row to show both entries.
    await expect
      .poll(async () => (await todayRow.getByRole('cell').allInnerTexts()).map((text) => text.trim()).slice(0, 3))
      .toEqual(['1', '4.0 oz', '1h 30m']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity Log' }).waitFor();
    const today = longDate(todayIn());
    await page.getByRole('heading', { name: today }).waitFor();
    await expect.poll(() => entryTexts(page, `Activities on ${today}`)).toEqual([feedingEntry, sleepEntry]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
    const sleepItem = page.getByRole('list', { name: timeline }).getByRole('listitem').filter({ hasText: 'Sleep' });
    await sleepItem.getByTitle('Delete entry').click();
    await sleepItem.waitFor({ state: 'detached' });
    expect(await entryTexts(page, timeline)).toEqual([feedingEntry]);
    // The week's table forgets the sleep too, and so does the activity log.
    await expect
      .poll(async () => (await todayRow.getByRole('cell').allInnerTexts()).map((text) => text.trim()).slice(0, 3))
      .toEqual(['1', '4.0 oz', '0m']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: today }).waitFor();
    await expect.poll(() => entryTexts(page, `Activities on ${today}`)).toEqual([feedingEntry]);
  });

  it('logs a diaper change in two taps on a phone and counts it on the cards and in the week; a pumping session is no feed', async () => {
    const { server } = suite();
    const { parent } = await parentWithChild(server, 'diapers', 'Wren');
    const page = await openPage();
    await signInToDashboard(page, parent, 'Wren');

    await page.getByRole('button', { name: 'Add Diaper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Diaper' });
    await dialog.getByRole('radio', { name: 'Both' }).check();
    await dialog.getByRole('button', { name: 'Add Entry' }).click();
    await dialog.waitFor({ state: 'detached' });

    const timeline = "Today's activities";
    await expect.poll(() => entryTexts(page, timeline)).toHaveLength(1);
    expect((await entryTexts(page, timeline))[0]).toMatch(/^Diaper \d{1,2}:\d{2} [AP]M Contents Wet \+ dirty/);
    const card = (label: string) => page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) }).locator('.stat-value');
    await expect.poll(() => card('Wet diapers today').innerText()).toBe('1');
    expect(await card('Dirty diapers today').innerText()).toBe('1');
    const todayRow = page.getByRole('region', { name: 'Last 7 Days' }).getByRole('row').filter({ hasText: 'Today' });
    await expect.poll(async () => (await todayRow.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual(['0', '0.0 oz', '0m', '1', 'No data']);

    // A pumping session is on the timeline too, and is not a feed.
    await page.getByRole('button', { name: 'Add Pumping' }).click();
    const pumping = page.getByRole('dialog', { name: 'Add Pumping' });
    await pumping.getByLabel('Duration in minutes (optional)').fill('15');
    await pumping.getByRole('radio', { name: 'mL' }).check();
    await pumping.getByLabel('Left (mL)').fill('60');
    await pumping.getByRole('button', { name: 'Add Entry' }).click();
    await pumping.waitFor({ state: 'detached' });
    await expect.poll(() => entryTexts(page, timeline)).toHaveLength(2);
    // Entered in mL, read in the unit of a parent who chose none on an en-US browser: 60 mL is 2 oz.
    expect((await entryTexts(page, timeline)).some((text) => /^Pumping \d{1,2}:\d{2} [AP]M Duration 15m Pumped L 2 oz/.test(text))).toBe(true);
    expect(await card('Feeds today').innerText()).toBe('0');
    await page.screenshot({ path: artifactPath('dashboard-375-diaper.png') });
  });

  it('keeps the onboarding prompt clear of the Add buttons on a phone', async () => {
    const { server } = suite();
    const { parent } = await parentWithChild(server, 'prompt', 'Hazel', { completeOnboarding: false });
    const page = await openPage();
    await signInToDashboard(page, parent, 'Hazel');

    const prompt = page.getByRole('complementary', { name: 'Finish setting up' });
    await prompt.waitFor();
    const promptBox = (await prompt.boundingBox())!;
    // Every kind's button, however many kinds there are.
    const buttons = await page.getByRole('group', { name: 'Add an entry' }).getByRole('button').all();
    expect(buttons.length).toBeGreaterThanOrEqual(5);
    for (const button of buttons) {
      const box = (await button.boundingBox())!;
      const apart = promptBox.y >= box.y + box.height || promptBox.y + promptBox.height <= box.y;
      expect(apart, `prompt over ${await button.innerText()}`).toBe(true);
    }
    await page.screenshot({ path: artifactPath('dashboard-375-onboarding-prompt.png') });
    // Both stay usable: tapping Add Feeding opens its dialog.
    await page.getByRole('button', { name: 'Add Feeding' }).click();
    await page.getByRole('dialog', { name: 'Add Feeding' }).waitFor();
  });

  it('lays the dashboard with a week of data out at phone and desktop widths', async () => {
    const { server } = suite();
    const parent = await registerParent(server, 'screens');
    const childId = await addChild(server, parent, 'Juniper', daysBefore(todayIn(), QUIET_AGE_DAYS.ninety));
    const today = todayIn();
    for (let back = 1; back <= 5; back += 1) {
      const day = daysBefore(today, back);
      for (const [time, oz] of [['07:00', 4], ['11:00', 3.5], ['15:00', 4], ['19:00', 5]] as const) {
        await logBottle(server, parent, childId, zonedInstant(day, time), oz);
      }
      await logSleep(server, parent, childId, zonedInstant(day, '13:00'), 75);
      await logSleep(server, parent, childId, zonedInstant(day, '19:45'), 225);
    }
    // Today's entries fit between midnight and now, whenever the test runs.
    const midnight = startOfLocalDate(today, ZONE).getTime();
    const elapsed = Date.now() - midnight;
    await logBottle(server, parent, childId, new Date(midnight + elapsed * 0.1).toISOString(), 4.5);
    await logSleep(server, parent, childId, new Date(midnight + elapsed * 0.4).toISOString(), Math.max(1, Math.min(60, elapsed / MINUTE / 5)));
    await settle(server);

    for (const [width, height] of [[375, 812], [1280, 800]] as const) {
      const page = await openPage(width, height);
      await signInToDashboard(page, parent, 'Juniper');
      await page.getByRole('list', { name: "Today's activities" }).waitFor();
      const weekly = page.getByRole('region', { name: 'Last 7 Days' });
      await expect.poll(() => weekly.getByRole('row').count()).toBe(8);
      expect(await weekly.getByRole('row').filter({ hasText: 'Today' }).getByRole('cell').first().innerText()).toBe('1');

      // Nothing may push the page sideways: a phone user would have to scroll to read a row.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      // The logging group is part of the page, above the summary: scrolled to the end, nothing
      // floats over the last entry.
      const log = (await page.getByRole('region', { name: 'Log' }).boundingBox())!;
      const summary = (await page.getByRole('region', { name: "Today's Summary" }).boundingBox())!;
      expect(log.y + log.height, 'the Log group ends above the summary').toBeLessThanOrEqual(summary.y);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const lastEntry = (await page.getByRole('list', { name: "Today's activities" }).getByRole('listitem').last().boundingBox())!;
      const covering = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('li')?.parentElement?.getAttribute('aria-label') ?? null, {
        x: lastEntry.x + lastEntry.width / 2,
        y: lastEntry.y + lastEntry.height / 2,
      });
      expect(covering, 'the last entry is what shows at its place').toBe("Today's activities");
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: artifactPath(`dashboard-${width}.png`), fullPage: true });
    }

    // Dark mode follows the system setting: a dark page with light text, saved for a look.
    const dark = await openPage(375, 812, 'dark');
    await signInToDashboard(dark, parent, 'Juniper');
    await dark.getByRole('list', { name: "Today's activities" }).waitFor();
    await expect.poll(() => dark.getByRole('region', { name: 'Last 7 Days' }).getByRole('row').count()).toBe(8);
    const colours = await dark.evaluate(() => {
      const luminance = (colour: string) => {
        const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      };
      const body = getComputedStyle(document.body);
      const heading = getComputedStyle(document.querySelector('h1')!);
      return { background: luminance(body.backgroundColor), text: luminance(heading.color) };
    });
    expect(colours.background, 'dark background').toBeLessThan(0.2);
    expect(colours.text, 'light text').toBeGreaterThan(0.7);
    await dark.screenshot({ path: artifactPath('dashboard-375-dark.png'), fullPage: true });
  });
});
