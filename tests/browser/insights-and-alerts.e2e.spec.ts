import type { BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, newContext } from './support/chromium';
import { addChild, daysBefore, logBottle, logSleep, QUIET_AGE_DAYS, registerParent, settle, signIn, signInToDashboard, todayIn, zonedInstant } from './support/family';

// The server's clock runs with the wall clock until a test moves it: snoozes last 24 hours on it.
let clockOffsetMs = 0;
const serverNow = () => new Date(Date.now() + clockOffsetMs);
const HOUR = 60 * 60_000;

let context: BrowserContext | undefined;
afterEach(async () => {
  clockOffsetMs = 0;
  await context?.close();
  context = undefined;
});

/** A local date as the insights label it: 'Fri, Nov 20' on the axis and in the table. */
function shortDay(localDate: string): string {
  return new Date(`${localDate}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The tooltip title: 'Friday, November 20, 2026'. */
function fullDay(localDate: string): string {
  return new Date(`${localDate}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Points at a chart's data point, as a person hovering it would, and reads the tooltip. The
 * pointer goes to the point's column halfway up the plot: a point on the plot's top edge (the
 * week's highest value) would leave the pointer outside the area the chart listens on.
 */
async function hoverPoint(page: Page, chart: Locator, index: number, date: string): Promise<string> {
  const point = await chart.locator(`.apexcharts-marker[j="${index}"]`).first().boundingBox();
  const plot = await chart.locator('.apexcharts-inner').boundingBox();
  if (!point || !plot) throw new Error(`no point ${index} drawn`);
  await page.mouse.move(point.x + point.width / 2, plot.y + plot.height / 2);
  const tooltip = chart.locator('.apexcharts-tooltip');
  await expect.poll(() => tooltip.locator('.apexcharts-tooltip-title').innerText()).toBe(fullDay(date));
  return (await tooltip.locator('.apexcharts-tooltip-text-y-value').innerText()).trim();
}

const isAlertOf = (childId: string, response: Response) =>
  response.request().method() === 'GET' && new URL(response.url()).pathname === `/api/milestone-alerts/${childId}`;

/** The next answer to the dashboard's question about the child's alert. */
const nextAlertAnswer = (page: Page, childId: string) => page.waitForResponse((response) => isAlertOf(childId, response));

/**
 * Resolves once the server answers that the child has no active alert. The 'shown' call's refetch
 * may still answer 200 in between, so this waits for the 404 rather than the next answer.
 */
const noActiveAlert = (page: Page, childId: string) =>
  page.waitForResponse((response) => isAlertOf(childId, response) && response.status() === 404);

/**
 * How many API calls the page has sent and not yet heard back from (the live stream, which stays
 * open, aside). The server's clock may only move once this is 0: a call it answers after the move
 * gets a 401 and starts a refresh, and a reload that cuts that refresh short loses the new tokens.
 */
function countOpenApiCalls(page: Page): () => number {
  const open = new Set<Request>();
  const isApiCall = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && !pathname.endsWith('/live');
  };
  page.on('request', (request) => isApiCall(request) && open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

describeInBrowser(
  'insights and milestone alerts in Chromium',
  (suite) => {
    async function openPage(width = 375, height = 812): Promise<Page> {
      const { server, browser } = suite();
      context = await newContext(browser, server.url, width, height);
      context.setDefaultTimeout(10_000);
      return context.newPage();
    }

    it('records a check-up on the Insights page and charts it against the WHO curves of the child’s sex', async () => {
      const { server } = suite();
      const parent = await registerParent(server, 'growth');
      // Chromium's locale is en-US: this parent measures in kilograms and centimetres all the same.
      expect((await server.call('PATCH', '/api/me', { token: parent.token, body: { units: { volume: 'mL', growth: 'metric' } } })).status).toBe(200);
      await addChild(server, parent, 'Ivy', daysBefore(todayIn(), QUIET_AGE_DAYS.ninety));
      await settle(server);
      const page = await openPage(375, 812);
      await signIn(page, parent.email, parent.password);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Insights' }).click();
      const growth = page.getByRole('region', { name: 'Growth' });
      await growth.getByText(/No measurements yet/).waitFor();

      await growth.getByLabel('Weight (kg)').fill('5.6');
      await growth.getByLabel('Length (cm)').fill('59.5');
      await growth.getByRole('button', { name: 'Add Measurement' }).click();

      const row = growth.getByRole('table', { name: 'Measurements' }).getByRole('row').nth(1);
      await row.waitFor();
      const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
      // A girl of 90 days: 5.6 kg is at the 38.3rd percentile, 59.5 cm at the 46.5th (domain who-percentiles.ts).
      expect(cells.slice(0, 3)).toEqual(['2 mo', '5.6 kg (38th)', '59.5 cm (47th)']);
      // Five WHO curves and the child's own series.
      const chart = growth.locator('.apexcharts-canvas');
      await chart.locator('svg.apexcharts-svg').waitFor();
      await growth.getByText('Weight for age (WHO)').waitFor();
      expect(await chart.locator('.apexcharts-series').count()).toBe(6);
      await growth.screenshot({ path: artifactPath('insights-375-growth.png') });
    });

    it("charts a logged week and sums each day's bottles in the Daily Summaries", async () => {
      const { server } = suite();
      const parent = await registerParent(server, 'insights');
      const childId = await addChild(server, parent, 'Olive', daysBefore(todayIn(), QUIET_AGE_DAYS.ninety));
      // Three past days of bottles every four hours, and two nights (the night of D runs into D+1).
      const today = todayIn();
      const [d3, d2, d1] = [daysBefore(today, 3), daysBefore(today, 2), daysBefore(today, 1)];
      const bottles: [string, number[]][] = [
        [d3, [3, 3.5, 4]],
        [d2, [4, 4, 4.5]],
        [d1, [5, 5, 4.5]],
      ];
      for (const [day, amounts] of bottles) {
        for (const [index, oz] of amounts.entries()) {
          await logBottle(server, parent, childId, zonedInstant(day, ['08:00', '12:00', '16:00'][index]!), oz);
        }
      }
      await logSleep(server, parent, childId, zonedInstant(d3, '19:30'), 390);
      await logSleep(server, parent, childId, zonedInstant(d2, '02:30'), 240);
      await logSleep(server, parent, childId, zonedInstant(d2, '20:00'), 480);
      await settle(server);

      const page = await openPage(1280, 900);
      await signIn(page, parent.email, parent.password);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Insights' }).click();
      await page.getByRole('heading', { name: "Olive's Insights" }).waitFor();
      await page.getByText('Data-driven insights from feeding and sleep patterns').waitFor();

      const charts = page.locator('.apexcharts-canvas');
      await charts.nth(1).locator('svg.apexcharts-svg').waitFor();
      expect(await charts.count()).toBe(2);
      await page.getByText('Total oz per Day', { exact: true }).waitFor();
      await page.getByText('Longest Night Stretch', { exact: true }).waitFor();
      // The week runs oldest to newest: today is the last of seven points, D-3 the fourth.
      const axis = await charts.first().locator('.apexcharts-xaxis-label').allTextContents();
      expect(axis).toEqual([6, 5, 4, 3, 2, 1, 0].map((back) => shortDay(daysBefore(today, back))));

      const [ounces, nights] = [charts.nth(0), charts.nth(1)];
      expect(await hoverPoint(page, ounces, 3, d3)).toBe('10.5 oz');
      expect(await hoverPoint(page, ounces, 4, d2)).toBe('12.5 oz');
      expect(await hoverPoint(page, ounces, 5, d1)).toBe('14.5 oz');
      // Today has nothing logged yet: a gap, as in the night stretch's line, not a point at 0 oz.
      expect(await hoverPoint(page, nights, 3, d3)).toBe('6.5 h');
      expect(await hoverPoint(page, nights, 4, d2)).toBe('8.0 h');

      const table = page.getByRole('region', { name: 'Daily Summaries' });
      const rowOf = async (day: string) => {
        const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: shortDay(day), exact: true }) });
        return (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
      };
      // Date | Total oz | Feeds | Day Sleep | Night Sleep | Bedtime | First Stretch
      expect(await rowOf(d3)).toEqual(['10.5', '4.0 h avg', '0.0 h', '10.5 h', '7:30 PM', '6.5 h']);
      expect(await rowOf(d2)).toEqual(['12.5', '4.0 h avg', '0.0 h', '8.0 h', '8:00 PM', '8.0 h']);
      expect((await rowOf(d1)).slice(0, 2)).toEqual(['14.5', '4.0 h avg']);
      expect(await table.getByRole('row').count()).toBe(8);
    });

    it('shows a lone night on the Longest Night Stretch chart with a marker and its value', async () => {
      const { server } = suite();
      const parent = await registerParent(server, 'one-night');
      const childId = await addChild(server, parent, 'Ada', daysBefore(todayIn(), QUIET_AGE_DAYS.ninety));
      const d2 = daysBefore(todayIn(), 2);
      await logSleep(server, parent, childId, zonedInstant(d2, '20:00'), 90);
      await settle(server);

      const page = await openPage(1280, 900);
      await signIn(page, parent.email, parent.password);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Insights' }).click();
      const nights = page.locator('.apexcharts-canvas').nth(1);
      await nights.locator('svg.apexcharts-svg').waitFor();
      await nights.locator('.apexcharts-datalabels').getByText('1.5 h').waitFor();
      // The marker apexcharts draws for that one point, with a size a finger can find.
      const markers = nights.locator('.apexcharts-marker');
      await expect.poll(() => markers.count()).toBeGreaterThan(0);
      const box = await markers.first().boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(4);
    });

    it("opens a 3-week-old's milestone alert by itself; 'Remind Me Later' snoozes it, 'Got It' ends it", async () => {
      const { server } = suite();
      const parent = await registerParent(server, 'alerts');
      // 24 days old: the one-week warning before 1 month is open, whatever the month's length.
      const birthDate = daysBefore(todayIn(serverNow()), 24);
      const adaId = await addChild(server, parent, 'Ada', birthDate);
      const boId = await addChild(server, parent, 'Bo', birthDate);
      await settle(server);

      const page = await openPage();
      const openApiCalls = countOpenApiCalls(page);
      await signInToDashboard(page, parent, 'Ada');
      const alert = page.getByRole('dialog', { name: 'Coming up next week: 1 month' });
      await alert.waitFor();
      expect(await alert.getByText('3–4 oz (90–120 mL)').count()).toBe(1);

      const snoozed = noActiveAlert(page, adaId);
      await alert.getByRole('button', { name: 'Remind Me Later' }).click();
      await alert.waitFor({ state: 'detached' });
      await snoozed;

      // After a reload the dashboard asks again, hears there is nothing active, and opens nothing.
      let answer = nextAlertAnswer(page, adaId);
      await page.reload();
      expect((await answer).status()).toBe(404);
      await page.getByRole('heading', { name: 'Ada Dashboard' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);

      answer = nextAlertAnswer(page, boId);
      await page.getByLabel('Child').selectOption({ label: 'Bo' });
      await page.getByRole('heading', { name: 'Bo Dashboard' }).waitFor();
      expect((await answer).status()).toBe(200);
      await alert.waitFor();
      const dismissed = noActiveAlert(page, boId);
      await alert.getByRole('button', { name: 'Got It' }).click();
      await alert.waitFor({ state: 'detached' });
      await dismissed;

      // A day later the snooze is over and Ada's alert is back, but Bo's stays dismissed.
      await expect.poll(openApiCalls).toBe(0);
      clockOffsetMs = 25 * HOUR;
      await page.reload();
      await page.getByRole('heading', { name: 'Ada Dashboard' }).waitFor();
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Got It' }).click();
      await alert.waitFor({ state: 'detached' });
      answer = nextAlertAnswer(page, boId);
      await page.getByLabel('Child').selectOption({ label: 'Bo' });
      await page.getByRole('heading', { name: 'Bo Dashboard' }).waitFor();
      expect((await answer).status()).toBe(404);
      expect(await page.getByRole('dialog').count()).toBe(0);
    });
  },
  { clock: serverNow },
);
