import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { launchProfileChromium } from './support/chromium';

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

/** The width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describeInBrowser('offline in Chromium', (suite) => {
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
  });
});
