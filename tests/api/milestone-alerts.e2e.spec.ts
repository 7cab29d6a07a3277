import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

// 11:00 on 20 March 2026 in New York. A child born on 24 February is one month old on 24 March,
// so the one-week warning runs from 17 to 23 March.
const NOW = Date.parse('2026-03-20T15:00:00Z');
const HOUR = 60 * 60_000;
let now = NOW;

let server: TestServer;
const parent = uuidv7();
const stranger = uuidv7();

beforeAll(async () => {
  server = await startTestServer({}, { clock: () => new Date(now) });
});
afterAll(() => server.close());
beforeEach(() => {
  now = NOW;
});

// Tokens are issued and checked on the server's clock, so a fresh one is issued after the clock moves.
const tokenOf = (userId: string) => server.server.adapters.tokens.issueAccessToken(userId);

const ONE_MONTH_WARNING = {
  isNew: true,
  alertType: 'ONE_WEEK_WARNING',
  milestone: {
    label: '1 month',
    amountPerFeeding: '3–4 oz (90–120 mL)',
    feedingsPerDay: '6–8',
    details: [
      'About 2.5 oz of formula per pound of body weight per day (AAP).',
      'Generally no more than 32 oz in 24 hours (AAP).',
      'Feed on cues of hunger and fullness; amounts vary from baby to baby (AAP, CDC).',
      'Breast-fed babies feed on cue; these amounts are for formula feeding.',
      'Tracking only: this is not medical advice; ask your pediatrician.',
    ],
  },
};

/** Wait for any scan job and for the projections to take every event. */
async function settle(): Promise<void> {
  await server.server.adapters.jobs.drained();
  await server.server.projector.waitFor(await server.server.adapters.eventStore.headPosition(), 2000);
}

async function addChild(birthDate: string, userId = parent): Promise<string> {
  const created = await server.call('POST', '/api/children', {
    token: await tokenOf(userId),
    body: { displayName: 'JB', birthDate, sex: 'Female', timezone: 'America/New_York' },
  });
  expect(created.status).toBe(201);
  await settle();
  return created.body.id;
}

async function alertOf(childId: string, userId = parent, headers: Record<string, string> = {}) {
  return server.call('GET', `/api/milestone-alerts/${childId}`, { token: await tokenOf(userId), headers });
}

async function act(alertId: string, action: 'shown' | 'dismiss' | 'remind-later', userId = parent) {
  return server.call('POST', `/api/milestone-alerts/${encodeURIComponent(alertId)}/${action}`, { token: await tokenOf(userId) });
}

/** The read after a write waits for that write, as the web client does with X-Min-Position. */
async function alertAfter(write: { headers: Headers }, childId: string) {
  return alertOf(childId, parent, { 'x-min-position': write.headers.get('x-event-position')! });
}

const profileOf = (birthDate: string) => ({ displayName: 'JB', birthDate, sex: 'Female', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'America/New_York' });

async function correctBirthDate(childId: string, birthDate: string) {
  const updated = await server.call('PUT', `/api/settings/children/${childId}`, { token: await tokenOf(parent), body: profileOf(birthDate) });
  expect(updated.status).toBe(200);
  return updated;
}

describe('milestone alerts', () => {
  it('warns a week ahead of one month for a child registered at 24 days old', async () => {
    const childId = await addChild('2026-02-24');
    const alert = await alertOf(childId);
    expect(alert.status).toBe(200);
    expect(alert.body).toEqual({ id: `${childId}:1-month:ONE_WEEK_WARNING`, ...ONE_MONTH_WARNING });
  });

  it("shows a new child's alert on the first read after the create, without waiting for any job", async () => {
    // Born 27 February: 3 weeks old today, one month old on 27 March, warned from 20 March.
    const created = await server.call('POST', '/api/children', {
      token: await tokenOf(parent),
      body: { displayName: 'JB', birthDate: '2026-02-27', sex: 'Female', timezone: 'America/New_York' },
    });
    expect(created.status).toBe(201);
    const alert = await alertAfter(created, created.body.id);
    expect(alert.status).toBe(200);
    expect(alert.headers.get('x-projection-stale')).toBeNull();
    expect(alert.body).toEqual({ id: `${created.body.id}:1-month:ONE_WEEK_WARNING`, ...ONE_MONTH_WARNING });
  });

  it('moves the warning with a corrected birth date: two days later, it is still shown on 24 March', async () => {
    const childId = await addChild('2026-02-24');
    const corrected = await correctBirthDate(childId, '2026-02-26');
    // Born 26 February the warning runs from 19 to 25 March, under the same id.
    expect((await alertAfter(corrected, childId)).body).toEqual({ id: `${childId}:1-month:ONE_WEEK_WARNING`, ...ONE_MONTH_WARNING });
    now = Date.parse('2026-03-24T15:00:00Z');
    expect((await alertOf(childId)).body).toEqual({ id: `${childId}:1-month:ONE_WEEK_WARNING`, ...ONE_MONTH_WARNING });
  });

  it('withdraws the one-month warning when the corrected birth date makes the child 2 months old', async () => {
    const childId = await addChild('2026-02-24');
    const corrected = await correctBirthDate(childId, '2026-01-10');
    const alert = await alertAfter(corrected, childId);
    expect(alert.status).toBe(404);
    expect(alert.body).toEqual({ message: 'No active alert', code: 'milestone.noActiveAlert' });
    // A dialog still open on the withdrawn alert can no longer act on it.
    expect((await act(`${childId}:1-month:ONE_WEEK_WARNING`, 'dismiss')).body).toEqual({ message: 'Alert not found', code: 'milestone.alertNotFound' });
  });

  it('shows the corrected warning again, as new, after the parent dismissed the one of the wrong dates', async () => {
    const childId = await addChild('2026-02-24');
    await act(`${childId}:1-month:ONE_WEEK_WARNING`, 'dismiss');
    const corrected = await correctBirthDate(childId, '2026-02-26');
    expect((await alertAfter(corrected, childId)).body).toEqual({ id: `${childId}:1-month:ONE_WEEK_WARNING`, ...ONE_MONTH_WARNING });
  });

  it('leaves the alert as it is when a profile update keeps the birth date, and the scan raises nothing more', async () => {
    const childId = await addChild('2026-02-24');
    const alertId = `${childId}:1-month:ONE_WEEK_WARNING`;
    await act(alertId, 'shown');
    const renamed = await server.call('PUT', `/api/settings/children/${childId}`, { token: await tokenOf(parent), body: { ...profileOf('2026-02-24'), displayName: 'Jo' } });
    expect((await alertAfter(renamed, childId)).body).toEqual({ id: alertId, ...ONE_MONTH_WARNING, isNew: false });
    await server.server.adapters.jobs.enqueue('milestones.scan-child', { childId });
    await settle();
    const events = await server.server.adapters.eventStore.readStream(`child-${childId}`);
    expect(events.map((event) => event.type)).toEqual(['ChildRegistered', 'MilestoneAlertRaised', 'MilestoneAlertShown', 'ChildProfileUpdated']);
  });

  it('has no alert for a child 10 days old', async () => {
    const childId = await addChild('2026-03-10');
    const alert = await alertOf(childId);
    expect(alert.status).toBe(404);
    expect(alert.body).toEqual({ message: 'No active alert', code: 'milestone.noActiveAlert' });
  });

  it('is no longer new once the dialog has shown it', async () => {
    const childId = await addChild('2026-02-24');
    const alertId = `${childId}:1-month:ONE_WEEK_WARNING`;
    const shown = await act(alertId, 'shown');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ ok: true, position: Number(shown.headers.get('x-event-position')) });

    const alert = await alertAfter(shown, childId);
    expect(alert.body).toEqual({ id: alertId, ...ONE_MONTH_WARNING, isNew: false });
    // Showing it again changes nothing.
    expect((await act(alertId, 'shown')).status).toBe(200);
  });

  it("hides the alert for 24 hours on 'Remind Me Later', then shows it again", async () => {
    const childId = await addChild('2026-02-24');
    const alertId = `${childId}:1-month:ONE_WEEK_WARNING`;
    const snoozed = await act(alertId, 'remind-later');
    expect(snoozed.status).toBe(200);
    expect((await alertAfter(snoozed, childId)).body).toEqual({ message: 'No active alert', code: 'milestone.noActiveAlert' });

    now = NOW + 24 * HOUR - 60_000;
    expect((await alertOf(childId)).status).toBe(404);

    now = NOW + 24 * HOUR + 60_000;
    const back = await alertOf(childId);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ id: alertId, ...ONE_MONTH_WARNING });
  });

  it("dismisses the alert for good on 'Got It'", async () => {
    const childId = await addChild('2026-02-24');
    const alertId = `${childId}:1-month:ONE_WEEK_WARNING`;
    const dismissed = await act(alertId, 'dismiss');
    expect(dismissed.status).toBe(200);
    expect((await alertAfter(dismissed, childId)).status).toBe(404);

    now = NOW + 24 * HOUR + 60_000;
    // The next sweep scans the child again and raises nothing new.
    await server.server.adapters.jobs.enqueue('milestones.scan-child', { childId });
    await settle();
    expect((await alertOf(childId)).body).toEqual({ message: 'No active alert', code: 'milestone.noActiveAlert' });
    const again = await act(alertId, 'remind-later');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Milestone alert ${alertId} was already dismissed`);
  });

  it("hides another user's child and its alert, and lets them change nothing", async () => {
    const childId = await addChild('2026-02-24');
    const alertId = `${childId}:1-month:ONE_WEEK_WARNING`;
    const peek = await alertOf(childId, stranger);
    expect(peek.status).toBe(404);
    expect(peek.body).toEqual({ message: 'Child not found', code: 'child.notFound' });
    for (const action of ['shown', 'dismiss', 'remind-later'] as const) {
      const answer = await act(alertId, action, stranger);
      expect(answer.status, action).toBe(404);
      expect(answer.body).toEqual({ message: 'Alert not found', code: 'milestone.alertNotFound' });
    }
    const head = await server.server.adapters.eventStore.headPosition();
    expect((await alertOf(childId, parent, { 'x-min-position': String(head) })).body).toEqual({ id: alertId, ...ONE_MONTH_WARNING });
  });

  it('answers 404 for an alert id that names no alert of the user', async () => {
    const childId = await addChild('2026-02-24');
    for (const alertId of ['not-an-alert', `${childId}:1-month`, `${childId}:2-months:MILESTONE_REACHED`, `nope:1-month:ONE_WEEK_WARNING`]) {
      const answer = await act(alertId, 'dismiss');
      expect(answer.status, alertId).toBe(404);
      expect(answer.body).toEqual({ message: 'Alert not found', code: 'milestone.alertNotFound' });
    }
    expect((await alertOf('not-a-child')).body).toEqual({ message: 'Child not found', code: 'child.notFound' });
  });

  it('raises the alert when a corrected birth date puts the child in a window', async () => {
    const childId = await addChild('2026-03-10');
    const updated = await correctBirthDate(childId, '2026-02-24');
    expect((await alertAfter(updated, childId)).body).toEqual({ id: `${childId}:1-month:ONE_WEEK_WARNING`, ...ONE_MONTH_WARNING });
  });

  it('forgets the alerts of a removed child', async () => {
    const childId = await addChild('2026-02-24');
    const removed = await server.call('DELETE', `/api/settings/children/${childId}`, { token: await tokenOf(parent), body: { confirmText: 'DELETE' } });
    expect(removed.status).toBe(200);
    expect((await alertAfter(removed, childId)).body).toEqual({ message: 'Child not found', code: 'child.notFound' });
    expect((await act(`${childId}:1-month:ONE_WEEK_WARNING`, 'dismiss')).body).toEqual({ message: 'Alert not found', code: 'milestone.alertNotFound' });
  });
});
