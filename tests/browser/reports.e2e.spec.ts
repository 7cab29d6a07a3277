import { writeFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { reportWeek } from '@nightlight/domain/reports/report-week.fixture';
import { instantOfLocal } from '@nightlight/domain/time/zoned-time';
import { describeInBrowser } from './support/browser-suite';
import { artifactPath, newContext } from './support/chromium';
import { addChild, registerParent, settle, signIn, ZONE, type Parent } from './support/family';

/**
 * The pediatrician's report in Chromium: the fixture week (domain/src/reports/report-week.fixture.ts)
 * logged over HTTP, read on /reports, then printed to PDF on A4 and US Letter. The figures are the
 * ones computed by hand in the domain and API tests, written here again as a parent reads them.
 */

// 12:00 on Monday 8 June 2026 in the tests' zone for the server, after the fixture week's last
// night; the browser reads 23:30 on Sunday 7 June, so 'Last 7 days', today with them, is Monday 1
// to Sunday 7 June, the fixture week. The server's clock runs on from there.
const START = instantOfLocal('2026-06-08', '12:00', ZONE).getTime();
const BROWSER_NOW = instantOfLocal('2026-06-07', '23:30', ZONE).getTime();
const startedAt = Date.now();
const serverNow = () => new Date(START + (Date.now() - startedAt));

const NAVIGATION = ['Dashboard', 'Activity', 'Insights', 'Reports', 'Settings', 'Logout'];

/** The figures table as a parent reads it in ounces: label, average per day, lowest – highest. */
const FIGURES = [
  ['Feeds', '5.3', '4–7'],
  ['Bottle amount', '16.3 oz', '8.0–22.0 oz'],
  ['Wet diapers', '5.5', '4–7'],
  ['Dirty diapers', '1.7', '0–3'],
  ['Day sleep', '2h 37m', '2h 0m – 3h 0m'],
  ['Night sleep', '10h 25m', '10h 0m – 11h 0m'],
];

/** What the printed page must say, each line as it reads. */
const PRINTED_LINES = [
  'JB: feeding and sleep report',
  'Age: 2 months 30 days (on Jun 7, 2026)',
  'Range: Jun 1, 2026 – Jun 7, 2026 (7 days)',
  'Per day over the 6 of 7 days with entries; days with nothing logged are left out.',
  ...FIGURES.map((row) => row.join(' ')),
  'Longest night stretch: 8h 10m (night of Jun 5, 2026)',
  'Feeds per day',
  'Sleep per day (hours)',
  // 5.6 kg and 59.5 cm, read in pounds and inches: the browser's language (en-US) for a parent who chose no units.
  'Jun 6, 2026 90 days 12.35 lb (38th) 23.43 in (47th) -',
  'Age group 2 months',
  'Amount per feeding 4–5 oz (120–150 mL)',
  'Feedings per day 6–7',
  'Tracking only: this is not medical advice; ask your pediatrician.',
];

/** The text of each page of a PDF, runs of white space as one space. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join(' ');
    pages.push(text.replace(/\s+/g, ' ').trim());
  }
  await document.destroy();
  return pages;
}

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describeInBrowser(
  'the pediatrician report in Chromium',
  (suite) => {
    let parent: Parent;

    beforeAll(async () => {
      const { server } = suite();
      parent = await registerParent(server, 'report');
      // A girl born on 8 March 2026: 90 days old on Saturday 6 June, when she is measured.
      const childId = await addChild(server, parent, 'JB', '2026-03-08');
      const post = async (path: string, body: object) => {
        const answer = await server.call('POST', path, { token: parent.token, body: { childId, ...body } });
        if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      };
      const week = reportWeek('2026-06-01', ZONE);
      for (const { startedAt, endedAt, amountOz, method } of week.feedings) await post('/api/feedings', { startedAt, endedAt, amountOz, method });
      for (const { startedAt, endedAt } of week.sleeps) await post('/api/sleep', { startedAt, endedAt });
      for (const { occurredAt, contents } of week.diapers) await post('/api/diapers', { occurredAt, contents });
      await post('/api/growth', { measuredOn: '2026-06-06', weightKg: 5.6, lengthCm: 59.5 });
      await settle(server);
    });

    /** /reports for the parent, on a browser whose clock reads the server's. */
    async function openReport(width: number, height: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
      const { server, browser } = suite();
      context = await newContext(browser, server.url, width, height, colorScheme);
      context.setDefaultTimeout(10_000);
      await context.clock.setFixedTime(new Date(BROWSER_NOW));
      const page = await context.newPage();
      await signIn(page, parent.email, parent.password);
      await page.goto('/reports');
      await page.getByRole('article', { name: 'JB: feeding and sleep report' }).waitFor();
      // Both charts drawn, so the printed page has them.
      await expect.poll(() => page.locator('.report-chart svg.apexcharts-svg').count()).toBe(2);
      return page;
    }

    it("shows the week's figures, charts, growth and the feeding guide for the age", async () => {
      const page = await openReport(1280, 900);
      await page.getByRole('heading', { name: 'Weekly Reports', level: 1 }).waitFor();
      const sheet = page.getByRole('article', { name: 'JB: feeding and sleep report' });
      await sheet.getByText('Age: 2 months 30 days (on Jun 7, 2026)').waitFor();
      await sheet.getByText('Range: Jun 1, 2026 – Jun 7, 2026 (7 days)').waitFor();

      const rowsOf = async (name: string) => {
        const rows = sheet.getByRole('table', { name }).getByRole('row');
        const texts: string[][] = [];
        for (const row of (await rows.all()).slice(1)) texts.push((await row.locator('th, td').allInnerTexts()).map((text) => text.trim()));
        return texts;
      };
      expect(await rowsOf('Figures per day')).toEqual(FIGURES);
      await sheet.getByText('Longest night stretch: 8h 10m (night of Jun 5, 2026)').waitFor();
      expect(await rowsOf('Growth measurements')).toEqual([['Jun 6, 2026', '90 days', '12.35 lb (38th)', '23.43 in (47th)', '-']]);

      const guide = sheet.getByRole('region', { name: 'Feeding guide for this age' });
      expect((await guide.locator('dd').allInnerTexts()).slice(0, 3)).toEqual(['2 months', '4–5 oz (120–150 mL)', '6–7']);
      await sheet.getByText('Tracking only: this is not medical advice; ask your pediatrician.').waitFor();

      // A bar per date, as tall as its feeds (5, 6, 4, -, 7, 5, 5); Thursday 4 June has nothing logged and no bar.
      const feedBars = await sheet.locator('.report-chart').first().locator('.apexcharts-bar-area').all();
      const heights = await Promise.all(feedBars.map(async (bar) => Math.round((await bar.boundingBox())?.height ?? 0)));
      expect(heights).toHaveLength(7);
      expect(heights[3]).toBe(0);
      const [mon, tue, wed, , fri, sat, sun] = heights as [number, number, number, number, number, number, number];
      expect([sat, sun]).toEqual([mon, mon]);
      expect(wed).toBeGreaterThan(0);
      expect(wed).toBeLessThan(mon);
      expect(mon).toBeLessThan(tue);
      expect(tue).toBeLessThan(fri);
      // 4 feeds are four sevenths of 7, to the pixel.
      expect(Math.abs(wed - (fri * 4) / 7)).toBeLessThanOrEqual(1);
      await page.screenshot({ path: artifactPath('reports-1280.png'), fullPage: true });
    });

    it('prints to one page of A4 and one of US Letter with the figures and without navigation or buttons', async () => {
      const page = await openReport(1280, 900);
      await page.emulateMedia({ media: 'print' });
      for (const format of ['A4', 'Letter'] as const) {
        const pdf = await page.pdf({ format });
        writeFileSync(artifactPath(`report-${format.toLowerCase()}.pdf`), pdf);
        const pages = await pdfPages(pdf);
        expect(pages, format).toHaveLength(1);
        const text = pages[0]!;
        for (const line of PRINTED_LINES) expect(text, `${format}: ${line}`).toContain(line);
        expect(text).not.toContain('Print or save as PDF');
        expect(text).not.toContain('Weekly Reports');
        expect(text).not.toContain('Last 7 days');
        for (const label of NAVIGATION) expect(text, `${format}: ${label}`).not.toContain(label);
      }
      await page.screenshot({ path: artifactPath('reports-print.png'), fullPage: true });
    });

    it('prints from a dark phone-sized window too: black on white, on one page', async () => {
      const page = await openReport(375, 812, 'dark');
      const colours = () =>
        page.evaluate(() => {
          const title = document.querySelector('.report-title')!;
          return [getComputedStyle(document.body).backgroundColor, getComputedStyle(title).color];
        });
      // The screen's dark palette: light text on a dark page.
      expect(await colours()).not.toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)']);
      await page.emulateMedia({ media: 'print' });
      expect(await colours()).toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)']);
      const pages = await pdfPages(await page.pdf({ format: 'Letter' }));
      expect(pages).toHaveLength(1);
      expect(pages[0]).toContain('Bottle amount 16.3 oz 8.0–22.0 oz');
    });

    it("calls the browser's print from 'Print or save as PDF'", async () => {
      const page = await openReport(1280, 900);
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.getByRole('button', { name: 'Print or save as PDF' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    });
  },
  { clock: serverNow },
);
