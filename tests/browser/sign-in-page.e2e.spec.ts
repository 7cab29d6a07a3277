import { expect, it } from 'vitest';
import { newContext } from './support/chromium';
import { describeInBrowser } from './support/browser-suite';
import { parentWithChild } from './support/family';

describeInBrowser('sign-in page in Chromium', (suite) => {
  it('sends a signed-out visitor of / to the sign-in page', async () => {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    // The address changes before the sign-in screen has rendered (it is loaded apart): wait for it.
    await page.getByRole('heading', { name: 'Welcome to Nightlight' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Welcome to Nightlight' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('can be used from the keyboard alone: skip link, titles, focus on the new screen', async () => {
    const { server, browser } = suite();
    const { parent } = await parentWithChild(server, 'keyboard', 'Fern');
    const context = await newContext(browser, server.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Welcome to Nightlight' }).waitFor();
    expect(await page.title()).toBe('Sign In · Nightlight');

    // The first Tab reaches the skip link, visible once focused.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    await page.keyboard.press('Tab');
    await page.keyboard.type(parent.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(parent.password);
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/');
    const heading = page.getByRole('heading', { level: 1, name: 'Fern Dashboard' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.title()).toBe('Dashboard · Nightlight');
    await context.close();
  });
});
