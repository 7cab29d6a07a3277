import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../api/support/service-process';
import { startTestServer } from '../api/support/test-server';
import { launchChromium, newContext } from '../browser/support/chromium';
import { allScreens, screenCast, signInAs, type Viewer } from '../browser/support/screens';
import buildWebApp from '../browser/web-build.global-setup';

/**
 * Every screen at a phone's 375×812 and a desktop's 1280×800, light and dark, as the browser tests
 * see them (tests/browser/support/screens.ts: a family a few days into tracking, a parent with no
 * child yet, a signed-out visitor), into docs/screenshots/{screen}-{width}-{scheme}.png.
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
  const cast = await screenCast(server);
  const wanted = process.env.SCREENS?.split(',');
  const screens = allScreens(cast).filter((screen) => !wanted || wanted.includes(screen.name));

  for (const [width, height] of SIZES) {
    for (const colorScheme of SCHEMES) {
      // One context per viewer, signed in once; each screen is then a direct load in it.
      const pages = new Map<Viewer, Page>();
      for (const screen of screens) {
        let page = pages.get(screen.viewer);
        if (!page) {
          const context = await newContext(browser, server.url, width, height, colorScheme);
          context.setDefaultTimeout(30_000);
          page = await context.newPage();
          await signInAs(page, screen.viewer, cast);
          pages.set(screen.viewer, page);
        }
        await screen.open(page);
        // Charts finish drawing; the caret of a focused field would blink into the picture.
        await page.waitForTimeout(300);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const file = path.join(OUT, `${screen.name}-${width}-${colorScheme}.png`);
        // A dialog covers the window, not the page under it: the window is the picture.
        const dialog = (await page.getByRole('dialog').count()) > 0;
        await page.screenshot({ path: file, fullPage: !dialog });
        console.log(path.relative(REPO_ROOT, file));
      }
      for (const page of pages.values()) await page.context().close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
