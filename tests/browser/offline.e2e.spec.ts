import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, launchProfileChromium, newContext } from './support/chromium';
import { localDateTimeOf, startOfLocalDate } from '@nightlight/domain/time/zoned-time';
import { addChild, daysBefore, feedingsToday, logBottle, parentWithChild, QUIET_AGE_DAYS, registerParent, settle, signInToDashboard, todayIn, ZONE, type Parent } from './support/family';
import { twoParentFamily } from './support/two-parents';

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** Waits until the service worker is installed, active and controls the page. */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

const MINUTE = 60_000;
const OVERLAP = 'This overlaps a feeding already logged for this child';

/**
 * Three moments of today in the tests' zone, oldest first and at least 15 minutes apart where the
 * day allows: an older entry and two feedings logged offline after it, none in the future.
 */
function threeTimesToday(now = new Date()): [Date, Date, Date] {
  const sinceMidnight = Math.floor((now.getTime() - startOfLocalDate(todayIn(now), ZONE).getTime()) / MINUTE);
  const span = Math.max(3, Math.min(150, sinceMidnight - 1));
  const at = (minutesAgo: number) => new Date(now.getTime() - Math.round(minutesAgo) * MINUTE);
  return [at(span), at((span * 2) / 3), at(span / 3)];
}

/** The marks of writes still waiting in the outbox, in the timeline and the timers. */
const waitingMarks = (page: Page) => page.getByText('Waiting to sync', { exact: true });

/** Logs a bottle through Add Feeding, as a parent would, at `startedAt`. */
async function addBottle(page: Page, startedAt: Date, ounces: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Feeding' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Feeding' });
  await dialog.getByLabel('Date and time').fill(localDateTimeOf(startedAt, ZONE));
  await dialog.getByRole('radio', { name: 'Formula' }).check();
  await dialog.getByLabel('Amount (oz)').fill(ounces);
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** How many records each store of the app's IndexedDB holds, read in the page. */
async function offlineRecords(page: Page): Promise<{ queryCache: number; outbox: number }> {
  return page.evaluate(
    () =>
      new Promise<{ queryCache: number; outbox: number }>((resolve, reject) => {
        const open = indexedDB.open('nightlight-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction(['query-cache', 'outbox'], 'readonly');
          const queryCache = transaction.objectStore('query-cache').count();
          const outbox = transaction.objectStore('outbox').count();
          transaction.oncomplete = () => {
            db.close();
            resolve({ queryCache: queryCache.result, outbox: outbox.result });
          };
        };
      }),
  );
}

/** The width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describeInBrowser('offline in Chromium', (suite) => {
  async function openPage(): Promise<Page> {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url);
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    return context.newPage();
  }

  it('is installable: no installability errors, a manifest with the app name, standalone display and 192, 512 and maskable icons', async () => {
    const { server } = suite();
    // Incognito contexts cannot install an app: a profile of its own, as on a phone.
    const context = await launchProfileChromium(server.url);
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await serviceWorkerControls(page);

    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
    await cdp.detach();

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestAnswer = await page.request.get(manifestHref!);
    expect(manifestAnswer.headers()['content-type']).toBe('application/manifest+json');
    expect(manifestAnswer.headers()['cache-control']).toBe('no-cache');
    const manifest = await manifestAnswer.json();
    expect(manifest).toMatchObject({ name: 'Nightlight', short_name: 'Nightlight', start_url: '/', display: 'standalone', theme_color: '#ffffff' });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
    }
    const themeColors = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => `${meta.getAttribute('media')} ${meta.getAttribute('content')}`));
    expect(themeColors).toEqual(['(prefers-color-scheme: light) #ffffff', '(prefers-color-scheme: dark) #1c1b27']);

    // The worker is fetched again on every check for a new version.
    const worker = await page.request.get(`${server.url}/sw.js`);
    expect(worker.headers()['content-type']).toMatch(/^application\/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    // The worker answers client routes with the app, never the API or the health check.
    for (const path of ['/api/children', '/healthz']) {
      const answer = await page.goto(path);
      expect(answer?.headers()['content-type'], path).toMatch(/^application\/json/);
      expect(answer?.fromServiceWorker(), path).toBe(false);
    }
    const route = await page.goto('/activity');
    expect(route?.headers()['content-type']).toMatch(/^text\/html/);
    expect(route?.fromServiceWorker()).toBe(true);
  });

  /** Signs in and waits until the dashboard shows, the worker controls the page and the answers are saved. */
  async function openDashboardOnline(parent: Parent): Promise<Page> {
    const page = await openPage();
    await signInToDashboard(page, parent, 'Pip');
    await page.getByRole('heading', { name: "Today's Activity Timeline" }).waitFor();
    await serviceWorkerControls(page);
    await expect.poll(async () => (await offlineRecords(page)).queryCache, { timeout: 15_000 }).toBe(1);
    return page;
  }

  it('logs two feedings and deletes an older one offline, marked Waiting to sync, still after a reload with no signal, and syncs each once when the signal returns', async () => {
    const { server } = suite();
    const parent = await registerParent(server, 'offline');
    const childId = await addChild(server, parent, 'Pip', daysBefore(todayIn(), QUIET_AGE_DAYS.fortyFive));
    const [older, first, second] = threeTimesToday();
    await logBottle(server, parent, childId, older.toISOString(), 6);
    await settle(server);
    const [olderFeeding] = await feedingsToday(suite().server, parent, childId);
    const page = await openDashboardOnline(parent);
    const timeline = page.getByRole('list', { name: "Today's activities" });
    await timeline.getByText('6 oz').waitFor();
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/feedings')) writes.push(`${request.method()} ${request.headers()['idempotency-key']}`);
    });

    await page.context().setOffline(true);
    await addBottle(page, first, '2');
    await addBottle(page, second, '3');
    await timeline.getByRole('listitem').filter({ hasText: '6 oz' }).getByRole('button', { name: /^Delete feeding at/ }).click();
    await expect.poll(() => waitingMarks(page).count(), { timeout: 10_000 }).toBe(3);
    expect((await timeline.getByRole('listitem').filter({ hasText: '6 oz' }).innerText()).replace(/\s+/g, ' ')).toMatch(/Deleted.*Waiting to sync/);
    await page.getByText(/^Offline: showing what was saved at \d{1,2}:\d{2}\s[AP]M$/).waitFor();
    await page.screenshot({ path: artifactPath('offline-375-waiting.png') });

    // No signal at all: the page comes from the service worker, the answers and the outbox from IndexedDB.
    await page.reload();
    await page.getByRole('heading', { name: 'Pip Dashboard' }).waitFor();
    await expect.poll(() => waitingMarks(page).count(), { timeout: 10_000 }).toBe(3);
    await page.getByText(/^Offline: showing what was saved at /).waitFor();
    expect(await offlineRecords(page)).toMatchObject({ outbox: 3 });

    await page.context().setOffline(false);
    await expect.poll(() => waitingMarks(page).count(), { timeout: 15_000 }).toBe(0);
    await page.getByText(/^Offline:/).waitFor({ state: 'detached' });
    await timeline.getByText('6 oz').waitFor({ state: 'detached' });

    const feedings = await feedingsToday(suite().server, parent, childId);
    expect(feedings.map((feeding) => feeding.amountOz).sort()).toEqual([2, 3]);
    expect(feedings.map((feeding) => feeding.id)).not.toContain(olderFeeding!.id);
    // Each write went out once, with its own key, and in the order it was made.
    expect(writes).toHaveLength(3);
    expect(new Set(writes).size).toBe(3);
    expect(writes.map((write) => write.split(' ')[0])).toEqual(['POST', 'POST', 'DELETE']);
    expect(await offlineRecords(page)).toMatchObject({ outbox: 0 });
  });

  it("shows an offline feeding that overlaps one another parent logged meanwhile as refused, with Edit and Discard, and still syncs the other", async () => {
    const { server } = suite();
    const { alex, sam, childId } = await twoParentFamily(server);
    const [, overlapped, free] = threeTimesToday();
    const page = await openDashboardOnline(alex);
    const timeline = page.getByRole('list', { name: "Today's activities" });

    await page.context().setOffline(true);
    await addBottle(page, overlapped, '2');
    await addBottle(page, free, '3');
    await expect.poll(() => waitingMarks(page).count(), { timeout: 10_000 }).toBe(2);
    // Meanwhile Sam, online, logs a feeding at the same time as the first.
    await logBottle(server, sam, childId, overlapped.toISOString(), 5);
    await settle(server);

    await page.context().setOffline(false);
    const refused = timeline.getByRole('listitem').filter({ has: page.getByRole('alert') });
    await refused.getByText(OVERLAP).waitFor({ timeout: 15_000 });
    expect(await refused.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await refused.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    expect(await refused.innerText()).toContain('2 oz');
    await expect.poll(() => waitingMarks(page).count(), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: artifactPath('offline-375-refused.png') });

    const feedings = await feedingsToday(suite().server, alex, childId);
    expect(feedings.map((feeding) => feeding.amountOz).sort()).toEqual([3, 5]);

    // Edit opens the feeding's dialog with its values.
    await refused.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Feeding' });
    expect(await dialog.getByLabel('Amount (oz)').inputValue()).toBe('2');
    expect(await dialog.getByLabel('Date and time').inputValue()).toBe(localDateTimeOf(overlapped, ZONE));
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await refused.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('alert').waitFor({ state: 'detached' });
    expect(await offlineRecords(page)).toMatchObject({ outbox: 0 });
  });

  it('forgets the saved answers and the waiting writes on Logout', async () => {
    const { server } = suite();
    const { parent } = await parentWithChild(server, 'logout', 'Pip');
    const [, , now] = threeTimesToday();
    const page = await openDashboardOnline(parent);

    await page.context().setOffline(true);
    await addBottle(page, now, '2');
    await expect.poll(() => waitingMarks(page).count(), { timeout: 10_000 }).toBe(1);
    expect(await offlineRecords(page)).toEqual({ queryCache: 1, outbox: 1 });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await expect.poll(() => offlineRecords(page), { timeout: 10_000 }).toEqual({ queryCache: 0, outbox: 0 });
  });
});
