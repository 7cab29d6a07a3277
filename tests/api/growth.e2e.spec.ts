import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChild, daysAgo, familyWithCaregiver, registerParent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Growth over HTTP: a check-up's measurements with the WHO percentile of each for the child's sex
 * and age, the curves to draw them against, every refusal with nothing written, and isolation.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('growth', () => {
  it('gives a boy of 182 days weighing 7.934 kg the 50th percentile, and lists measurements by date', async () => {
    const parent = await registerParent(server, 'growth');
    const childId = await addChild(server, parent.token, { sex: 'Male', birthDate: daysAgo(182) });
    const recorded = await server.call('POST', '/api/growth', { token: parent.token, body: { childId, measuredOn: today(), weightKg: 7.934, lengthCm: 67.6 } });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ childId, measuredOn: today(), ageDays: 182, weightKg: 7.934, lengthCm: 67.6, headCm: null, percentiles: { head: null } });
    expect(Math.abs(recorded.body.percentiles.weight - 50)).toBeLessThanOrEqual(1);
    expect(Math.abs(recorded.body.percentiles.length - 50)).toBeLessThanOrEqual(2);

    const earlier = await server.call('POST', '/api/growth', { token: parent.token, body: { childId, measuredOn: daysAgo(182), headCm: 34.46 } });
    const list = await server.call('GET', `/api/children/${childId}/growth`, { token: parent.token, headers: { 'x-min-position': earlier.headers.get('x-event-position')! } });
    expect(list.status).toBe(200);
    expect(list.body.map((m: { measuredOn: string; ageDays: number }) => [m.measuredOn, m.ageDays])).toEqual([
      [daysAgo(182), 0],
      [today(), 182],
    ]);
    // WHO's median head circumference of a boy at birth is 34.46 cm.
    expect(Math.abs(list.body[0].percentiles.head - 50)).toBeLessThanOrEqual(1);
  });

  it('puts a girl of 365 days weighing 7.0 kg below the 3rd percentile, and gives no percentile for an unknown sex', async () => {
    const parent = await registerParent(server, 'growth');
    const girl = await addChild(server, parent.token, { sex: 'Female', birthDate: daysAgo(365) });
    const weighed = await server.call('POST', '/api/growth', { token: parent.token, body: { childId: girl, measuredOn: today(), weightKg: 7.0 } });
    expect(weighed.body.percentiles.weight).toBeLessThan(3);

    const unknown = await addChild(server, parent.token, { sex: 'Unknown', birthDate: daysAgo(365) });
    const measured = await server.call('POST', '/api/growth', { token: parent.token, body: { childId: unknown, measuredOn: today(), weightKg: 7.0 } });
    expect(measured.body.percentiles).toEqual({ weight: null, length: null, head: null });
    const curves = await server.call('GET', `/api/children/${unknown}/growth/curves`, { token: parent.token });
    expect(curves.body).toMatchObject({ sex: 'Unknown', weight: [], length: [], head: [] });
  });

  it('answers the WHO curves of the child’s sex, month by month', async () => {
    const parent = await registerParent(server, 'growth');
    const childId = await addChild(server, parent.token, { sex: 'Female', birthDate: daysAgo(30) });
    const curves = await server.call('GET', `/api/children/${childId}/growth/curves`, { token: parent.token });
    expect(curves.status).toBe(200);
    expect(curves.body.percentiles).toEqual([3, 15, 50, 85, 97]);
    expect(curves.body.weight).toHaveLength(61);
    // WHO girls at 12 months: 7.1, 8.9 and 11.3 kg on the 3rd, 50th and 97th.
    const [p3, , p50, , p97] = curves.body.weight[12].values;
    expect([p3, p50, p97]).toEqual([7.1, 8.9, 11.3]);
  });

  it('keeps pounds and inches in metric, and shows each reader the system they chose', async () => {
    const parent = await registerParent(server, 'growth');
    const childId = await addChild(server, parent.token, { sex: 'Male', birthDate: daysAgo(182) });
    await server.call('PATCH', '/api/me', { token: parent.token, body: { units: { volume: 'oz', growth: 'imperial' } } });
    // 17.5 lb is 7.938 kg (0.45359237 kg to the pound); 26.5 in is 67.3 cm.
    const recorded = await server.call('POST', '/api/growth', { token: parent.token, body: { childId, measuredOn: today(), weightLb: 17.5, lengthIn: 26.5 } });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ weightKg: 7.938, lengthCm: 67.3, display: { weight: '17.5 lb', length: '26.5 in', head: null } });
    expect(Math.abs(recorded.body.percentiles.weight - 50)).toBeLessThanOrEqual(1);
    const metric = await server.call('PATCH', '/api/me', { token: parent.token, body: { units: { volume: 'mL', growth: 'metric' } } });
    const list = await server.call('GET', `/api/children/${childId}/growth`, { token: parent.token, headers: { 'x-min-position': metric.headers.get('x-event-position')! } });
    expect(list.body[0].display).toEqual({ weight: '7.938 kg', length: '67.3 cm', head: null });
  });

  it('corrects and deletes a measurement', async () => {
    const parent = await registerParent(server, 'growth');
    const childId = await addChild(server, parent.token, { sex: 'Male', birthDate: daysAgo(60) });
    const recorded = await server.call('POST', '/api/growth', { token: parent.token, body: { childId, measuredOn: today(), weightKg: 5.1 } });
    const id = recorded.body.id as string;
    const corrected = await server.call('PUT', `/api/growth/${id}`, { token: parent.token, body: { childId, measuredOn: today(), weightKg: 5.6, headCm: 39 } });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ id, weightKg: 5.6, headCm: 39 });
    const deleted = await server.call('DELETE', `/api/growth/${id}`, { token: parent.token });
    expect(deleted.status).toBe(200);
    const list = await server.call('GET', `/api/children/${childId}/growth`, { token: parent.token, headers: { 'x-min-position': deleted.headers.get('x-event-position')! } });
    expect(list.body).toEqual([]);
  });

  it.each([
    [{ weightKg: undefined }, 'Enter at least one measurement: weight, length or head circumference'],
    [{ weightKg: 0.1 }, 'Weight must be between 0.3 and 40 kg'],
    [{ weightKg: 7200 }, 'Weight must be between 0.3 and 40 kg'],
    [{ weightKg: 'heavy' }, 'Weight must be a number'],
    [{ lengthCm: 200 }, 'Length must be between 20 and 130 cm'],
    [{ headCm: 5 }, 'Head circumference must be between 15 and 60 cm'],
    [{ measuredOn: undefined }, 'Measurement date is required'],
    [{ measuredOn: '2026-02-30' }, 'Measurement date must be a date (YYYY-MM-DD)'],
    [{ measuredOn: '2999-01-01' }, 'Measurement date cannot be in the future'],
    [{ measuredOn: '2020-01-01' }, 'Measurement date cannot be before the birth date'],
    [{ weightKg: undefined, weightLb: 100 }, 'Weight must be between 0.7 and 88 lb'],
    [{ weightKg: undefined, lengthIn: 60 }, 'Length must be between 8 and 51 in'],
    [{ weightLb: 13 }, 'Send metric (kg, cm) or imperial (lb, in) measures, not both'],
  ])('refuses %j with "%s" and writes nothing', async (changes, message) => {
    const parent = await registerParent(server, 'growth');
    const childId = await addChild(server, parent.token, { sex: 'Male', birthDate: daysAgo(100) });
    const head = await server.server.adapters.eventStore.headPosition();
    const answer = await server.call('POST', '/api/growth', { token: parent.token, body: { childId, measuredOn: today(), weightKg: 6, ...changes } });
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('lets a caregiver record, and keeps every growth route from a stranger with 404 and nothing written', async () => {
    const { caregiver, stranger, childId } = await familyWithCaregiver(server, 'growth', { sex: 'Female', birthDate: daysAgo(90) });
    const recorded = await server.call('POST', '/api/growth', { token: caregiver.token, body: { childId, measuredOn: today(), weightKg: 5.5 } });
    expect(recorded.status).toBe(201);
    const id = recorded.body.id as string;

    const head = await server.server.adapters.eventStore.headPosition();
    const body = { childId, measuredOn: today(), weightKg: 5.6 };
    for (const [method, path, payload, message] of [
      ['POST', '/api/growth', body, 'Child not found'],
      ['PUT', `/api/growth/${id}`, body, 'Child not found'],
      ['DELETE', `/api/growth/${id}`, undefined, 'Measurement not found'],
      ['GET', `/api/children/${childId}/growth`, undefined, 'Child not found'],
      ['GET', `/api/children/${childId}/growth/curves`, undefined, 'Child not found'],
    ] as const) {
      const answer = await server.call(method, path, { token: stranger.token, body: payload });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 404, message]);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });
});
