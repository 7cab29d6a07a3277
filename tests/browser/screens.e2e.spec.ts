import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { describeInBrowser } from './support/browser-suite';
import { newContext } from './support/chromium';
import { allScreens, screenCast, signInAs, type Screen, type ScreenCast, type Viewer } from './support/screens';

let contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/**
 * Every screen of the app, with a family's days of data, a parent with no child and a signed-out
 * visitor: each opened by its address (a direct load, as a refresh or a shared link), checked for
 * accessibility with axe-core in both colour schemes at a phone's and a desktop's size, and for
 * anything wider than a 320 px phone. One page load per screen and size carries every check.
 */
describeInBrowser('every screen in Chromium', (suite) => {
  let cast: ScreenCast;
  beforeAll(async () => {
    cast = await screenCast(suite().server);
  });

  /** One context per viewer, signed in once; each screen is then a direct load in it. */
  async function pagesFor(width: number, height: number, colorScheme: 'light' | 'dark'): Promise<Record<Viewer, Page>> {
    const { server, browser } = suite();
    const pages = {} as Record<Viewer, Page>;
    for (const viewer of ['signed-out', 'parent', 'no-child'] as const) {
      const context = await newContext(browser, server.url, width, height, colorScheme);
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      pages[viewer] = await context.newPage();
      await signInAs(pages[viewer], viewer, cast);
    }
    return pages;
  }

  async function eachScreen(width: number, height: number, colorScheme: 'light' | 'dark', check: (page: Page, screen: Screen) => Promise<void>) {
    const pages = await pagesFor(width, height, colorScheme);
    for (const screen of allScreens(cast)) {
      const page = pages[screen.viewer];
      await screen.open(page);
      await check(page, screen);
    }
  }

  for (const [width, height] of [
    [375, 812],
    [1280, 800],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`has no axe violations on any screen at ${width}×${height}, ${colorScheme}`, async () => {
        const found: string[] = [];
        await eachScreen(width, height, colorScheme, async (page, screen) => {
          for (const violation of await axeViolations(page)) found.push(`${screen.name}: ${violation.id} (${violation.help}) on ${violation.nodes.join(', ')}`);
        });
        expect(found).toEqual([]);
      });
    }
  }

  it('fits every screen in a 320 px phone, wide tables scrolling inside their card with a hint and a keyboard stop', async () => {
    const wider: string[] = [];
    await eachScreen(320, 640, 'light', async (page, screen) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) wider.push(`${screen.name}: ${overflow} px too wide`);
      if (screen.name !== 'insights') return;
      // The daily summaries do not fit: they scroll, say so, and take keyboard focus to be scrolled.
      const region = page.getByRole('region', { name: 'Scrollable table of the days' });
      expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await region.getAttribute('tabindex')).toBe('0');
      await page.getByText('Scroll sideways for more →').waitFor();
    });
    expect(wider).toEqual([]);
  });

  it('styles Settings on a direct load as after a visit to the dashboard, and has Reports in the main navigation', async () => {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url);
    contexts.push(context);
    const page = await context.newPage();
    await signInAs(page, 'parent', cast);
    // Straight to Settings, as a refresh there would: no other screen's styles were loaded.
    await page.goto('/settings');
    const units = page.getByRole('form', { name: 'Units' });
    await units.waitFor();
    const looks = await units.evaluate((form) => {
      const option = form.querySelector('.choice-option')!;
      const input = option.querySelector('input')!;
      const fieldset = form.querySelector('fieldset')!;
      return {
        options: getComputedStyle(option.parentElement!).display,
        radius: getComputedStyle(option).borderRadius,
        radioOpacity: getComputedStyle(input).opacity,
        fieldsetBorder: getComputedStyle(fieldset).borderTopStyle,
      };
    });
    // Chips in a row, the native radio hidden under them, no grey fieldset frame.
    expect(looks).toEqual({ options: 'flex', radius: '8px', radioOpacity: '0', fieldsetBorder: 'none' });

    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('button').allInnerTexts()).toEqual(['Dashboard', 'Activity', 'Insights', 'Reports', 'Settings']);
    await nav.getByRole('button', { name: 'Reports' }).click();
    await page.getByRole('heading', { level: 1, name: 'Weekly Reports' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
  });
});
