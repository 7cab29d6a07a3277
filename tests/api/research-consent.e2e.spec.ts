import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { addChild, joinFamily, registerParent, ROBIN, type Parent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Research use is a parent's answer, per child: given with the child at sign-up or changed later
 * (PUT /api/children/{id}/research-consent), recorded on the child's stream and shown in the child's
 * answer. Only children with a yes leave in a research release.
 */
const STATIC_TOKEN = 'static-researcher-token-for-consent';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RESEARCH_TOKENS: STATIC_TOKEN, RESEARCH_MIN_CHILDREN: '1' });
});
afterAll(() => server.close());



const BORN = { birthDate: '2025-05-10' };

const consentEvents = async (childId: string) =>
  (await server.server.adapters.eventStore.readStream(childStreamId(childId))).filter((event) => event.type === 'ChildResearchConsentChanged').map((event) => event.data);

describe("a child's research consent", () => {
  let parent: Parent;
  let nanny: Parent;
  let stranger: Parent;
  let childId: string;

  beforeAll(async () => {
    parent = await registerParent(server, 'consent');
    nanny = await registerParent(server, 'consent');
    stranger = await registerParent(server, 'consent');
    childId = await addChild(server, parent.token, BORN);
    await joinFamily(server, childId, parent.token, nanny.token, 'caregiver');
  });

  it('is not given for a child nobody was asked about', async () => {
    expect((await server.call('GET', `/api/children/${childId}`, { token: parent.token })).body).toMatchObject({ id: childId, researchConsent: null });
    expect(await consentEvents(childId)).toEqual([]);
  });

  it("is a parent's to give and take back, on the child's stream, and every member's answer shows it", async () => {
    const agreed = await server.call('PUT', `/api/children/${childId}/research-consent`, { token: parent.token, body: { consent: true } });
    expect(agreed.status).toBe(200);
    expect(agreed.body).toMatchObject({ id: childId, displayName: 'Robin', researchConsent: true, role: 'parent', position: expect.any(Number) });
    expect(agreed.headers.get('x-event-position')).toBe(String(agreed.body.position));
    for (const person of [parent, nanny]) {
      const seen = await server.call('GET', `/api/children/${childId}`, { token: person.token, headers: { 'x-min-position': String(agreed.body.position) } });
      expect(seen.body.researchConsent).toBe(true);
    }
    // The same answer again records nothing.
    const head = await server.server.adapters.eventStore.headPosition();
    expect((await server.call('PUT', `/api/children/${childId}/research-consent`, { token: parent.token, body: { consent: true } })).status).toBe(200);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);

    const refused = await server.call('PUT', `/api/children/${childId}/research-consent`, { token: parent.token, body: { consent: false } });
    expect(refused.body.researchConsent).toBe(false);
    const list = await server.call('GET', '/api/settings/children', { token: parent.token, headers: { 'x-min-position': String(refused.body.position) } });
    expect(list.body).toEqual([expect.objectContaining({ id: childId, researchConsent: false })]);
    expect(await consentEvents(childId)).toEqual([
      { childId, consent: true },
      { childId, consent: false },
    ]);
  });

  it('turns a caregiver away with 403, a stranger with 404, and a bad body with 400, writing nothing', async () => {
    const head = await server.server.adapters.eventStore.headPosition();
    const asNanny = await server.call('PUT', `/api/children/${childId}/research-consent`, { token: nanny.token, body: { consent: true } });
    expect(asNanny.status).toBe(403);
    expect(asNanny.body).toEqual({ message: 'Only a parent of this child can do that', code: 'family.parentOnly' });
    const asStranger = await server.call('PUT', `/api/children/${childId}/research-consent`, { token: stranger.token, body: { consent: true } });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual({ message: 'Child not found', code: 'child.notFound' });
    expect((await server.call('PUT', '/api/children/not-a-uuid/research-consent', { token: parent.token, body: { consent: true } })).status).toBe(404);
    for (const body of [{}, { consent: 'yes' }, { consent: null }, { consent: 1 }]) {
      const answer = await server.call('PUT', `/api/children/${childId}/research-consent`, { token: parent.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toEqual({ message: 'consent must be true or false', code: 'child.consentFlag', issues: [{ path: 'consent', message: 'consent must be true or false', code: 'child.consentFlag' }] });
    }
    expect((await server.call('PUT', `/api/children/${childId}/research-consent`, { body: { consent: true } })).status).toBe(401);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('can be given with a new child, as the consent dialog asks at sign-up', async () => {
    const child = await server.call('POST', '/api/children', { token: parent.token, body: { ...ROBIN, ...BORN, researchConsent: true } });
    expect(child.status).toBe(201);
    expect(child.body.researchConsent).toBe(true);
    expect(await consentEvents(child.body.id)).toEqual([{ childId: child.body.id, consent: true }]);
    const bad = await server.call('POST', '/api/children', { token: parent.token, body: { ...ROBIN, ...BORN, researchConsent: 'sure' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('researchConsent must be true or false');
  });

  it('decides which children leave in a research release', async () => {
    // The first child said no; the second was added with a yes. Both have a feeding long enough ago to be in a release.
    const [, second] = (await server.call('GET', '/api/children', { token: parent.token })).body;
    for (const id of [childId, second.id]) {
      const feeding = await server.call('POST', '/api/feedings', { token: parent.token, body: { childId: id, startedAt: '2025-05-12T08:00:00Z', endedAt: '2025-05-12T08:20:00Z', method: 'Nursing' } });
      expect(feeding.status).toBe(201);
    }
    const release = await fetch(`${server.url}/api/research/events`, { headers: { authorization: `Bearer ${STATIC_TOKEN}` } });
    const lines = (await release.text()).trimEnd().split('\n').map((line) => JSON.parse(line));
    const end = lines.pop();
    expect(end.children).toBe(1);
    expect(lines.map((line) => line.kind)).toEqual(['child-registered', 'feeding-logged']);
  });
});
