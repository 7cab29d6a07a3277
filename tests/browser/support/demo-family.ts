import { expect } from 'vitest';
import { startOfLocalDate } from '@nightlight/domain/time/zoned-time';
import type { TestServer } from '../../api/support/test-server';
import { addChild, daysBefore, newEmail, QUIET_AGE_DAYS, registerParent, settle, STRONG_PASSWORD, todayIn, zonedInstant, ZONE, type Parent } from './family';

const MINUTE = 60_000;

export interface DemoFamily {
  maya: Parent & { id: string };
  sam: Parent & { id: string };
  childId: string;
}

async function call(server: TestServer, token: string, method: string, path: string, body?: unknown) {
  const answer = await server.call(method, path, { token, body });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * A family a few days into tracking, as the browser tests and the screenshots see it: Maya added Pip
 * (three months old) and invited Sam as a second parent; the three days before today hold bottles
 * (Sam's in millilitres, Maya's in ounces), nursing by side, naps, a night from 7:30 PM to 6:10 AM,
 * diapers and pumping; today holds what fits before now (Sam's 120 mL bottle first); there is one
 * check-up. Neither parent chose units.
 */
export async function demoFamily(server: TestServer): Promise<DemoFamily> {
  const maya = await registerParent(server, 'maya');
  await call(server, maya.token, 'PATCH', '/api/me', { displayName: 'Maya' });
  const today = todayIn();
  const childId = await addChild(server, maya, 'Pip', daysBefore(today, QUIET_AGE_DAYS.ninety));
  const invitation = await call(server, maya.token, 'POST', `/api/children/${childId}/invitations`, { role: 'parent' });
  const email = newEmail('sam');
  const registered = await server.call('POST', '/api/auth/register', { body: { email, password: STRONG_PASSWORD, invitationCode: invitation.code } });
  expect(registered.status).toBe(201);
  const sam = { email, password: STRONG_PASSWORD, token: registered.body.accessToken as string, id: registered.body.user.id as string };
  await call(server, sam.token, 'PATCH', '/api/me', { onboardingCompleted: true, displayName: 'Sam' });
  const mayaId = (await call(server, maya.token, 'GET', '/api/me')).id as string;

  const at = (day: string, time: string, minutes = 0) => ({ startedAt: zonedInstant(day, time), endedAt: new Date(Date.parse(zonedInstant(day, time)) + minutes * MINUTE).toISOString() });
  for (let back = 3; back >= 1; back -= 1) {
    const day = daysBefore(today, back);
    const night = daysBefore(today, back - 1);
    await call(server, maya.token, 'POST', '/api/feedings', { childId, ...at(day, '06:30', 15), method: 'Bottle', type: 'Formula', amountOz: 4 });
    await call(server, sam.token, 'POST', '/api/feedings', { childId, ...at(day, '10:00', 20), method: 'Bottle', type: 'Breast Milk', amountMl: 120 });
    await call(server, maya.token, 'POST', '/api/feedings', { childId, ...at(day, '13:30', 25), method: 'Nursing', sides: { leftMinutes: 15, rightMinutes: 10 } });
    await call(server, sam.token, 'POST', '/api/feedings', { childId, ...at(day, '17:00', 15), method: 'Bottle', type: 'Formula', amountOz: 4.5 });
    await call(server, maya.token, 'POST', '/api/sleep', { childId, ...at(day, '08:00', 75), notes: 'Morning nap' });
    await call(server, sam.token, 'POST', '/api/sleep', { childId, ...at(day, '14:15', 90) });
    await call(server, maya.token, 'POST', '/api/sleep', { childId, startedAt: zonedInstant(day, '19:30'), endedAt: zonedInstant(night, '06:10'), environment: { roomTemp: 68, whiteNoise: true, sleepSackTag: '1.0 TOG' } });
    await call(server, maya.token, 'POST', '/api/diapers', { childId, occurredAt: zonedInstant(day, '07:00'), contents: 'wet' });
    await call(server, sam.token, 'POST', '/api/diapers', { childId, occurredAt: zonedInstant(day, '12:00'), contents: 'both', color: 'yellow' });
    await call(server, maya.token, 'POST', '/api/pumpings', { childId, startedAt: zonedInstant(day, '21:00'), durationMinutes: 15, leftAmount: 60, rightAmount: 45, unit: 'mL' });
  }
  // Today so far, spread over the hours since midnight whenever this runs (the zone is never near midnight).
  const midnight = startOfLocalDate(today, ZONE).getTime();
  const elapsed = Date.now() - midnight;
  const since = (fraction: number) => new Date(midnight + elapsed * fraction);
  const todayAt = (fraction: number, minutes: number) => ({ startedAt: since(fraction).toISOString(), endedAt: new Date(since(fraction).getTime() + minutes * MINUTE).toISOString() });
  await call(server, sam.token, 'POST', '/api/feedings', { childId, ...todayAt(0.35, 15), method: 'Bottle', type: 'Breast Milk', amountMl: 120 });
  await call(server, sam.token, 'POST', '/api/diapers', { childId, occurredAt: since(0.4).toISOString(), contents: 'wet' });
  // Last night ended at 6:10: a nap today starts after it, when the morning has come.
  const napStart = zonedInstant(today, '06:40');
  const napMinutes = Math.min(60, Math.floor((Date.now() - Date.parse(napStart)) / MINUTE / 2));
  if (napMinutes >= 1) await call(server, sam.token, 'POST', '/api/sleep', { childId, startedAt: napStart, endedAt: new Date(Date.parse(napStart) + napMinutes * MINUTE).toISOString() });
  await call(server, maya.token, 'POST', '/api/feedings', { childId, ...todayAt(0.8, Math.max(1, Math.min(20, (elapsed * 0.1) / MINUTE))), method: 'Nursing' });
  await call(server, maya.token, 'POST', '/api/growth', { childId, measuredOn: daysBefore(today, 2), weightKg: 5.9, lengthCm: 60.2, headCm: 39.8 });
  await settle(server);
  return { maya: { ...maya, id: mayaId }, sam, childId };
}
