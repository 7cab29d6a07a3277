import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from '../api/support/service-process';
import { startTestServer } from '../api/support/test-server';
import { launchChromium, newContext } from '../browser/support/chromium';
import { demoFamily } from '../browser/support/demo-family';
import { registerParent, signIn } from '../browser/support/family';
import buildWebApp from '../browser/web-build.global-setup';

/**
 * Every screen at a phone's 375×812 and a desktop's 1280×800, light and dark, from the browser
 * tests' family (tests/browser/support/demo-family.ts), into docs/screenshots/{screen}-{width}-{scheme}.png.
 * `npx tsx tests/bench/screenshots.ts` (builds the web app first when its sources changed);
 * SCREENS=dashboard,settings for some of them.
 */
const OUT = path.join(REPO_ROOT, 'docs/screenshots');
const SIZES = [
  [375, 812],
  [1280, 800],
] as const;
const SCHEMES = ['light', 'dark'] as const;

buildWebApp();
mkdirSync(OUT, { recursive: true });
const server = await startTestServer({}, { webDist: path.join(REPO_ROOT, 'web/dist') });
const browser = await launchChromium();
try {
  const family = await demoFamily(server);
  const newcomer = await registerParent(server, 'newcomer');
  const invitation = await server.call('POST', `/api/children/${family.childId}/invitations`, { token: family.maya.token, body: { role: 'caregiver' } });

  /** How to reach each screen in a fresh context; the page is ready when the returned promise is. */
  const screens: Record<string, (page: Page) => Promise<unknown>> = {
    'sign-in': (page) => page.goto('/auth/login').then(() => page.getByRole('heading', { name: 'Welcome to Nightlight' }).waitFor()),
    register: (page) => page.goto('/auth/register').then(() => page.getByRole('heading', { name: 'Create your account' }).waitFor()),
    join: (page) => page.goto(invitation.body.url).then(() => page.getByText('invited you to join').waitFor()),
    dashboard: async (page) => {
      await signIn(page, family.maya.email, family.maya.password);
      await page.getByRole('list', { name: "Today's activities" }).waitFor();
    },
    'edit-sleep': async (page) => {
      await signIn(page, family.maya.email, family.maya.password);
      await page.goto('/activity');
      await page.getByRole('button', { name: 'Previous day' }).click();
      await page.getByRole('button', { name: 'Edit sleep at 7:30 PM' }).click();
      await page.getByRole('dialog', { name: 'Edit Sleep' }).getByText('Logged by Maya').waitFor();
    },
    activity: async (page) => {
      await signIn(page, family.maya.email, family.maya.password);
      await page.goto('/activity');
      await page.getByRole('button', { name: 'Previous day' }).click();
      await page.getByRole('button', { name: 'Edit sleep at 7:30 PM' }).waitFor();
    },
    insights: async (page) => {
      await signIn(page, family.maya.email, family.maya.password);
      await page.goto('/insights');
      await page.locator('.apexcharts-svg').first().waitFor();
      await page.waitForTimeout(500);
    },
    reports: async (page) => {
      await signIn(page, family.maya.email, family.maya.password);
      await page.goto('/reports');
      await page.locator('.report-sheet .apexcharts-svg').first().waitFor();
    },
    settings: async (page) => {
      await signIn(page, family.maya.email, family.maya.password);
      await page.goto('/settings');
      await page.getByRole('region', { name: 'Family of Pip' }).getByText('Sam').waitFor();
    },
    'no-child': async (page) => {
      await signIn(page, newcomer.email, newcomer.password);
      await page.getByRole('heading', { name: 'No Children Found' }).waitFor();
    },
  };
  const wanted = process.env.SCREENS?.split(',') ?? Object.keys(screens);

  for (const [width, height] of SIZES) {
    for (const colorScheme of SCHEMES) {
      for (const name of wanted) {
        const context: BrowserContext = await newContext(browser, server.url, width, height, colorScheme);
        context.setDefaultTimeout(30_000);
        const page = await context.newPage();
        await screens[name]!(page);
        // Fonts and charts settle; the caret of a focused field would blink into the picture.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const file = path.join(OUT, `${name}-${width}-${colorScheme}.png`);
        // A dialog covers the window, not the page under it: the window is the picture.
        await page.screenshot({ path: file, fullPage: !name.startsWith('edit-') });
        console.log(`${path.relative(REPO_ROOT, file)}`);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
