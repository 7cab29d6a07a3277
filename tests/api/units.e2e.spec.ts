import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChild, joinFamily, minutesAgo, registerParent } from './support/family';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Units over HTTP: each member chooses millilitres or ounces (and metric or imperial for growth);
 * a bottle keeps the amount as it was entered, insights compute in ounces, and each reader sees
 * amounts in their own unit.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('units', () => {
  it('are null until chosen, then kept; a bad choice is refused with a message and nothing written', async () => {
    const parent = await registerParent(server, 'units');
    expect((await server.call('GET', '/api/me', { token: parent.token })).body.units).toBeNull();
    const chosen = await server.call('PATCH', '/api/me', { token: parent.token, body: { units: { volume: 'mL', growth: 'metric' } } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.units).toEqual({ volume: 'mL', growth: 'metric' });
    const me = await server.call('GET', '/api/me', { token: parent.token, headers: { 'x-min-position': chosen.headers.get('x-event-position')! } });
    expect(me.body.units).toEqual({ volume: 'mL', growth: 'metric' });

    const head = await server.server.adapters.eventStore.headPosition();
    for (const [units, message] of [
      [{ volume: 'cups', growth: 'metric' }, 'Volume unit must be mL or oz'],
      [{ volume: 'oz', growth: 'stones' }, 'Growth units must be metric or imperial'],
      ['oz', 'Units must be {volume, growth}'],
    ] as const) {
      const answer = await server.call('PATCH', '/api/me', { token: parent.token, body: { units } });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    expect(await server.server.adapters.eventStore.headPosition()).toBe(head);
  });

  it('keeps a bottle in mL as entered, and shows each member the amount in their own unit', async () => {
    const metric = await registerParent(server, 'units');
    const imperial = await registerParent(server, 'units');
    await server.call('PATCH', '/api/me', { token: metric.token, body: { units: { volume: 'mL', growth: 'metric' } } });
    await server.call('PATCH', '/api/me', { token: imperial.token, body: { units: { volume: 'oz', growth: 'imperial' } } });
    const childId = await addChild(server, metric.token, { birthDate: '2026-10-01' });
    await joinFamily(server, childId, metric.token, imperial.token, 'parent');

    const logged = await server.call('POST', '/api/feedings', { token: metric.token, body: { childId, startedAt: minutesAgo(30), amountMl: 120, method: 'Bottle' } });
    expect(logged.status).toBe(201);
    // 120 mL is 4.058 oz (29.5735 mL to the ounce); the writer reads it as entered.
    expect(logged.body).toMatchObject({ amountOz: 4.058, amountMl: 120, enteredAmount: { value: 120, unit: 'mL' }, entry: { amount: '120 mL' } });
    const position = logged.headers.get('x-event-position')!;
    const asImperial = await server.call('GET', `/api/feedings/${logged.body.id}`, { token: imperial.token, headers: { 'x-min-position': position } });
    expect(asImperial.body).toMatchObject({ amountOz: 4.058, enteredAmount: { value: 120, unit: 'mL' }, entry: { amount: '4.1 oz' } });

    const inOunces = await server.call('POST', '/api/feedings', { token: imperial.token, body: { childId, startedAt: minutesAgo(200), amountOz: 4, method: 'Bottle' } });
    const asMetric = await server.call('GET', `/api/feedings/${inOunces.body.id}`, { token: metric.token, headers: { 'x-min-position': inOunces.headers.get('x-event-position')! } });
    // 4 oz is 118.3 mL, shown to the whole millilitre.
    expect(asMetric.body).toMatchObject({ amountOz: 4, amountMl: 118.3, entry: { amount: '118 mL' } });
  });

  it("reads amounts in the units of the reader's browser language until they choose, in lists, answers of writes and growth", async () => {
    const writer = await registerParent(server, 'units');
    const reader = await registerParent(server, 'units');
    const childId = await addChild(server, writer.token, { birthDate: '2026-10-01' });
    await joinFamily(server, childId, writer.token, reader.token, 'parent');
    const inMl = await server.call('POST', '/api/feedings', { token: writer.token, body: { childId, startedAt: minutesAgo(30), amountMl: 120, method: 'Bottle' } });
    // The writer chose nothing and sends no language: the answer reads as entered.
    expect(inMl.body.entry.amount).toBe('120 mL');
    const position = inMl.headers.get('x-event-position')!;
    const read = async (language: string) =>
      (await server.call('GET', `/api/feedings/${inMl.body.id}`, { token: reader.token, headers: { 'x-min-position': position, 'accept-language': language } })).body.entry.amount;
    // 120 mL is 4.058 oz: ounces for an en-US browser, millilitres for any other language.
    expect(await read('en-US,en;q=0.9')).toBe('4.1 oz');
    expect(await read('de-DE,de;q=0.9,en;q=0.8')).toBe('120 mL');
    expect(await read('en-GB')).toBe('120 mL');
    // A write's answer too.
    const inOz = await server.call('POST', '/api/feedings', { token: writer.token, headers: { 'accept-language': 'fr-FR' }, body: { childId, startedAt: minutesAgo(200), amountOz: 4, method: 'Bottle' } });
    expect(inOz.body.entry.amount).toBe('118 mL');
    const grown = await server.call('POST', '/api/growth', { token: writer.token, headers: { 'accept-language': 'en-US' }, body: { childId, measuredOn: '2026-11-01', weightKg: 5 } });
    expect(grown.status).toBe(201);
    // 5 kg is 11.02 lb.
    expect(grown.body.display.weight).toBe('11.02 lb');
    // A choice wins over the language.
    await server.call('PATCH', '/api/me', { token: reader.token, body: { units: { volume: 'mL', growth: 'metric' } } });
    const chosen = await server.call('GET', `/api/feedings/${inMl.body.id}`, { token: reader.token, headers: { 'accept-language': 'en-US' } });
    expect(chosen.body.entry.amount).toBe('120 mL');
  });

  it('adds up a day of bottles entered in mL and in oz in one unit', async () => {
    const parent = await registerParent(server, 'units');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-01' });
    // Within the last three hours: the same UTC date unless the test runs just after midnight.
    const bottles = [{ amountMl: 90 }, { amountOz: 3.5 }, { amountMl: 150 }];
    let position = '0';
    for (const [index, amount] of bottles.entries()) {
      const answer = await server.call('POST', '/api/feedings', { token: parent.token, body: { childId, startedAt: minutesAgo(150 - index * 60), method: 'Bottle', ...amount } });
      expect(answer.status).toBe(201);
      position = answer.headers.get('x-event-position')!;
    }
    if (minutesAgo(150).slice(0, 10) !== new Date().toISOString().slice(0, 10)) return;
    const daily = await server.call('GET', `/api/children/${childId}/insights/daily?days=1&tz=UTC`, { token: parent.token, headers: { 'x-min-position': position } });
    // 90 mL = 3.043 oz, 150 mL = 5.072 oz (each to three decimals): 3.043 + 3.5 + 5.072 = 11.615 oz.
    expect(daily.body.today.feeding.totalOz24h).toBeCloseTo(11.615, 6);
    expect(daily.body.today.feeding.feedCount).toBe(3);
    const weekly = await server.call('GET', `/api/children/${childId}/insights/weekly?tz=UTC`, { token: parent.token, headers: { 'x-min-position': position } });
    // 11.615 oz is 343.5 mL: the row says 11.6 oz or 343 mL.
    expect(weekly.body[0]).toMatchObject({ feeds: 3, totalOz: '11.6', totalMl: '343' });
  });

  it('refuses amounts by their own unit: 600 mL and steps of 5 mL', async () => {
    const parent = await registerParent(server, 'units');
    const childId = await addChild(server, parent.token, { birthDate: '2026-10-01' });
    for (const [amount, message] of [
      [{ amountMl: 605 }, 'Amount must be between 0 and 600 mL'],
      [{ amountMl: 62 }, 'Amount must be in steps of 5 mL'],
      [{ amountMl: 60, amountOz: 2 }, 'Send amountOz or amountMl, not both'],
    ] as const) {
      const answer = await server.call('POST', '/api/feedings', { token: parent.token, body: { childId, startedAt: minutesAgo(5), method: 'Bottle', ...amount } });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
  });
});
