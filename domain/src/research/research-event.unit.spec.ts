import { describe, expect, it } from 'vitest';
import { upcastEvent } from '../events/event-registry';
import { childResearchFactsOf, childResearchProfileOf, type ChildResearchFacts } from './child-research-facts';
import { anonymiseEvent, researchChildIdOf } from './research-event';

// Born 2026-09-01 in New York (UTC-5 in November), shifted back two weeks.
const facts: ChildResearchFacts = {
  pseudonym: 'c_0123456789abcdef',
  sex: 'Female',
  researchBirthDate: '2026-08-18',
  dateShiftDays: -14,
  schedule: { timezone: 'America/New_York', nightWindowStart: '19:00', nightWindowEnd: '08:00' },
};
const ref = { childId: '0190c0de-0000-7000-8000-000000000001', ownerId: '0190c0de-0000-7000-8000-0000000000aa' };
const entryPseudonym = (id: string) => `e_of_${id}`;

describe('anonymising a feeding', () => {
  const logged = {
    type: 'FeedingLogged',
    recordedAt: '2026-11-21T02:00:00.000Z',
    data: { ...ref, feedingId: 'feeding-7', startedAt: '2026-11-20T15:05:00.000Z', endedAt: '2026-11-20T15:25:30.000Z', amountOz: 4.5, method: 'Bottle', type: 'Formula', notes: 'v1.sealed.Grandma' },
  };

  it('keeps what research needs on the shifted calendar, with the true time of day and exact age', () => {
    expect(anonymiseEvent(logged, 3, facts, entryPseudonym)).toEqual({
      stream: 'c_0123456789abcdef',
      seq: 3,
      kind: 'feeding-logged',
      shiftedAt: '2026-11-06T10:05',
      localDate: '2026-11-06',
      localTime: '10:05',
      weekday: 'Fri',
      ageDays: 80,
      sex: 'Female',
      entry: 'e_of_feeding-7',
      method: 'Bottle',
      type: 'Formula',
      amountOz: 4.5,
      durationMinutes: 20,
    });
  });

  it('leaves out notes, owner, child and entry ids and log positions, and starts each line with stream, seq and kind', () => {
    const line = JSON.stringify(anonymiseEvent(logged, 3, facts, entryPseudonym));
    for (const secret of ['Grandma', 'sealed', ref.childId, ref.ownerId, '"feeding-7"', '2026-11-20', 'position']) expect(line).not.toContain(secret);
    expect(line.startsWith('{"stream":"c_0123456789abcdef","seq":3,"kind":"feeding-logged",')).toBe(true);
  });

  it('dates a deletion by when it was recorded, and gives no age when the birth date is lost', () => {
    const deleted = { type: 'FeedingDeleted', recordedAt: '2026-11-21T02:00:00.000Z', data: { ...ref, feedingId: 'feeding-7' } };
    expect(anonymiseEvent(deleted, 4, { ...facts, researchBirthDate: null }, entryPseudonym)).toEqual({
      stream: 'c_0123456789abcdef',
      seq: 4,
      kind: 'feeding-deleted',
      shiftedAt: '2026-11-06T21:00',
      localDate: '2026-11-06',
      localTime: '21:00',
      weekday: 'Fri',
      ageDays: null,
      sex: 'Female',
      entry: 'e_of_feeding-7',
    });
  });
});

describe('anonymising a sleep', () => {
  const sleep = (startedAt: string, endedAt: string, environment: Record<string, unknown>) => ({
    type: 'SleepCorrected',
    recordedAt: endedAt,
    data: { ...ref, sleepId: 'sleep-3', startedAt, endedAt, environment: { roomTemp: 68, whiteNoise: true, ...environment }, notes: 'v1.sealed' },
  });

  it('tells night from nap in the child zone and keeps only the TOG rating of the sleep sack', () => {
    // 19:30 → 23:00 local, then 13:00 → 14:10 local.
    const night = anonymiseEvent(sleep('2026-11-21T00:30:00Z', '2026-11-21T04:00:00Z', { sleepSackTag: 'v1.sealed.tag', sleepSackTog: 2.5 }), 1, facts, entryPseudonym);
    expect(night).toMatchObject({
      kind: 'sleep-corrected',
      localDate: '2026-11-06',
      localTime: '19:30',
      durationMinutes: 210,
      night: true,
      environment: { roomTempF: 68, whiteNoise: true, sleepSackTog: 2.5 },
    });
    expect(JSON.stringify(night)).not.toContain('sealed');
  });

  it('leaves out the plain tag of a sleep recorded before tags were sealed', () => {
    const recordedInPlain = upcastEvent({ ...sleep('2026-11-20T18:00:00Z', '2026-11-20T19:10:00Z', { sleepSackTag: "Josephine's blue one, 1.0 TOG" }), metadata: { schemaVersion: 1 } });
    const nap = anonymiseEvent(recordedInPlain, 2, facts, entryPseudonym);
    expect(nap).toMatchObject({ night: false, durationMinutes: 70, environment: { roomTempF: 68, whiteNoise: true, sleepSackTog: 1 } });
    expect(JSON.stringify(nap)).not.toContain('Josephine');
  });
});

describe('anonymising a diaper change', () => {
  const changed = (occurredAt: string, contents: string, color: string | null, type = 'DiaperChanged') => ({
    type,
    recordedAt: '2026-11-21T02:00:00.000Z',
    data: { ...ref, diaperId: 'diaper-4', occurredAt, contents, color, notes: 'v1.sealed.Grandma' },
  });

  it('keeps what it held and its colour, dated when it happened', () => {
    // 15:05 UTC is 10:05 in New York on 20 November: 6 November shifted, 80 days old.
    expect(anonymiseEvent(changed('2026-11-20T15:05:00.000Z', 'dirty', 'green'), 5, facts, entryPseudonym)).toEqual({
      stream: 'c_0123456789abcdef',
      seq: 5,
      kind: 'diaper-logged',
      shiftedAt: '2026-11-06T10:05',
      localDate: '2026-11-06',
      localTime: '10:05',
      weekday: 'Fri',
      ageDays: 80,
      sex: 'Female',
      entry: 'e_of_diaper-4',
      contents: 'dirty',
      color: 'green',
    });
  });

  it('leaves out a colour the app flags for a pediatrician, as if none was picked', () => {
    const colorAt = (occurredAt: string, color: string, at = facts) => anonymiseEvent(changed(occurredAt, 'both', color, 'DiaperCorrected'), 1, at, entryPseudonym);
    expect(colorAt('2026-11-20T15:05:00.000Z', 'red')).toMatchObject({ kind: 'diaper-corrected', color: null });
    expect(colorAt('2026-11-20T15:05:00.000Z', 'white')).toMatchObject({ color: null });
    // Black is meconium in the first days: kept at 2 days old (3 September in New York), flagged at 80 days.
    expect(colorAt('2026-09-03T14:00:00.000Z', 'black')).toMatchObject({ localDate: '2026-08-20', ageDays: 2, color: 'black' });
    expect(colorAt('2026-11-20T15:05:00.000Z', 'black')).toMatchObject({ ageDays: 80, color: null });
    // Without an age nobody can tell meconium from a warning sign.
    expect(colorAt('2026-09-03T14:00:00.000Z', 'black', { ...facts, researchBirthDate: null })).toMatchObject({ ageDays: null, color: null });
    expect(colorAt('2026-09-03T14:00:00.000Z', 'yellow')).toMatchObject({ color: 'yellow' });
  });

  it('leaves out notes, ids and owners, and drops a resealing of the notes unseen', () => {
    const line = JSON.stringify(anonymiseEvent(changed('2026-11-20T15:05:00.000Z', 'wet', null), 5, facts, entryPseudonym));
    for (const secret of ['Grandma', 'sealed', ref.childId, ref.ownerId, '"diaper-4"', '2026-11-20', 'occurredAt']) expect(line).not.toContain(secret);
    const resealed = { type: 'DiaperNotesResealed', recordedAt: '2026-11-21T02:00:00.000Z', data: { ...ref, diaperId: 'diaper-4', notes: 'v1.sealed' } };
    expect(researchChildIdOf(resealed)).toBeNull();
    expect(anonymiseEvent(resealed, 6, facts, entryPseudonym)).toBeNull();
  });
});

describe('anonymising a pumping session', () => {
  const pumped = (amounts: { leftAmount: number | null; rightAmount: number | null; unit: string }, durationMinutes: number | null) => ({
    type: 'PumpingLogged',
    recordedAt: '2026-11-21T02:00:00.000Z',
    data: { ...ref, pumpingId: 'pumping-9', startedAt: '2026-11-20T15:05:00.000Z', durationMinutes, ...amounts, notes: 'v1.sealed' },
  });

  it('gives each side in ounces to the nearest quarter, whatever unit it was entered in, and leaves the unit out', () => {
    // 60 mL is 2.03 oz and 45 mL is 1.52 oz: on the quarter-ounce grid, 2 and 1.5.
    const line = anonymiseEvent(pumped({ leftAmount: 60, rightAmount: 45, unit: 'mL' }, 20), 7, facts, entryPseudonym);
    expect(line).toEqual({
      stream: 'c_0123456789abcdef',
      seq: 7,
      kind: 'pumping-logged',
      shiftedAt: '2026-11-06T10:05',
      localDate: '2026-11-06',
      localTime: '10:05',
      weekday: 'Fri',
      ageDays: 80,
      sex: 'Female',
      entry: 'e_of_pumping-9',
      durationMinutes: 20,
      leftOz: 2,
      rightOz: 1.5,
    });
    expect(JSON.stringify(line)).not.toMatch(/mL|unit|sealed/);
    // 125 mL is 4.23 oz, the quarter below 4.25; ounces entered in quarters stay as they are.
    expect(anonymiseEvent(pumped({ leftAmount: 125, rightAmount: null, unit: 'mL' }, null), 8, facts, entryPseudonym)).toMatchObject({ durationMinutes: null, leftOz: 4.25, rightOz: null });
    expect(anonymiseEvent(pumped({ leftAmount: 2.5, rightAmount: 0.75, unit: 'oz' }, 12), 9, facts, entryPseudonym)).toMatchObject({ durationMinutes: 12, leftOz: 2.5, rightOz: 0.75 });
  });
});

describe('anonymising a growth measurement', () => {
  const measured = (type: string, measures: Record<string, number | null>, enteredIn = 'metric') => ({
    type,
    recordedAt: '2026-11-21T02:00:00.000Z',
    data: { ...ref, measurementId: 'growth-2', measuredOn: '2026-11-20', ...measures, enteredIn },
  });

  it('dates it by its day alone, shifted, with the age on that day and the measures coarsened', () => {
    // 5.437 kg is 108.7 steps of 50 g: 5.45 kg. 58.26 cm and 39.74 cm to the half centimetre: 58.5 and 39.5.
    expect(anonymiseEvent(measured('GrowthMeasured', { weightKg: 5.437, lengthCm: 58.26, headCm: 39.74 }), 3, facts, entryPseudonym)).toEqual({
      stream: 'c_0123456789abcdef',
      seq: 3,
      kind: 'growth-measured',
      shiftedAt: '2026-11-06',
      localDate: '2026-11-06',
      localTime: null,
      weekday: 'Fri',
      ageDays: 80,
      sex: 'Female',
      entry: 'e_of_growth-2',
      weightKg: 5.45,
      lengthCm: 58.5,
      headCm: 39.5,
    });
  });

  it('does not tell pounds and inches from kilograms and centimetres, and keeps what was not measured null', () => {
    // 7 lb 8 oz is kept as 3.402 kg and 20 in as 50.8 cm: they leave as 3.4 kg and 51 cm, as metric measures would.
    const line = anonymiseEvent(measured('GrowthMeasurementCorrected', { weightKg: 3.402, lengthCm: 50.8, headCm: null }, 'imperial'), 4, facts, entryPseudonym);
    expect(line).toMatchObject({ kind: 'growth-corrected', weightKg: 3.4, lengthCm: 51, headCm: null });
    expect(JSON.stringify(line)).not.toMatch(/imperial|enteredIn|measuredOn|2026-11-20|"growth-2"/);
  });

  it('dates a deletion by when it was recorded, like every deletion', () => {
    const deleted = { type: 'GrowthMeasurementDeleted', recordedAt: '2026-11-21T02:00:00.000Z', data: { ...ref, measurementId: 'growth-2' } };
    expect(researchChildIdOf(deleted)).toBe(ref.childId);
    expect(anonymiseEvent(deleted, 5, facts, entryPseudonym)).toMatchObject({ kind: 'growth-deleted', shiftedAt: '2026-11-06T21:00', localTime: '21:00', entry: 'e_of_growth-2' });
  });
});

describe('what research drops', () => {
  it.each(['UserRegistered', 'AccountDeleted', 'ChildProfileUpdated', 'ChildRemoved', 'MilestoneAlertRaised'])('drops %s unseen', (type) => {
    expect(researchChildIdOf({ type, data: { ...ref, email: 'v1.sealed' } })).toBeNull();
  });

  it('follows child and entry events to their child', () => {
    expect(researchChildIdOf({ type: 'ChildRegistered', data: ref })).toBe(ref.childId);
    expect(researchChildIdOf({ type: 'SleepDeleted', data: { ...ref, sleepId: 's' } })).toBe(ref.childId);
  });
});

describe("a child's research facts", () => {
  // Shift draws 0x19 (-7 days); the research birthday draws 0x0e, the 15th day of the month.
  const digest = (message: string) => (message.startsWith('shift:') ? '00000019' : message.startsWith('birthday:') ? '0000000e' : 'abababab').padEnd(64, 'ab');
  const registered = {
    type: 'ChildRegistered',
    data: { ...ref, displayName: 'v1.name', birthDate: 'v1.birth', sex: 'Male', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'UTC' },
  };
  const updated = { ...registered, type: 'ChildProfileUpdated', data: { ...registered.data, timezone: 'Europe/Berlin', nightWindowStart: '20:00' } };
  const anonymized = { type: 'ChildAnonymized', data: { childId: ref.childId, sex: 'Male', birthMonth: '2026-09' } };
  const schedule = { timezone: 'Europe/Berlin', nightWindowStart: '20:00', nightWindowEnd: '08:00' };

  it('count ages from the opened birth date, on the shifted calendar, while the child is active', () => {
    expect(childResearchFactsOf(childResearchProfileOf([registered, updated])!, '2026-09-03', digest)).toEqual({
      pseudonym: 'c_abababababababab',
      sex: 'Male',
      researchBirthDate: '2026-08-27',
      dateShiftDays: -7,
      schedule,
    });
  });

  it('count ages from the secret day of the birth month once anonymised, with or without the key, under the same pseudonym and shift', () => {
    const profile = childResearchProfileOf([registered, updated, anonymized])!;
    const expected = { pseudonym: 'c_abababababababab', sex: 'Male', researchBirthDate: '2026-09-08', dateShiftDays: -7, schedule };
    expect(childResearchFactsOf(profile, '2026-09-03', digest)).toEqual(expected);
    expect(childResearchFactsOf(profile, null, digest)).toEqual(expected);
  });

  it('tell a child its parent removed apart, anonymised later or not', () => {
    const removed = { type: 'ChildRemoved', data: ref };
    expect(childResearchProfileOf([registered, updated])!.removed).toBe(false);
    expect(childResearchProfileOf([registered, removed])!.removed).toBe(true);
    expect(childResearchProfileOf([registered, removed, anonymized])!.removed).toBe(true);
  });

  it('have no birth date when the key is gone and anonymisation kept no month', () => {
    const profile = childResearchProfileOf([registered, { ...anonymized, data: { ...anonymized.data, birthMonth: null } }])!;
    expect(childResearchFactsOf(profile, null, digest)).toMatchObject({ researchBirthDate: null, dateShiftDays: -7 });
  });
});
