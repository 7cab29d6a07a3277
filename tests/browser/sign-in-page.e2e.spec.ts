import { expect, it } from 'vitest';
import { newContext } from './support/chromium';
import { describeInBrowser } from './support/browser-suite';

describeInBrowser('sign-in page in Chromium', (suite) => {
  it('sends a signed-out visitor of / to the sign-in page', async () => {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    await expect(page.getByRole('heading', { name: 'Welcome to Nightlight' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Sign In' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});
