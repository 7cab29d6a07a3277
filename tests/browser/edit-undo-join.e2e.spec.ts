import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, newContext } from './support/chromium';
import { demoFamily, type DemoFamily } from './support/demo-family';
import { daysBefore, newEmail, settle, signIn, STRONG_PASSWORD, todayIn, zonedInstant } from './support/family';

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

const SIZES = [
  [375, 812],
  [1280, 800],
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** Each entry of a list as one line of visible text. */
async function lines(page: Page, list: string): Promise<string[]> {
  return (await page.getByRole('list', { name: list }).getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** '2026-11-23' as the activity log titles its day. */
const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The activity log on `date`, typed into its date field. */
async function openDay(page: Page, date: string) {
  await page.goto('/activity');
  await page.getByLabel('Date').fill(date);
  await page.getByRole('heading', { name: longDate(date) }).waitFor();
}

/**
 * What a tired parent does with entries, at a phone's and a desktop's size in both colour schemes:
 * a night's sleep entered by its times, every kind corrected in its dialog (with who changed what),
 * a deletion undone, a delete tapped twice; and a new member joining by the invitation link.
 */
describeInBrowser('editing, undoing and joining in Chromium', (suite) => {
  async function openPage(width: number, height: number, colorScheme: 'light' | 'dark'): Promise<Page> {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url, width, height, colorScheme);
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return context.newPage();
  }

  for (const [width, height] of SIZES) {
    for (const colorScheme of SCHEMES) {
      it(`at ${width}×${height}, ${colorScheme}: enters a night by its times, corrects every kind, undoes a deletion and takes a double tap calmly`, async () => {
        const { server } = suite();
        const family: DemoFamily = await demoFamily(server);
        const page = await openPage(width, height, colorScheme);
        await signIn(page, family.maya.email, family.maya.password);
        await page.getByRole('list', { name: "Today's activities" }).waitFor();
        const today = todayIn();

        // A sleep from 7:30 PM to 6:10 AM, entered by its times five days ago (nothing else is logged then).
        const night = daysBefore(today, 5);
        await page.getByRole('button', { name: 'Add Sleep' }).click();
        const add = page.getByRole('dialog', { name: 'Add Sleep' });
        await add.getByLabel('Fell asleep').fill(`${night}T19:30`);
        await add.getByLabel('Woke up').fill('06:10');
        expect(await add.getByLabel('Duration in minutes').inputValue()).toBe('640');
        await add.getByText('10h 40m, ending the next day').waitFor();
        await add.getByRole('button', { name: 'Add Entry' }).click();
        await add.waitFor({ state: 'detached' });
        await openDay(page, night);
        await expect.poll(() => lines(page, `Activities on ${longDate(night)}`), { timeout: 10_000 }).toEqual(['Sleep 7:30 PM Duration 10h 40m Sleep session']);
        await settle(server);
        const [logged] = (await server.call('GET', `/api/sleep?childId=${family.childId}&date=${night}`, { token: family.maya.token })).body;
        expect([logged.startedAt, logged.endedAt]).toEqual([zonedInstant(night, '19:30'), zonedInstant(daysBefore(today, 4), '06:10')]);

        // Yesterday's entries, each corrected in its own dialog, filled in as logged.
        const yesterday = daysBefore(today, 1);
        const list = `Activities on ${longDate(yesterday)}`;
        await openDay(page, yesterday);
        const edit = async (name: string, title: string, change: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
          await page.getByRole('button', { name }).click();
          const dialog = page.getByRole('dialog', { name: title });
          await dialog.getByRole('button', { name: 'Save Changes' }).waitFor();
          await change(dialog);
          await dialog.getByRole('button', { name: 'Save Changes' }).click();
          await dialog.waitFor({ state: 'detached' });
        };
        await edit('Edit feeding at 10:00 AM', 'Edit Feeding', async (dialog) => {
          // Sam's bottle was entered in mL: it opens in mL.
          expect(await dialog.getByLabel('Amount (mL)').inputValue()).toBe('120');
          await dialog.getByLabel('Amount (mL)').fill('150');
        });
        await edit('Edit sleep at 8:00 AM', 'Edit Sleep', async (dialog) => {
          expect(await dialog.getByLabel('Woke up').inputValue()).toBe('09:15');
          await dialog.getByLabel('Woke up').fill('09:45');
        });
        await edit('Edit diaper at 7:00 AM', 'Edit Diaper', async (dialog) => {
          await dialog.getByRole('radio', { name: 'Both' }).check();
          await dialog.getByRole('radio', { name: 'Green' }).check();
        });
        await edit('Edit pumping at 9:00 PM', 'Edit Pumping', async (dialog) => {
          expect(await dialog.getByLabel('Left (mL)').inputValue()).toBe('60');
          await dialog.getByLabel('Left (mL)').fill('90');
        });
        await expect
          .poll(async () => (await lines(page, list)).filter((line) => /^(Feeding 10:00 AM|Sleep 8:00 AM|Diaper 7:00 AM|Pumping 9:00 PM)/.test(line)), { timeout: 10_000 })
          .toEqual([
            // 150 mL read in ounces, Maya's browser's unit: 5.1 oz. 90 + 45 mL: 3 and 1.5 oz.
            'Pumping 9:00 PM Duration 15m Pumped L 3 · R 1.5 oz by Maya',
            'Feeding 10:00 AM Duration 20m Amount 5.1 oz Bottle feeding by Sam',
            'Sleep 8:00 AM Duration 1h 45m Morning nap by Maya',
            'Diaper 7:00 AM Contents Wet + dirty · green by Maya',
          ]);
        // Each entry says who logged it and who changed what.
        await page.getByRole('button', { name: 'Edit feeding at 10:00 AM' }).click();
        const history = page.getByRole('dialog', { name: 'Edit Feeding' }).locator('.entry-history');
        await expect.poll(() => history.innerText(), { timeout: 10_000 }).toMatch(/^Logged by Sam \d{1,2}:\d{2} [AP]M · amount changed by Maya \d{1,2}:\d{2} [AP]M$/);
        await page.keyboard.press('Escape');

        // Delete, then Undo: the entry comes back, the same one.
        await page.goto('/');
        const timeline = "Today's activities";
        await page.getByRole('list', { name: timeline }).waitFor();
        const before = await lines(page, timeline);
        const bottle = page.getByRole('list', { name: timeline }).getByRole('listitem').filter({ hasText: '4.1 oz' });
        await bottle.getByTitle('Delete entry').click();
        await page.getByRole('status').getByText('Deleted').waitFor();
        await expect.poll(() => lines(page, timeline), { timeout: 10_000 }).toHaveLength(before.length - 1);
        await page.getByRole('button', { name: 'Undo' }).click();
        await expect.poll(() => lines(page, timeline), { timeout: 10_000 }).toEqual(before);
        // Its toast goes with the Undo, so the 'Deleted' waited for below is the next deletion's.
        await page.getByRole('status').getByText('Deleted').waitFor({ state: 'detached' });
        await page.screenshot({ path: artifactPath(`undo-${width}-${colorScheme}.png`) });

        // A delete tapped twice sends one deletion, and nothing alarming shows.
        const deletions: Request[] = [];
        page.on('request', (request) => {
          if (request.method() === 'DELETE') deletions.push(request);
        });
        const diaper = page.getByRole('list', { name: timeline }).getByRole('listitem').filter({ hasText: 'Diaper' });
        await diaper.getByTitle('Delete entry').dblclick();
        await page.getByRole('status').getByText('Deleted').waitFor();
        await expect.poll(() => lines(page, timeline), { timeout: 10_000 }).toHaveLength(before.length - 1);
        expect(deletions).toHaveLength(1);
        expect(await page.getByRole('alert').count()).toBe(0);
      });
    }
  }

  for (const [width, height] of SIZES) {
    for (const colorScheme of SCHEMES) {
      it(`at ${width}×${height}, ${colorScheme}: joins by the link onto the child's dashboard, named, in one unit everywhere`, async () => {
        const { server } = suite();
        const family = await demoFamily(server);
        const invitation = await server.call('POST', `/api/children/${family.childId}/invitations`, { token: family.maya.token, body: { role: 'parent' } });
        const page = await openPage(width, height, colorScheme);

        // The link: who invited whom to which family, before any account.
        await page.goto(invitation.body.url);
        await page.getByText("Maya invited you to join Pip's family as a parent.").waitFor();
        await page.getByRole('link', { name: 'Create an account' }).click();
        await page.getByLabel('Email').fill(newEmail('grandpa'));
        await page.getByLabel('What should the family call you?').fill('Grandpa Joe');
        await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
        await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
        await page.getByRole('button', { name: 'Create Account' }).click();

        // The consent, over the child joined; then straight to its dashboard, never asked to add a child.
        const consent = page.getByRole('dialog', { name: 'Before you begin' });
        await consent.waitFor();
        await page.getByRole('heading', { name: "Welcome to Pip's family" }).waitFor();
        await consent.getByRole('checkbox', { name: /I have read and agree/ }).check();
        await consent.getByRole('button', { name: 'Accept & Continue' }).click();
        await page.getByRole('heading', { name: 'Pip Dashboard' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        expect(await page.getByRole('heading', { name: /Add Your First Child|Add a Child/ }).count()).toBe(0);
        expect(await page.getByRole('complementary', { name: 'Finish setting up' }).count()).toBe(0);

        // Never chose units: every amount on every card and list in the browser's (en-US) ounces,
        // Sam's 120 mL bottle included (4.1 oz).
        await page.getByRole('list', { name: "Today's activities" }).getByText('4.1 oz').waitFor();
        const amounts = async () => (await page.locator('main').innerText()).match(/\d+(\.\d+)? ?(oz|mL)\b/g) ?? [];
        await expect.poll(amounts, { timeout: 10_000 }).toContain('4.1 oz');
        expect((await amounts()).filter((amount) => amount.endsWith('mL'))).toEqual([]);
        await openDay(page, daysBefore(todayIn(), 1));
        await expect.poll(amounts, { timeout: 10_000 }).toEqual(expect.arrayContaining(['4.1 oz', '4.5 oz']));
        expect((await amounts()).filter((amount) => amount.endsWith('mL'))).toEqual([]);

        // Their name in the family, apart from their role; and Settings styled on a direct load.
        await page.goto('/settings');
        const members = page.getByRole('region', { name: 'Family of Pip' }).locator('.member-who');
        await expect.poll(() => members.allInnerTexts(), { timeout: 10_000 }).toEqual(['Maya · Parent', 'Sam · Parent', 'Grandpa Joe · Parent · you']);
        const chips = await page.getByRole('form', { name: 'Units' }).locator('.choice-options').first().evaluate((element) => getComputedStyle(element).display);
        expect(chips).toBe('flex');
        // A parent who joined last has no Remove or role controls over those before them.
        expect(await page.getByRole('region', { name: 'Family of Pip' }).getByRole('button', { name: /^(Remove|Make)/ }).count()).toBe(0);
        expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('button').allInnerTexts()).toContain('Reports');
      });
    }
  }
});
