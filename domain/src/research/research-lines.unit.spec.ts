import { describe, expect, it } from 'vitest';
import { upcastEvent } from '../events/event-registry';
import type { ChildResearchFacts } from './child-research-facts';
import { researchLineSchema } from './research-line.schemas';
import { childLineBuilder, researchChildIdOf, type EntryLine, type ResearchLine } from './research-lines';

// Born 2026-09-01 in New York, shifted back two weeks: ages count from 18 August on the shifted calendar.
const facts: ChildResearchFacts = {
  pseudonym: 'c_0123456789abcdef',
  sex: 'Female',
  researchBirthDate: '2026-08-18',
  ageFrom: 'birth-date',
  dateShiftDays: -14,
  schedule: { timezone: 'America/New_York', nightWindowStart: '19:00', nightWindowEnd: '08:00' },
};
const OPEN = '2099-01-01';
const ref = { childId: '0190c0de-0000-7000-8000-000000000001', ownerId: '0190c0de-0000-7000-8000-0000000000aa' };
// A stand-in for the keyed digest: the id's characters in hex, 16 digits.
const hex = (text: string) => [...text].map((char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
const entryPseudonym = (id: string) => `e_${hex(id).padStart(16, '0').slice(-16)}`;

/** The lines of `events` in order, numbered from 1, for a release that leaves out `cutoff` on. */
function linesOf(events: { type: string; data: unknown }[], cutoff = OPEN, childFacts = facts): (ResearchLine | null)[] {
  const lineOf = childLineBuilder(childFacts, cutoff, entryPseudonym);
  return events.map((event, index) => lineOf(event, index + 1));
}
const lineOf = (event: { type: string; data: unknown }, cutoff = OPEN, childFacts = facts) => linesOf([event], cutoff, childFacts)[0]!;

const NO_COLUMNS = {
  method: null,
  type: null,
  amountOz: null,
  leftMinutes: null,
  rightMinutes: null,
  night: null,
  roomTempF: null,
  whiteNoise: null,
  sleepSackTog: null,
  contents: null,
  color: null,
  leftOz: null,
  rightOz: null,
  solidAmount: null,
  solidReaction: null,
  temperatureC: null,
  temperatureMethod: null,
  weightKg: null,
  lengthCm: null,
  headCm: null,
};

const feeding = (type: string, id: string, details: Record<string, unknown>) => ({
  type,
  data: { ...ref, feedingId: id, startedAt: '2026-11-20T15:05:00.000Z', endedAt: '2026-11-20T15:25:30.000Z', amountOz: 4.5, enteredAmount: null, method: 'Bottle', type: 'Formula', sides: null, notes: 'v1.sealed.Grandma', ...details },
});

describe('a feeding line', () => {
  it('says when on the shifted clock, with exact minutes since the shifted birth, and what research keeps', () => {
    // 15:05 UTC on 20 November moved back 14 days is 15:05 UTC on 6 November: 10:05 EST, a Friday, 80 days after 18 August.
    // From 00:00 EDT on 18 August (04:00 UTC) to 15:05 UTC on 6 November: 80 days and 11 h 05 min, 115,865 minutes
    // (60 more than 80 days and 10:05 on the wall: the clock fell back an hour in between). Seconds are dropped.
    expect(lineOf(feeding('FeedingLogged', 'feeding-7', {}))).toEqual({
      schemaVersion: 2,
      stream: 'c_0123456789abcdef',
      seq: 1,
      kind: 'feeding-logged',
      entry: entryPseudonym('feeding-7'),
      sex: 'Female',
      shiftedAt: '2026-11-06T10:05',
      shiftedEndAt: '2026-11-06T10:25',
      localDate: '2026-11-06',
      localTime: '10:05',
      weekday: 'Fri',
      ageDays: 80,
      minute: 115_865,
      endMinute: 115_885,
      durationMinutes: 20,
      clockChangeMinutes: 0,
      ...NO_COLUMNS,
      method: 'Bottle',
      type: 'Formula',
      amountOz: 4.5,
    });
  });

  it('leaves out notes, owner, child and entry ids, real dates and the unit', () => {
    const line = JSON.stringify(lineOf(feeding('FeedingLogged', 'feeding-7', { enteredAmount: { value: 133, unit: 'mL' } })));
    for (const secret of ['Grandma', 'sealed', ref.childId, ref.ownerId, '"feeding-7"', '2026-11-20', 'mL', 'enteredAmount']) expect(line).not.toContain(secret);
  });

  it('gives 90 mL and 3 oz the same amount, on the quarter-ounce grid pumping uses', () => {
    // 90 mL is kept as 3.0433 oz; on the grid both are 3. 60 mL (2.029 oz) is 2, 125 mL (4.227 oz) is 4.25.
    const inMillilitres = lineOf(feeding('FeedingLogged', 'feeding-1', { amountOz: 90 / 29.5735, enteredAmount: { value: 90, unit: 'mL' } })) as EntryLine;
    const inOunces = lineOf(feeding('FeedingLogged', 'feeding-2', { amountOz: 3, enteredAmount: { value: 3, unit: 'oz' } })) as EntryLine;
    const { entry: _a, ...millilitreLine } = inMillilitres;
    const { entry: _b, ...ounceLine } = inOunces;
    expect(millilitreLine).toEqual(ounceLine);
    expect(inOunces.amountOz).toBe(3);
    expect((lineOf(feeding('FeedingLogged', 'f', { amountOz: 60 / 29.5735 })) as EntryLine).amountOz).toBe(2);
    expect((lineOf(feeding('FeedingLogged', 'f', { amountOz: 125 / 29.5735 })) as EntryLine).amountOz).toBe(4.25);
  });

  it("keeps a nursing feeding's minutes on each breast", () => {
    const nursing = feeding('FeedingLogged', 'feeding-3', { method: 'Nursing', type: null, amountOz: null, sides: { leftMinutes: 12, rightMinutes: 8 } });
    expect(lineOf(nursing)).toMatchObject({ method: 'Nursing', type: null, amountOz: null, leftMinutes: 12, rightMinutes: 8, durationMinutes: 20 });
  });
});

describe('a withdrawn entry', () => {
  it("carries the deleted entry's own dates, never when it was deleted", () => {
    const [logged, deleted] = linesOf([feeding('FeedingLogged', 'feeding-7', {}), { type: 'FeedingDeleted', data: { ...ref, feedingId: 'feeding-7' } }]) as EntryLine[];
    expect(deleted).toEqual({ ...logged, seq: 2, kind: 'feeding-deleted', ...NO_COLUMNS });
  });

  it('brings a deleted entry back with the values it had when the deletion is undone', () => {
    const deletion = { type: 'FeedingDeleted', data: { ...ref, feedingId: 'feeding-7' } };
    const [logged, , restored] = linesOf([feeding('FeedingLogged', 'feeding-7', {}), deletion, feeding('FeedingRestored', 'feeding-7', {})]) as EntryLine[];
    expect(restored).toEqual({ ...logged, seq: 3, kind: 'feeding-restored' });
  });

  it('is withdrawn when corrected to a time past the release, and comes back when the release reaches it', () => {
    // Corrected from 6 November to 28 December on the shifted calendar (11 January really).
    const events = [feeding('FeedingLogged', 'feeding-7', {}), feeding('FeedingCorrected', 'feeding-7', { startedAt: '2027-01-11T15:05:00.000Z', endedAt: '2027-01-11T15:25:00.000Z' })];
    const [logged, moved] = linesOf(events, '2026-12-01') as EntryLine[];
    expect(moved).toEqual({ ...logged, seq: 2, kind: 'feeding-deleted', ...NO_COLUMNS });
    expect(linesOf(events, '2027-01-01')[1]).toMatchObject({ kind: 'feeding-corrected', localDate: '2026-12-28', localTime: '10:05' });
  });

  it('gives no line for an entry that never had one', () => {
    // Logged past the release and deleted: nobody holds it, so nothing needs withdrawing.
    expect(linesOf([feeding('FeedingLogged', 'feeding-7', {}), { type: 'FeedingDeleted', data: { ...ref, feedingId: 'feeding-7' } }], '2026-11-01')).toEqual([null, null]);
  });
});

describe("a child's own lines", () => {
  const registered = { type: 'ChildRegistered', data: { ...ref, displayName: 'v1.name', birthDate: 'v1.birth', sex: 'Female', nightWindowStart: '19:00', nightWindowEnd: '08:00', timezone: 'America/New_York' } };

  it('carry no date: they were recorded at a time research must not know', () => {
    expect(lineOf(registered)).toEqual({
      schemaVersion: 2,
      stream: 'c_0123456789abcdef',
      seq: 1,
      kind: 'child-registered',
      sex: 'Female',
      shiftedBirthDate: '2026-08-18',
      ageFrom: 'birth-date',
      nightWindowStart: '19:00',
      nightWindowEnd: '08:00',
    });
    expect(lineOf({ type: 'ChildAnonymized', data: { childId: ref.childId, sex: 'Female', birthMonth: '2026-09' } })).toEqual({
      schemaVersion: 2,
      stream: 'c_0123456789abcdef',
      seq: 1,
      kind: 'child-anonymized',
    });
  });

  it('are numbered with the entries; profile edits and answers about research are no step of the history', () => {
    expect(researchChildIdOf(registered)).toBe(ref.childId);
    for (const type of ['ChildProfileUpdated', 'ChildResearchConsentChanged', 'ChildRemoved', 'UserRegistered', 'MilestoneAlertRaised', 'FeedingNotesResealed']) {
      expect(researchChildIdOf({ type, data: { ...ref, consent: true } })).toBeNull();
    }
  });
});

describe('the clock of the lines', () => {
  // New York's clock fell back at 02:00 EDT on 1 November 2026 (06:00 UTC). With a shift of +14 days the
  // real night of 18 October is that night on the shifted calendar.
  const later = { ...facts, researchBirthDate: '2026-09-15', dateShiftDays: 14 };
  const sleep = (id: string, startedAt: string, endedAt: string) => ({ type: 'SleepLogged', data: { ...ref, sleepId: id, startedAt, endedAt, environment: null, notes: 'v1.sealed' } });

  it('gives exact intervals across a clock change: 96 minutes passed where the wall clock shows 36', () => {
    // Asleep 22:00 EDT → 01:20 EDT (02:00 → 05:20 UTC), awake until 01:56 EST (06:56 UTC): 96 minutes later.
    const [night, next] = linesOf([sleep('s1', '2026-10-18T02:00:00.000Z', '2026-10-18T05:20:00.000Z'), sleep('s2', '2026-10-18T06:56:00.000Z', '2026-10-18T10:00:00.000Z')], OPEN, later) as EntryLine[];
    expect(night).toMatchObject({ shiftedAt: '2026-10-31T22:00', shiftedEndAt: '2026-11-01T01:20', durationMinutes: 200, clockChangeMinutes: 0 });
    expect(next).toMatchObject({ shiftedAt: '2026-11-01T01:56', localDate: '2026-11-01', clockChangeMinutes: -60 });
    expect(next!.minute! - night!.endMinute!).toBe(96);
  });

  it('marks the line whose own span holds the change', () => {
    // 22:00 EDT → 06:00 EST: 9 hours passed, 8 on the wall.
    expect(lineOf(sleep('s3', '2026-10-18T02:00:00.000Z', '2026-10-18T11:00:00.000Z'), OPEN, later)).toMatchObject({
      shiftedAt: '2026-10-31T22:00',
      shiftedEndAt: '2026-11-01T06:00',
      durationMinutes: 540,
      clockChangeMinutes: -60,
    });
  });

  it("tells night from nap on that same clock, and keeps only the sleep sack's TOG rating", () => {
    // 00:30 UTC on 21 November moved back two weeks: 19:30 EST on 6 November, at or after the window's 19:00.
    const environment = { roomTemp: 68, whiteNoise: true, sleepSackTag: 'v1.sealed.tag', sleepSackTog: 2.5 };
    const night = lineOf({ type: 'SleepCorrected', data: { ...ref, sleepId: 's4', startedAt: '2026-11-21T00:30:00Z', endedAt: '2026-11-21T04:00:00Z', environment, notes: 'v1.sealed' } });
    expect(night).toMatchObject({ kind: 'sleep-corrected', localDate: '2026-11-06', localTime: '19:30', durationMinutes: 210, night: true, roomTempF: 68, whiteNoise: true, sleepSackTog: 2.5 });
    expect(JSON.stringify(night)).not.toContain('sealed');
    const plain = upcastEvent({ type: 'SleepLogged', data: { ...ref, sleepId: 's5', startedAt: '2026-11-20T18:00:00Z', endedAt: '2026-11-20T19:10:00Z', environment: { roomTemp: 68, whiteNoise: false, sleepSackTag: "Josephine's, 1.0 TOG" }, notes: 'x' }, metadata: { schemaVersion: 1 } });
    const nap = lineOf(plain);
    expect(nap).toMatchObject({ night: false, durationMinutes: 70, roomTempF: 68, whiteNoise: false, sleepSackTog: 1 });
    expect(JSON.stringify(nap)).not.toContain('Josephine');
  });
});

describe('other kinds', () => {
  const changed = (occurredAt: string, contents: string, color: string | null) => ({ type: 'DiaperChanged', data: { ...ref, diaperId: 'diaper-4', occurredAt, contents, color, notes: 'v1.sealed' } });

  it('dates a diaper change by its instant, without an end, and leaves out the colours the app flags', () => {
    expect(lineOf(changed('2026-11-20T15:05:00.000Z', 'dirty', 'green'))).toMatchObject({ shiftedAt: '2026-11-06T10:05', shiftedEndAt: null, endMinute: null, durationMinutes: null, contents: 'dirty', color: 'green' });
    expect(lineOf(changed('2026-11-20T15:05:00.000Z', 'both', 'red'))).toMatchObject({ color: null });
    // Black is meconium at 2 days old, a warning sign at 80.
    expect(lineOf(changed('2026-09-03T14:00:00.000Z', 'dirty', 'black'))).toMatchObject({ ageDays: 2, color: 'black' });
    expect(lineOf(changed('2026-11-20T15:05:00.000Z', 'dirty', 'black'))).toMatchObject({ ageDays: 80, color: null });
  });

  it('leaves black out without an age, and drops a resealing of the notes unseen', () => {
    expect(lineOf(changed('2026-09-03T14:00:00.000Z', 'dirty', 'black'), OPEN, { ...facts, researchBirthDate: null, ageFrom: null })).toMatchObject({ ageDays: null, minute: null, color: null });
    const resealed = { type: 'DiaperNotesResealed', data: { ...ref, diaperId: 'diaper-4', notes: 'v1.sealed' } };
    expect(researchChildIdOf(resealed)).toBeNull();
    expect(lineOf(resealed)).toBeNull();
  });

  it('gives each pumped side in ounces on the quarter-ounce grid, whatever unit it was entered in', () => {
    // 60 mL is 2.03 oz and 45 mL is 1.52 oz: 2 and 1.5. Ounces entered in quarters stay as they are.
    const pumped = (leftAmount: number, rightAmount: number, unit: string) => ({ type: 'PumpingLogged', data: { ...ref, pumpingId: 'p9', startedAt: '2026-11-20T15:05:00.000Z', durationMinutes: 20, leftAmount, rightAmount, unit, notes: 'x' } });
    expect(lineOf(pumped(60, 45, 'mL'))).toMatchObject({ leftOz: 2, rightOz: 1.5 });
    expect(lineOf(pumped(2.5, 0.75, 'oz'))).toMatchObject({ leftOz: 2.5, rightOz: 0.75 });
    expect(JSON.stringify(lineOf(pumped(60, 45, 'mL')))).not.toMatch(/mL|unit/);
  });

  it('gives a solid food meal as how much was eaten and whether there was a reaction, never the food', () => {
    const meal = { type: 'SolidLogged', data: { ...ref, solidId: 'm1', occurredAt: '2026-11-20T15:05:00.000Z', food: 'v1.sealed.Peanut butter', amount: 'taste', reaction: true, notes: 'v1.sealed.Hives' } };
    const line = lineOf(meal);
    expect(line).toMatchObject({ kind: 'solid-logged', shiftedAt: '2026-11-06T10:05', shiftedEndAt: null, durationMinutes: null, solidAmount: 'taste', solidReaction: true, contents: null, leftOz: null });
    expect(JSON.stringify(line)).not.toMatch(/sealed|Peanut|Hives|food/i);
  });

  it('says that a medicine was given, and when, and nothing of which one or how much', () => {
    const dose = { type: 'MedicationLogged', data: { ...ref, medicationId: 'x1', occurredAt: '2026-11-20T15:05:00.000Z', name: 'v1.sealed.Amoxicillin', dose: 2.5, doseUnit: 'mL', notes: 'x' } };
    const line = lineOf(dose);
    expect(line).toEqual({ ...lineOf({ type: 'SolidLogged', data: { ...ref, solidId: 'x1', occurredAt: '2026-11-20T15:05:00.000Z', food: 'x', amount: 'all', reaction: false, notes: 'x' } }), kind: 'medication-logged', solidAmount: null, solidReaction: null });
    expect(JSON.stringify(line)).not.toMatch(/sealed|Amoxicillin|2\.5|mL|dose/i);
  });

  it('gives a temperature in °C to a tenth whatever it was entered in, the extremes at the edge of the common range', () => {
    const taken = (temperature: number, unit: string, method = 'rectal') => lineOf({ type: 'TemperatureLogged', data: { ...ref, temperatureId: 't1', occurredAt: '2026-11-20T15:05:00.000Z', temperature, unit, method, notes: 'x' } });
    // 100.4 °F is 38 °C; 101.3 °F is 38.5 °C; 38.2 °C stays.
    expect(taken(100.4, 'F')).toMatchObject({ kind: 'temperature-logged', temperatureC: 38, temperatureMethod: 'rectal', shiftedEndAt: null });
    expect(taken(101.3, 'F', 'ear')).toMatchObject({ temperatureC: 38.5, temperatureMethod: 'ear' });
    expect(taken(38.2, 'C')).toMatchObject({ temperatureC: 38.2 });
    expect([taken(41.6, 'C'), taken(34.2, 'C')].map((line) => (line as EntryLine).temperatureC)).toEqual([40.5, 35.5]);
    expect(JSON.stringify(taken(100.4, 'F'))).not.toMatch(/"F"|unit/);
  });

  it('does not tell pounds and inches from kilograms and centimetres', () => {
    // 7 lb 8 oz is kept as 3.402 kg and 20 in as 50.8 cm: they leave as 3.4 kg and 51 cm, as metric measures would.
    const imperial = { type: 'GrowthMeasurementCorrected', data: { ...ref, measurementId: 'g3', measuredOn: '2026-11-20', weightKg: 3.402, lengthCm: 50.8, headCm: null, enteredIn: 'imperial' } };
    expect(lineOf(imperial)).toMatchObject({ kind: 'growth-corrected', weightKg: 3.4, lengthCm: 51, headCm: null });
    expect(JSON.stringify(lineOf(imperial))).not.toMatch(/imperial|enteredIn|measuredOn|2026-11-20/);
  });

  it('ends a timed pumping session after its minutes, and gives an untimed one no end', () => {
    const pumping = (durationMinutes: number | null) => ({ type: 'PumpingLogged', data: { ...ref, pumpingId: 'p1', startedAt: '2026-11-20T15:05:00.000Z', durationMinutes, leftAmount: 90, rightAmount: 75, unit: 'mL', notes: 'x' } });
    expect(lineOf(pumping(15))).toMatchObject({ shiftedEndAt: '2026-11-06T10:20', durationMinutes: 15, leftOz: 3, rightOz: 2.5 });
    expect(lineOf(pumping(null))).toMatchObject({ shiftedEndAt: null, durationMinutes: null });
  });

  it('dates a measurement by its day alone, with the measures coarsened', () => {
    const measured = { type: 'GrowthMeasured', data: { ...ref, measurementId: 'g2', measuredOn: '2026-11-20', weightKg: 5.437, lengthCm: 58.26, headCm: 39.74, enteredIn: 'imperial' } };
    expect(lineOf(measured)).toEqual({
      schemaVersion: 2,
      stream: 'c_0123456789abcdef',
      seq: 1,
      kind: 'growth-logged',
      entry: entryPseudonym('g2'),
      sex: 'Female',
      shiftedAt: null,
      shiftedEndAt: null,
      localDate: '2026-11-06',
      localTime: null,
      weekday: 'Fri',
      ageDays: 80,
      minute: null,
      endMinute: null,
      durationMinutes: null,
      clockChangeMinutes: null,
      ...NO_COLUMNS,
      weightKg: 5.45,
      lengthCm: 58.5,
      headCm: 39.5,
    });
  });
});

describe('the codebook', () => {
  it('describes every line the builder writes, and nothing else', () => {
    const events = [
      feeding('FeedingLogged', 'f1', {}),
      { type: 'SleepLogged', data: { ...ref, sleepId: 's1', startedAt: '2026-11-20T01:00:00Z', endedAt: '2026-11-20T05:00:00Z', environment: null, notes: 'x' } },
      { type: 'DiaperChanged', data: { ...ref, diaperId: 'd1', occurredAt: '2026-11-20T15:05:00Z', contents: 'wet', color: null, notes: 'x' } },
      { type: 'PumpingLogged', data: { ...ref, pumpingId: 'p1', startedAt: '2026-11-20T15:05:00Z', durationMinutes: null, leftAmount: 2, rightAmount: null, unit: 'oz', notes: 'x' } },
      { type: 'GrowthMeasured', data: { ...ref, measurementId: 'g1', measuredOn: '2026-11-20', weightKg: 5, lengthCm: null, headCm: null, enteredIn: 'metric' } },
      { type: 'FeedingDeleted', data: { ...ref, feedingId: 'f1' } },
    ];
    for (const line of linesOf(events)) expect(researchLineSchema.safeParse(line).error).toBeUndefined();
    expect(researchLineSchema.safeParse({ ...(lineOf(events[0]!) as EntryLine), notes: 'x' }).success).toBe(false);
  });
});
