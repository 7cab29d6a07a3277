import type { BrowserContext } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { newContext } from './support/chromium';
import { daysBefore, newEmail, QUIET_AGE_DAYS, STRONG_PASSWORD, todayIn } from './support/family';

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describeInBrowser('research consent in Chromium', (suite) => {
  it('is asked in the consent dialog, given with the first child, and changed per child in Settings, as the API answers', async () => {
    const { server, browser } = suite();
    context = await newContext(browser, server.url);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const email = newEmail('research-parent');

    await page.goto('/auth/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('What should the family call you?').fill('Robin');
    await page.getByLabel('Referral Code').fill('TEST42');
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/onboarding');

    const consent = page.getByRole('dialog', { name: 'Before you begin' });
    await consent.getByRole('heading', { name: 'Research (optional)' }).waitFor();
    const share = consent.getByRole('checkbox', { name: "Share my child's anonymised data for research (optional)" });
    expect(await share.isChecked()).toBe(false);
    // Research is optional: the dialog can be accepted without it. This parent agrees.
    await consent.getByRole('checkbox', { name: /I have read and agree/ }).check();
    expect(await consent.getByRole('button', { name: 'Accept & Continue' }).isEnabled()).toBe(true);
    await share.check();
    await consent.getByRole('button', { name: 'Accept & Continue' }).click();
    await consent.waitFor({ state: 'hidden' });

    await page.getByLabel('Display Name').fill('Bean');
    await page.getByLabel('Birth Date').fill(daysBefore(todayIn(), QUIET_AGE_DAYS.ten));
    await page.getByLabel('Sex').selectOption('Female');
    await page.getByRole('button', { name: 'Create Child Profile' }).click();
    await page.getByRole('heading', { name: 'Bean Dashboard' }).waitFor();

    const signedIn = await server.call('POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
    const childOf = async () => (await server.call('GET', '/api/children', { token: signedIn.body.accessToken })).body[0];
    expect(await childOf()).toMatchObject({ displayName: 'Bean', researchConsent: true });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    const research = page.getByRole('region', { name: 'Research for Bean' });
    const setting = research.getByRole('checkbox', { name: "Share Bean's anonymised data for research into infant feeding and sleep" });
    await setting.waitFor();
    expect(await setting.isChecked()).toBe(true);

    const saved = page.waitForResponse((response) => response.url().endsWith('/research-consent') && response.request().method() === 'PUT');
    await setting.uncheck();
    expect((await saved).status()).toBe(200);
    await research.getByRole('checkbox', { checked: false }).waitFor();
    expect(await childOf()).toMatchObject({ researchConsent: false });

    // What the server kept is what the page shows after a reload.
    await page.reload();
    await page.getByRole('region', { name: 'Research for Bean' }).getByRole('checkbox').waitFor();
    expect(await page.getByRole('region', { name: 'Research for Bean' }).getByRole('checkbox').isChecked()).toBe(false);
    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.waitForURL('**/privacy');
    // Exact: Settings' own 'Research for Bean' heading must not stand in for the policy's.
    await page.getByRole('heading', { name: 'Research', exact: true }).waitFor();
    expect(await page.getByText('Nothing of a child is shared without a yes from a parent').count()).toBe(1);
  });
});
