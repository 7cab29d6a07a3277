import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, newContext } from './support/chromium';
import { addChild, daysBefore, feedingsToday, logBottle, QUIET_AGE_DAYS, registerParent, settle, signIn, todayIn } from './support/family';
import { twoParentFamily } from './support/two-parents';

const MINUTE = 60_000;

const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

describeInBrowser(
  'timers and one-tap logging in Chromium',
  (suite) => {
    async function openPage(): Promise<Page> {
      const { server, browser } = suite();
      const context = await newContext(browser, server.url);
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      return context.newPage();
    }

    it("shows a sleep timer one parent starts ticking on the other's open dashboard within a second; stopped there, it is logged for both", async () => {
      const { server } = suite();
      const { alex, sam } = await twoParentFamily(server);
      const alexPage = await openPage();
      const samPage = await openPage();
      // Alex's phone runs two minutes behind: the sleep he starts counts from his tap, two minutes
      // before Sam, on time, stops it. A sleep lasts at least a minute, and a test should not wait one out.
      await alexPage.clock.install({ time: Date.now() - 2 * MINUTE });
      await signIn(alexPage, alex.email, alex.password);
      await signIn(samPage, sam.email, sam.password);
      for (const page of [alexPage, samPage]) {
        await page.getByRole('heading', { name: 'Pip Dashboard' }).waitFor();
        await page.getByRole('button', { name: 'Start sleep' }).waitFor();
      }

      await alexPage.getByRole('button', { name: 'Start sleep' }).click();
      await alexPage.getByRole('article', { name: 'Sleep timer' }).waitFor();
      const started = Date.now();

      const samTimer = samPage.getByRole('article', { name: 'Sleep timer' });
      await samTimer.waitFor({ timeout: 1000 });
      const firstShown = await samTimer.getByRole('timer').innerText();
      // It ticks: the next second shows within a second (and a little for the render).
      await expect.poll(() => samTimer.getByRole('timer').innerText(), { timeout: 1200, interval: 50 }).not.toBe(firstShown);
      console.log(`the other parent's dashboard showed the timer ${Date.now() - started} ms after it started, ticking`);
      expect(await samTimer.getByText('Started by Alex').count()).toBe(1);
      expect(await samPage.getByRole('button', { name: 'Start sleep' }).count()).toBe(0);
      await samPage.screenshot({ path: artifactPath('timers-375-sleep.png') });

      await samTimer.getByRole('button', { name: 'Stop' }).click();
      await samTimer.waitFor({ state: 'detached' });

      const alexTimeline = alexPage.getByRole('list', { name: "Today's activities" });
      await alexTimeline.getByText('Sleep', { exact: true }).waitFor();
      await alexPage.getByRole('article', { name: 'Sleep timer' }).waitFor({ state: 'detached' });
      await alexPage.getByRole('button', { name: 'Start sleep' }).waitFor();
      const sleep = alexTimeline.getByRole('listitem').filter({ hasText: 'Sleep' });
      expect((await sleep.innerText()).replace(/\s+/g, ' ')).toMatch(/Duration 2m/);
    });

    it("logs one feeding for a double tap on 'Same as last', and Undo removes it", async () => {
      const { server } = suite();
      const parent = await registerParent(server, 'repeat');
      const childId = await addChild(server, parent, 'Pip', daysBefore(todayIn(), QUIET_AGE_DAYS.fortyFive));
      // An hour ago, so the bottle logged again now does not overlap it.
      await logBottle(server, parent, childId, new Date(Date.now() - 60 * MINUTE).toISOString(), 4);
      await settle(server);
      const page = await openPage();
      await signIn(page, parent.email, parent.password);
      const sameAsLast = page.getByRole('button', { name: 'Same as last: 4 oz Formula' });
      await sameAsLast.waitFor();
      const before = await feedingsToday(suite().server, parent, childId);
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/feedings') posts.push(request.headers()['idempotency-key'] ?? '');
      });

      await sameAsLast.dblclick();
      await page.getByText('Bottle logged: 4 oz Formula').waitFor();

      const after = await feedingsToday(suite().server, parent, childId);
      expect(after).toHaveLength(before.length + 1);
      // One request, not a second one the server had to refuse or recognise.
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.screenshot({ path: artifactPath('timers-375-same-as-last.png') });
      expect(await sameAsLast.isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('Bottle removed').waitFor();
      expect(await feedingsToday(suite().server, parent, childId)).toHaveLength(before.length);
      expect(await sameAsLast.isEnabled()).toBe(true);
    });
  },
);
