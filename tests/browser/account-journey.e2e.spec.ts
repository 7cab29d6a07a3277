import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { newContext } from './support/chromium';
import { daysBefore, newEmail, parentWithChild, QUIET_AGE_DAYS, signInToDashboard, STRONG_PASSWORD, todayIn } from './support/family';

// The server's clock runs with the wall clock until a test moves it: access tokens expire on it.
let clockOffsetMs = 0;
const MINUTE = 60_000;

let context: BrowserContext | undefined;
afterEach(async () => {
  clockOffsetMs = 0;
  await context?.close();
  context = undefined;
});

describeInBrowser(
  'account journey in Chromium',
  (suite) => {
    async function openPage(): Promise<Page> {
      const { server, browser } = suite();
      context = await newContext(browser, server.url);
      // A missing element should fail the test in seconds, not after Playwright's 30 s.
      context.setDefaultTimeout(10_000);
      return context.newPage();
    }

    it('registers with a referral code, accepts the consent, adds a first child and lands on its dashboard', async () => {
      const page = await openPage();
      const email = newEmail('new-parent');
      const birthDate = daysBefore(todayIn(), QUIET_AGE_DAYS.ten);

      await page.goto('/auth/register');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('What should the family call you?').fill('Maya');
      await page.getByLabel('Referral Code').fill('TEST42');
      const password = page.getByLabel('Password', { exact: true });
      // The meter follows every keystroke: a short lowercase word first, then the real password.
      await password.fill('sleepy');
      await page.getByText('Password strength: Weak').waitFor();
      await password.fill(STRONG_PASSWORD);
      await page.getByText('Password strength: Strong').waitFor();
      await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/onboarding');

      const consent = page.getByRole('dialog', { name: 'Before you begin' });
      await consent.waitFor();
      const accept = consent.getByRole('button', { name: 'Accept & Continue' });
      expect(await accept.isDisabled()).toBe(true);
      await consent.getByRole('checkbox', { name: /I have read and agree/ }).check();
      expect(await accept.isEnabled()).toBe(true);
      await accept.click();
      await consent.waitFor({ state: 'hidden' });

      await page.getByRole('heading', { name: 'Add Your First Child' }).waitFor();
      await page.getByLabel('Display Name').fill('Bean');
      await page.getByLabel('Birth Date').fill(birthDate);
      await page.getByText('1 week, 3 days old').waitFor();
      await page.getByLabel('Sex').selectOption('Female');
      await page.getByRole('button', { name: 'Create Child Profile' }).click();

      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Bean Dashboard' }).waitFor();
      // Onboarding is done on the server too: a new sign-in is not asked to set up again.
      const signedInAgain = await suite().server.call('POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
      expect(signedInAgain.body.user.onboardingCompleted).toBe(true);
      expect(signedInAgain.body.user.displayName).toBe('Maya');
    });

    it('edits a child inline, changes the password, stays signed in across a token refresh, then signs in with the new password', async () => {
      const { server } = suite();
      const { parent } = await parentWithChild(server, 'settings', 'JD');
      const page = await openPage();
      await signInToDashboard(page, parent, 'JD');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
      await page.waitForURL('**/settings');
      await page.getByRole('button', { name: 'Edit JD' }).click();
      const editForm = page.getByRole('form', { name: 'Edit JD' });
      expect(await editForm.getByLabel('Night Sleep Starts').inputValue()).toBe('19:00');
      await editForm.getByLabel('Display Name').fill('Peanut');
      await editForm.getByLabel('Night Sleep Starts').fill('19:30');
      await editForm.getByLabel('Night Sleep Ends').fill('07:00');
      await editForm.getByRole('button', { name: 'Save Changes' }).click();

      const children = page.getByRole('region', { name: 'Children Management' });
      await children.getByRole('article', { name: 'Peanut' }).waitFor();
      expect(await children.getByRole('article', { name: 'JD' }).count()).toBe(0);
      // Opening the editor again shows what the server kept.
      await page.getByRole('button', { name: 'Edit Peanut' }).click();
      const reopened = page.getByRole('form', { name: 'Edit Peanut' });
      expect(await reopened.getByLabel('Night Sleep Starts').inputValue()).toBe('19:30');
      expect(await reopened.getByLabel('Night Sleep Ends').inputValue()).toBe('07:00');
      await reopened.getByRole('button', { name: 'Cancel' }).click();

      const newPassword = 'Bedtime-4-ever';
      await page.getByRole('button', { name: 'Change Password' }).click();
      const passwordForm = page.getByRole('form', { name: 'Change password' });
      await passwordForm.getByLabel('Current Password').fill(parent.password);
      await passwordForm.getByLabel('New Password', { exact: true }).fill(newPassword);
      await passwordForm.getByLabel('Confirm New Password').fill(newPassword);
      await passwordForm.getByRole('button', { name: 'Update Password' }).click();
      await page.getByRole('status').filter({ hasText: 'Password updated successfully!' }).waitFor();

      // The change revoked every session, this one included; the tokens it answered with must
      // carry the parent on. Past the access token's 15 minutes the next read refreshes with them.
      clockOffsetMs = 16 * MINUTE;
      const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
      expect((await refreshed).status()).toBe(200);
      await page.getByRole('heading', { name: 'Peanut Dashboard' }).waitFor();
      await page.getByRole('region', { name: "Today's Summary" }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      // And a reload reads the same session back from storage.
      await page.reload();
      await page.getByRole('heading', { name: 'Peanut Dashboard' }).waitFor();

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/auth/login');

      // The old password no longer opens the account; the new one does.
      await page.getByLabel('Email').fill(parent.email);
      await page.getByLabel('Password').fill(parent.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      await page.getByLabel('Password').fill(newPassword);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Peanut Dashboard' }).waitFor();
    });

    it('refreshes an expired access token and keeps the parent on the page they opened', async () => {
      const { server } = suite();
      const { parent } = await parentWithChild(server, 'refresh', 'Moss', { ageDays: QUIET_AGE_DAYS.ninety });
      const page = await openPage();
      await signInToDashboard(page, parent, 'Moss');

      // Access tokens live 15 minutes on the server's clock.
      clockOffsetMs = 16 * MINUTE;
      const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
      expect((await refreshed).status()).toBe(200);

      await page.getByRole('region', { name: 'Children Management' }).getByRole('article', { name: 'Moss' }).waitFor();
      expect(await page.getByLabel('Current email').innerText()).toBe(parent.email);
      expect(new URL(page.url()).pathname).toBe('/settings');
    });

    it('keeps the parent signed in when the answer to a refresh is lost and the page is reloaded minutes later', async () => {
      const { server } = suite();
      const { parent } = await parentWithChild(server, 'lost-refresh', 'Fern', { ageDays: QUIET_AGE_DAYS.ninety });
      const page = await openPage();
      await signInToDashboard(page, parent, 'Fern');

      // The server rotates the refresh token, and the answer never reaches the page (the signal dropped).
      clockOffsetMs = 16 * MINUTE;
      const lost: number[] = [];
      await page.route(
        '**/api/auth/refresh',
        async (route) => {
          const status = (await route.fetch()).status();
          await route.abort('connectionreset');
          lost.push(status);
        },
        { times: 1 },
      );
      const answered: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/auth/refresh')) answered.push(response.status());
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
      await expect.poll(() => lost, { timeout: 10_000 }).toEqual([200]);
      // Settings opens once the page has its session again (it asks by itself after the lost answer).
      await page.waitForURL('**/settings');

      // Five minutes on, the parent reloads. The page sends the spent token again with its retry key
      // (then, or already when it tried again by itself) and is answered instead of signed out.
      clockOffsetMs = 21 * MINUTE;
      await page.reload();
      await page.getByRole('region', { name: 'Children Management' }).getByRole('article', { name: 'Fern' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/settings');
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.filter((status) => status !== 200)).toEqual([]);
      // The screen could come from the answers saved for offline use: the stored session itself must work.
      const me = await page.evaluate(async () => {
        const { accessToken } = JSON.parse(localStorage.getItem('auth-storage')!).state as { accessToken: string };
        return (await fetch('/api/me', { headers: { authorization: `Bearer ${accessToken}` } })).status;
      });
      expect(me).toBe(200);
    });

    it('keeps two tabs signed in when both find the access token expired at once', async () => {
      const { server } = suite();
      const { parent } = await parentWithChild(server, 'two-tabs', 'Wren', { ageDays: QUIET_AGE_DAYS.ninety });
      const first = await openPage();
      await signInToDashboard(first, parent, 'Wren');
      // A second tab of the same browser shares the stored session.
      const second = await context!.newPage();
      await second.goto('/');
      await second.getByRole('heading', { name: 'Wren Dashboard' }).waitFor();

      // Both tabs refresh at the same moment. Refresh tokens are single-use and a reused one
      // revokes the whole session, so only one tab may spend it; the other takes the new pair.
      clockOffsetMs = 16 * MINUTE;
      const refreshes: number[] = [];
      context!.on('response', (response) => {
        if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
      });
      await Promise.all(
        [first, second].map((page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()),
      );
      for (const page of [first, second]) {
        await page.getByRole('region', { name: 'Children Management' }).getByRole('article', { name: 'Wren' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/settings');
      }
      expect(refreshes).toEqual([200]);
      // The tab that spent the token holds a lock named after it, which every tab sees at once.
      for (const page of [first, second]) {
        const held = await page.evaluate(async () => (await navigator.locks.query()).held?.map((lock) => lock.name));
        expect(held).toEqual([expect.stringMatching(/^nightlight-spent-refresh-token-[0-9a-f]{32}$/)]);
      }

      // The session is still whole: the next expiry refreshes again, from either tab.
      clockOffsetMs = 32 * MINUTE;
      const refreshed = second.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
      await second.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
      expect((await refreshed).status()).toBe(200);
      await second.getByRole('heading', { name: 'Wren Dashboard' }).waitFor();

      // Logout in one tab signs the other out at once, without a click there.
      await second.getByRole('button', { name: 'Logout' }).click();
      await first.waitForURL('**/auth/login');
      await first.getByRole('heading', { name: 'Welcome to Nightlight' }).waitFor();
    });

    it('deletes the account from the Danger Zone, signs out, and the e-mail no longer signs in', async () => {
      const { server } = suite();
      const { parent } = await parentWithChild(server, 'leaving', 'Kit', { ageDays: QUIET_AGE_DAYS.oneHundredFifty });
      const page = await openPage();
      await signInToDashboard(page, parent, 'Kit');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
      const dangerZone = page.getByRole('region', { name: 'Danger Zone' });
      await dangerZone.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Account' });
      // A typo in the confirmation word stops the deletion with the spec's message.
      await dialog.getByLabel('Type DELETE to confirm').fill('delete');
      await dialog.getByLabel('Password').fill(parent.password);
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await dialog.getByText('Please type DELETE to confirm').waitFor();
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      await dialog.getByRole('button', { name: 'Delete My Account' }).click();
      await page.waitForURL('**/auth/login');
      await page.getByRole('heading', { name: 'Welcome to Nightlight' }).waitFor();

      // Signed out: the dashboard sends the visitor back to the sign-in page.
      await page.goto('/');
      await page.waitForURL('**/auth/login');
      await page.getByLabel('Email').fill(parent.email);
      await page.getByLabel('Password').fill(parent.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/login');
    });
  },
  { clock: () => new Date(Date.now() + clockOffsetMs) },
);
