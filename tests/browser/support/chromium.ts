import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { REPO_ROOT } from '../../api/support/service-process';
import { ZONE } from './zone';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'tests/artifacts');

/** Why browser tests cannot run here, or null when Debian's Chromium is installed. */
export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM_PATH) ? null : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium, headless, with nothing that calls out to the network on its own. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Chromium with a profile of its own in a new temporary folder, as a phone's browser is: the contexts
 * of launchChromium are incognito, where no web app can be installed. Closing the context removes
 * the folder.
 */
export async function launchProfileChromium(baseURL: string): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(tmpdir(), 'nightlight-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 375, height: 812 },
    timezoneId: ZONE,
    locale: 'en-US',
  });
  // The browser may still be writing to it as the context closes: a folder left in /tmp harms nobody.
  context.on('close', () => rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(() => undefined));
  return context;
}

/** A phone-sized or desktop-sized page context that keeps its own localStorage. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  width = 375,
  height = 812,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width, height }, timezoneId: ZONE, locale: 'en-US', colorScheme });
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return path.join(ARTIFACTS_DIR, name);
}
