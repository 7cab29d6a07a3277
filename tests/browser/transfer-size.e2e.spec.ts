import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { newContext } from './support/chromium';

/**
 * What a phone downloads: the sign-in page's first load, compressed, and a repeat visit, which asks
 * again only for index.html. Counted from Chromium's own network events (bytes on the wire, headers
 * included), as a user on a slow network pays for them.
 */
const FIRST_LOAD_BUDGET = 150 * 1024;
const REPEAT_VISIT_BUDGET = 5 * 1024;

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** Bytes received while loading `path` until the sign-in form shows and the network is quiet. */
async function transferredLoading(page: Page, path: string): Promise<{ bytes: number; responses: { url: string; status: number; headers: Record<string, string> }[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  const responses: { url: string; status: number; headers: Record<string, string> }[] = [];
  page.on('response', (response) => responses.push({ url: response.url(), status: response.status(), headers: response.headers() }));
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: /sign in/i }).first().waitFor();
  await cdp.detach();
  return { bytes, responses };
}

describeInBrowser('what a phone downloads, in Chromium', (suite) => {
  it('loads /auth/login in under 150 KB, compressed, and comes back for under 5 KB', async () => {
    const { server, browser } = suite();
    context = await newContext(browser, server.url);

    const first = await transferredLoading(await context.newPage(), '/auth/login');
    console.log(`first load of /auth/login: ${(first.bytes / 1024).toFixed(1)} KB over ${first.responses.length} responses`);
    const scripts = first.responses.filter((response) => response.url.includes('/assets/') && response.url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // Files under 1 KB gain nothing from compression and are sent as they are.
    expect(scripts.filter((script) => script.headers['content-encoding'] === 'br').length).toBeGreaterThan(0);
    for (const script of scripts) {
      if (script.headers['content-encoding'] !== 'br') expect(Number(script.headers['content-length']), script.url).toBeLessThan(1024);
      expect(script.headers['cache-control'], script.url).toBe('public, max-age=31536000, immutable');
    }
    const page = first.responses.find((response) => response.url.endsWith('/auth/login'))!;
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(first.bytes).toBeLessThan(FIRST_LOAD_BUDGET);

    const repeat = await transferredLoading(await context.newPage(), '/auth/login');
    console.log(`repeat visit of /auth/login: ${(repeat.bytes / 1024).toFixed(1)} KB`);
    expect(repeat.bytes).toBeLessThan(REPEAT_VISIT_BUDGET);
  });
});
