import type { Page } from 'playwright-core';
import type { TestServer } from '../../api/support/test-server';
import { demoFamily, type DemoFamily } from './demo-family';
import { registerParent, signIn, type Parent } from './family';

/** Who a screen is seen as: nobody, a parent of the demo family, or a parent with no child yet. */
export type Viewer = 'signed-out' | 'parent' | 'no-child';

export interface Screen {
  name: string;
  viewer: Viewer;
  /** Opens the screen by its address (a direct load) and waits until it shows what it is for. */
  open(page: Page): Promise<unknown>;
}

/** The people and the invitation the screens are seen with. */
export interface ScreenCast {
  family: DemoFamily;
  newcomer: Parent;
  invitationUrl: string;
}

export async function screenCast(server: TestServer): Promise<ScreenCast> {
  const family = await demoFamily(server);
  const newcomer = await registerParent(server, 'newcomer');
  const invitation = await server.call('POST', `/api/children/${family.childId}/invitations`, { token: family.maya.token, body: { role: 'caregiver' } });
  return { family, newcomer, invitationUrl: invitation.body.url };
}

/** Signs the page in as the viewer, unless it is signed out. */
export async function signInAs(page: Page, viewer: Viewer, cast: ScreenCast): Promise<void> {
  if (viewer === 'parent') await signIn(page, cast.family.maya.email, cast.family.maya.password);
  if (viewer === 'no-child') await signIn(page, cast.newcomer.email, cast.newcomer.password);
}

/** The day before today in the activity log, where last night's sleep from 7:30 PM is. */
async function openYesterday(page: Page) {
  await page.goto('/activity');
  await page.getByRole('button', { name: 'Previous day' }).click();
  await page.getByRole('button', { name: 'Edit sleep at 7:30 PM' }).waitFor();
}

/** Every screen of the app, each as a parent reaches it with its data loaded, dialogs over data too. */
export function allScreens(cast: ScreenCast): Screen[] {
  return [
    { name: 'sign-in', viewer: 'signed-out', open: (page) => page.goto('/auth/login').then(() => page.getByRole('heading', { name: 'Welcome to Nightlight' }).waitFor()) },
    { name: 'register', viewer: 'signed-out', open: (page) => page.goto('/auth/register').then(() => page.getByRole('heading', { name: 'Create your account' }).waitFor()) },
    { name: 'join', viewer: 'signed-out', open: (page) => page.goto(cast.invitationUrl).then(() => page.getByText('Maya invited you to join').waitFor()) },
    { name: 'privacy', viewer: 'signed-out', open: (page) => page.goto('/privacy').then(() => page.getByRole('heading', { level: 1 }).waitFor()) },
    { name: 'dashboard', viewer: 'parent', open: (page) => page.goto('/').then(() => page.getByRole('list', { name: "Today's activities" }).waitFor()) },
    {
      name: 'add-feeding',
      viewer: 'parent',
      open: async (page) => {
        await page.goto('/');
        await page.getByRole('list', { name: "Today's activities" }).waitFor();
        await page.getByRole('button', { name: 'Add Feeding' }).click();
        await page.getByRole('dialog', { name: 'Add Feeding' }).waitFor();
      },
    },
    { name: 'activity', viewer: 'parent', open: openYesterday },
    {
      name: 'edit-sleep',
      viewer: 'parent',
      open: async (page) => {
        await openYesterday(page);
        await page.getByRole('button', { name: 'Edit sleep at 7:30 PM' }).click();
        await page.getByRole('dialog', { name: 'Edit Sleep' }).getByText('Logged by Maya').waitFor();
      },
    },
    {
      name: 'insights',
      viewer: 'parent',
      open: async (page) => {
        await page.goto('/insights');
        await page.locator('.apexcharts-svg').nth(2).waitFor();
        await page.getByRole('table', { name: 'Measurements' }).waitFor();
      },
    },
    { name: 'reports', viewer: 'parent', open: (page) => page.goto('/reports').then(() => page.locator('.report-sheet .apexcharts-svg').nth(1).waitFor()) },
    { name: 'settings', viewer: 'parent', open: (page) => page.goto('/settings').then(() => page.getByRole('region', { name: 'Family of Pip' }).getByText('Sam', { exact: true }).waitFor()) },
    { name: 'no-child', viewer: 'no-child', open: (page) => page.goto('/').then(() => page.getByRole('heading', { name: 'No Children Found' }).waitFor()) },
    { name: 'no-child-activity', viewer: 'no-child', open: (page) => page.goto('/activity').then(() => page.getByRole('heading', { name: 'No Children Found' }).waitFor()) },
    { name: 'no-child-insights', viewer: 'no-child', open: (page) => page.goto('/insights').then(() => page.getByRole('heading', { name: 'No Children Found' }).waitFor()) },
    { name: 'no-child-reports', viewer: 'no-child', open: (page) => page.goto('/reports').then(() => page.getByRole('heading', { name: 'No Children Found' }).waitFor()) },
    { name: 'onboarding', viewer: 'no-child', open: (page) => page.goto('/onboarding').then(() => page.getByRole('heading', { name: 'Add Your First Child' }).waitFor()) },
  ];
}
