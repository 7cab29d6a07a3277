import { expect, it } from 'vitest';
import { newContext } from './support/chromium';
import { describeInBrowser } from './support/browser-suite';

describeInBrowser('the API reference page in Chromium', (suite) => {
  it('shows every group of routes under the edge\'s Content-Security-Policy, asking nothing of another origin', async () => {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url, 1280, 900);
    const page = await context.newPage();
    const refused: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    page.on('pageerror', (error) => refused.push(error.message));
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(server.url).origin && !request.url().startsWith('data:')) elsewhere.push(request.url());
    });
    await page.goto('/api/docs');
    await page.getByText('Nightlight API', { exact: false }).first().waitFor();
    await page.getByText('Log a feeding').first().waitFor();
    for (const tag of ['Accounts', 'Children', 'Families', 'Feedings', 'Timers', 'Insights', 'Growth', 'Milestone alerts']) {
      await expect(page.locator(`[data-tag="${tag}"]`).count(), tag).resolves.toBeGreaterThan(0);
    }
    expect(refused).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });
});
