import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { REPO_ROOT } from '../../api/support/service-process';
import { startTestServer, type TestServer } from '../../api/support/test-server';
import { chromiumMissing, launchChromium } from './chromium';

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
}

/**
 * A describe block with the real embedded server (serving the built web app) and Debian's
 * Chromium. Without Chromium it prints one SKIPPED line and registers no tests.
 */
export function describeInBrowser(name: string, body: (suite: () => BrowserSuite) => void, options: { clock?: () => Date } = {}): void {
  const missing = chromiumMissing();
  if (missing) {
    console.log(`SKIPPED ${name}: ${missing}`);
    return;
  }
  describe(name, () => {
    let suite: BrowserSuite;
    beforeAll(async () => {
      const server = await startTestServer({}, { clock: options.clock, webDist: path.join(REPO_ROOT, 'web/dist') });
      suite = { server, browser: await launchChromium() };
    });
    afterAll(async () => {
      await suite?.browser.close();
      await suite?.server.close();
    });
    body(() => suite);
  });
}
