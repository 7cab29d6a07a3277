import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser-suite';
import { newContext } from './support/chromium';
import { registerParent, signIn } from './support/family';
import { twoParentFamily } from './support/two-parents';

const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

describeInBrowser('a family of two parents in Chromium', (suite) => {
  async function openPage(): Promise<Page> {
    const { server, browser } = suite();
    const context = await newContext(browser, server.url);
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    return context.newPage();
  }

  it("shows a feeding one parent logs on the other's open dashboard within a second, without a reload", async () => {
    const { alex, sam } = await twoParentFamily(suite().server);
    const alexPage = await openPage();
    const samPage = await openPage();
    await signIn(alexPage, alex.email, alex.password);
    await signIn(samPage, sam.email, sam.password);
    for (const page of [alexPage, samPage]) {
      await page.getByRole('heading', { name: 'Pip Dashboard' }).waitFor();
      await page.getByRole('heading', { name: 'No activities today' }).waitFor();
    }
    let reloaded = false;
    samPage.on('load', () => (reloaded = true));

    await alexPage.getByRole('button', { name: 'Add Feeding' }).click();
    const feeding = alexPage.getByRole('dialog', { name: 'Add Feeding' });
    await feeding.getByRole('radio', { name: 'Bottle' }).check();
    await feeding.getByRole('radio', { name: 'Formula' }).check();
    await feeding.getByLabel('Amount (oz)').fill('4');
    await feeding.getByRole('button', { name: 'Add Entry' }).click();
    await feeding.waitFor({ state: 'detached' });
    const saved = Date.now();

    await samPage.getByRole('list', { name: "Today's activities" }).getByText('4 oz').waitFor({ timeout: 1000 });
    const shownAfter = Date.now() - saved;
    console.log(`the other parent's dashboard showed the feeding ${shownAfter} ms after it was saved`);
    expect(shownAfter).toBeLessThan(1000);
    expect(reloaded).toBe(false);
    // Alex logged everything there is: no 'by Alex' on it.
    expect(await samPage.getByRole('list', { name: "Today's activities" }).innerText()).not.toContain('by Alex');
  });

  it('lets a signed-in user accept an invitation from its link and land on the child', async () => {
    const { server } = suite();
    const { alex, childId } = await twoParentFamily(server);
    const grandma = await registerParent(server, 'grandma');
    const invitation = await server.call('POST', `/api/children/${childId}/invitations`, { token: alex.token, body: { role: 'caregiver' } });
    const page = await openPage();
    await signIn(page, grandma.email, grandma.password);

    await page.goto(invitation.body.url);
    await page.getByText("Alex invited you to join Pip's family as a caregiver.").waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('heading', { name: 'Pip Dashboard' }).waitFor();

    // A caregiver's Settings show the family, and no parent's controls.
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Family of Pip' });
    // Exact: the member's own name, as the settings screen waits for it, not the letters inside other text.
    await section.getByText('Alex', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Pip' }).count()).toBe(0);
    expect(await section.getByLabel('Invite as').count()).toBe(0);
  });
});
