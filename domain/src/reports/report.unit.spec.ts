import { describe, expect, it } from 'vitest';
import { computeDailyInsights } from '../insights/daily-insights';
import { newYork, weekDates, weekFeedings, weekSleeps } from '../insights/ordinary-week.fixture';
import type { GrowthDocument } from '../read-models/growth/growth-document';
import { datesInRange } from '../time/zoned-time';
import { ageOn } from './child-age';
import { buildReport, type ReportInput } from './report';
import { reportWeek } from './report-week.fixture';
import { feedingKind } from '../feedings/feeding.kind';
import type { NursingSides } from '../feedings/feeding-rules';
import { pumpingKind } from '../pumpings/pumping.kind';
import { medicationKind } from '../medications/medication.kind';
import { tummyTimeKind } from '../tummy-times/tummy-time.kind';
import { temperatureKind } from '../temperatures/temperature.kind';
import type { PumpedAmounts } from '../pumpings/pumping-rules';

/** Born 2026-03-08: 90 days old on Saturday 6 June, 2 months old since 8 May, 3 months on 8 June. */
const child = { _id: '0190c0de-0000-7000-8000-000000000001', displayName: 'JB', birthDate: '2026-03-08', sex: 'Female' as const };
const week = reportWeek('2026-06-01', newYork.timezone);

/** The documents the projector keeps for the dates, from the fixture week's entries. */
function docsOf(from: string, to: string, entries = week) {
  return datesInRange(from, to).map((date) => computeDailyInsights(date, entries.feedings, entries.sleeps, newYork, entries.diapers));
}

function reportOf(from: string, to: string, extra: Partial<ReportInput> = {}) {
  return buildReport({ child, from, to, days: docsOf(from, to), growth: [], growthUnits: 'metric', ...extra });
}

const measurement = (measuredOn: string, weightKg: number | null, lengthCm: number | null): GrowthDocument => ({
  _id: `m-${measuredOn}`,
  childId: child._id,
  ownerId: 'parent',
  position: 1,
  measuredOn,
  weightKg,
  lengthCm,
  headCm: null,
  enteredIn: 'metric',
});

/** An entry's times, where its figures do not depend on them. */
const AT = { startedAt: '2026-06-01T12:00:00.000Z', endedAt: '2026-06-01T12:20:00.000Z' };

describe('the report of the fixture week, Monday 1 to Sunday 7 June 2026 in New York', () => {
  const report = reportOf('2026-06-01', '2026-06-07');

  it('counts the seven dates and the six with entries: Thursday holds only the end of Wednesday’s night', () => {
    expect(report.range).toEqual({ from: '2026-06-01', to: '2026-06-07', days: 7, daysWithEntries: 6 });
    expect(report.days.map((day) => [day.date, day.hasEntries])).toEqual([
      ['2026-06-01', true],
      ['2026-06-02', true],
      ['2026-06-03', true],
      ['2026-06-04', false],
      ['2026-06-05', true],
      ['2026-06-06', true],
      ['2026-06-07', true],
    ]);
  });

  it('gives feeds per day over the days with entries', () => {
    // 5 + 6 + 4 + 7 + 5 + 5 = 32 feeds over 6 days: 5.33.
    expect(report.feeds).toEqual({ mean: 5.3, min: 4, max: 7 });
  });

  it('adds up bottle amounts per day, in ounces and in millilitres', () => {
    // 16 + 18 + 8 + 22 + 20 + 14 = 98 oz over 6 days: 16.33 oz, 483.03 mL (29.5735 mL to the ounce);
    // 8 oz is 236.59 mL and 22 oz 650.62 mL. Nursing feeds add no amount.
    expect(report.amount).toEqual({ oz: { mean: 16.3, min: 8, max: 22 }, mL: { mean: 483, min: 237, max: 651 } });
  });

  it('counts wet and dirty diapers per day, a change with both in each', () => {
    // Wet 5 + 6 + 4 + 7 + 6 + 5 = 33: 5.5. Dirty 2 + 1 + 3 + 2 + 0 + 2 = 10: 1.67. A dry change is neither.
    expect(report.diapers).toEqual({ wet: { mean: 5.5, min: 4, max: 7 }, dirty: { mean: 1.7, min: 0, max: 3 } });
  });

  it('splits sleep per day into naps and the night of each date', () => {
    // Naps 150 + 180 + 160 + 150 + 180 + 120 = 940 over 6 days: 156.67 → 157 min.
    expect(report.sleep.day).toEqual({ meanMins: 157, meanHuman: '2h 37m', minMins: 120, minHuman: '2h 0m', maxMins: 180, maxHuman: '3h 0m' });
    // Nights 630 + 630 + 600 + 660 + 600 + 630 = 3750 over 6 days: 625 min.
    expect(report.sleep.night).toEqual({ meanMins: 625, meanHuman: '10h 25m', minMins: 600, minHuman: '10h 0m', maxMins: 660, maxHuman: '11h 0m' });
  });

  it("names the longest night stretch and the date whose night it was: Friday's 19:15 to 03:25", () => {
    expect(report.sleep.longestNightStretch).toEqual({ mins: 490, human: '8h 10m', date: '2026-06-05' });
  });

  it('has no nursing or pumping figures when no feeding recorded its sides and nothing was pumped', () => {
    expect([report.nursing, report.pumping]).toEqual([null, null]);
  });

  it('gives the minutes on the tummy per day, and the medicines given with their doses and last day', () => {
    const tummy = (localDate: string, minutes: number) => ({
      localDate,
      figures: tummyTimeKind.report!.day!({ milestone: null }, { startedAt: '2026-06-01T12:00:00.000Z', endedAt: new Date(Date.parse('2026-06-01T12:00:00.000Z') + minutes * 60_000).toISOString() })!,
    });
    const dose = (localDate: string, name: string) => ({ localDate, figures: {}, dose: medicationKind.report!.dose!({ name, dose: 2.5, doseUnit: 'mL' }) });
    const withExtras = reportOf('2026-06-01', '2026-06-07', {
      extras: [tummy('2026-06-01', 10), tummy('2026-06-01', 15), tummy('2026-06-02', 5), dose('2026-06-02', 'Paracetamol'), dose('2026-06-05', 'paracetamol '), dose('2026-06-03', 'Amoxicillin')],
    });
    // 25 minutes on the 1st, 5 on the 2nd and none on the 3rd, 5th, 6th and 7th (the 4th has nothing logged): 30 / 6 is 5.
    expect(withExtras.tummyTime).toEqual({ mean: 5, min: 0, max: 25 });
    expect(withExtras.medicines).toEqual([
      { name: 'Amoxicillin', doses: 1, lastDate: '2026-06-03' },
      { name: 'Paracetamol', doses: 2, lastDate: '2026-06-05' },
    ]);
    expect([report.tummyTime, report.medicines, report.temperatures]).toEqual([null, [], null]);
  });

  it('counts the temperatures taken and gives the highest in both scales, on the first day it was reached', () => {
    const taken = (localDate: string, temperature: number, unit: 'C' | 'F') => ({ localDate, figures: {}, reading: temperatureKind.report!.reading!({ temperature, unit, method: 'rectal' }) });
    // 101.3 °F is 38.5 °C, reached again on the 5th in °C.
    const withReadings = reportOf('2026-06-01', '2026-06-07', { extras: [taken('2026-06-02', 37.2, 'C'), taken('2026-06-03', 101.3, 'F'), taken('2026-06-05', 38.5, 'C')] });
    expect(withReadings.temperatures).toEqual({ readings: 3, highestC: 38.5, highestF: 101.3, highestDate: '2026-06-03' });
  });

  it('has no nursing figures from a feeding that recorded no sides', () => {
    expect(feedingKind.report!.day!({ amountOz: 4, enteredAmount: { value: 4, unit: 'oz' }, method: 'Bottle', type: null, sides: null }, AT)).toBeNull();
  });

  it('gives the minutes per breast and the milk pumped per day over the days with entries', () => {
    // What the feedings' and the pumping sessions' report contributions add to their days.
    const nursed = (localDate: string, sides: NursingSides) => ({ localDate, figures: feedingKind.report!.day!({ amountOz: null, enteredAmount: null, method: 'Nursing', type: null, sides }, AT)! });
    const pumped = (localDate: string, amounts: PumpedAmounts) => ({ localDate, figures: pumpingKind.report!.day!(amounts, AT)! });
    const withExtras = reportOf('2026-06-01', '2026-06-07', {
      extras: [
        nursed('2026-06-01', { leftMinutes: 15, rightMinutes: 10 }),
        nursed('2026-06-01', { leftMinutes: 5, rightMinutes: 0 }),
        nursed('2026-06-02', { leftMinutes: 12, rightMinutes: 12 }),
        pumped('2026-06-01', { leftAmount: 60, rightAmount: 45, unit: 'mL' }),
        pumped('2026-06-03', { leftAmount: 2, rightAmount: null, unit: 'oz' }),
      ],
    });
    // Six days with entries: left 20, 12, 0, 0, 0, 0 (32 / 6 = 5.3); right 10, 12, 0… (22 / 6 = 3.7).
    expect(withExtras.nursing).toEqual({ left: { mean: 5, min: 0, max: 20 }, right: { mean: 4, min: 0, max: 12 } });
    // 105 mL is 3.5505 oz; with Wednesday's 2 oz, 5.5505 oz over six days is 0.925 oz (27 mL) a day.
    expect(withExtras.pumping).toEqual({ oz: { mean: 0.9, min: 0, max: 3.6 }, mL: { mean: 27, min: 0, max: 105 } });
    expect(withExtras.days[0]).toMatchObject({ nursingLeftMins: 20, nursingRightMins: 10 });
    expect(withExtras.days[0]!.pumpedOz).toBeCloseTo(3.5505, 4);
  });

  it('keeps every date for the charts, Thursday with nothing', () => {
    expect(report.days[0]).toEqual({
      date: '2026-06-01',
      hasEntries: true,
      feedCount: 5,
      totalOz: 16,
      wetCount: 5,
      dirtyCount: 2,
      dayMins: 150,
      nightMins: 630,
      longestNightStretchMins: 420,
      nursingLeftMins: 0,
      nursingRightMins: 0,
      pumpedOz: 0,
      tummyTimeMins: 0,
    });
    expect(report.days[3]).toEqual({
      date: '2026-06-04',
      hasEntries: false,
      feedCount: 0,
      totalOz: 0,
      wetCount: 0,
      dirtyCount: 0,
      dayMins: 0,
      nightMins: 0,
      longestNightStretchMins: null,
      nursingLeftMins: 0,
      nursingRightMins: 0,
      pumpedOz: 0,
      tummyTimeMins: 0,
    });
    expect(report.days.map((day) => day.feedCount)).toEqual([5, 6, 4, 0, 7, 5, 5]);
    expect(report.days.map((day) => [day.dayMins, day.nightMins])).toEqual([
      [150, 630],
      [180, 630],
      [160, 600],
      [0, 0],
      [150, 660],
      [180, 600],
      [120, 630],
    ]);
  });

  it("gives the child's age and the feeding guide's milestone on the last date", () => {
    expect(report.child).toEqual({ id: child._id, displayName: 'JB', birthDate: '2026-03-08', sex: 'Female' });
    expect(report.age).toEqual({ days: 91, text: '2 months 30 days' });
    expect(report.milestone).toEqual({
      key: '2-months',
      label: '2 months',
      amountPerFeeding: '4–5 oz (120–150 mL)',
      feedingsPerDay: '6–7',
      source: 'AAP, HealthyChildren.org, "Amount and Schedule of Baby Formula Feedings"; CHOP Infant Feeding Guide',
    });
  });

  it('has no measurements when none were given', () => {
    expect(report.growth).toEqual([]);
  });
});

describe('a range with growth measurements', () => {
  const growth = [measurement('2026-06-08', 5.7, null), measurement('2026-06-06', 5.6, 59.5), measurement('2026-05-31', 5.3, null), measurement('2026-06-01', 5.4, null), measurement('2026-06-07', null, 60)];

  it('keeps the measurements dated in the range, both ends included, oldest first', () => {
    const report = reportOf('2026-06-01', '2026-06-07', { growth });
    expect(report.growth.map((m) => m.measuredOn)).toEqual(['2026-06-01', '2026-06-06', '2026-06-07']);
  });

  it('gives each its age and WHO percentiles, written in the reader’s system', () => {
    const [, saturday] = reportOf('2026-06-01', '2026-06-07', { growth }).growth;
    // A girl of 90 days: 5.6 kg is at the 38.3rd percentile, 59.5 cm at the 46.5th.
    expect(saturday).toMatchObject({
      measuredOn: '2026-06-06',
      ageDays: 90,
      weightKg: 5.6,
      lengthCm: 59.5,
      headCm: null,
      display: { weight: '5.6 kg', length: '59.5 cm', head: null },
      percentiles: { weight: 38.3, length: 46.5, head: null },
    });
    const imperial = reportOf('2026-06-01', '2026-06-07', { growth, growthUnits: 'imperial' }).growth[1]!;
    // 5.6 / 0.45359237 = 12.346 lb; 59.5 / 2.54 = 23.425 in.
    expect(imperial.display).toEqual({ weight: '12.35 lb', length: '23.43 in', head: null });
  });
});

describe('days with nothing logged', () => {
  it('count in the range and in no figure: a range of them has no figures at all', () => {
    const report = buildReport({ child, from: '2026-05-25', to: '2026-05-31', days: [], growth: [], growthUnits: null });
    expect(report.range).toEqual({ from: '2026-05-25', to: '2026-05-31', days: 7, daysWithEntries: 0 });
    expect(report.feeds).toBeNull();
    expect(report.amount).toBeNull();
    expect(report.diapers).toBeNull();
    expect(report.sleep).toEqual({ day: null, night: null, longestNightStretch: null });
    expect(report.days.every((day) => !day.hasEntries && day.feedCount === 0)).toBe(true);
  });

  it('leave the means of the other days as they are', () => {
    // Wednesday and Thursday: only Wednesday has entries, so its numbers are the report's.
    const report = reportOf('2026-06-03', '2026-06-04');
    expect(report.range.daysWithEntries).toBe(1);
    expect(report.feeds).toEqual({ mean: 4, min: 4, max: 4 });
    expect(report.amount?.oz).toEqual({ mean: 8, min: 8, max: 8 });
    expect(report.sleep.night?.meanHuman).toBe('10h 0m');
    expect(report.sleep.longestNightStretch).toEqual({ mins: 450, human: '7h 30m', date: '2026-06-03' });
  });

  it('do not include a date that holds only the end of the night before', () => {
    // Thursday's calendar day holds 00:00-03:30 and 04:00-06:30 (210 + 150 minutes), both of Wednesday's night.
    const [thursday] = docsOf('2026-06-04', '2026-06-04');
    expect(thursday!.sleep.calendarDaySleepMins).toBe(360);
    expect(reportOf('2026-06-04', '2026-06-04').range.daysWithEntries).toBe(0);
  });

  it('count diapers as none on a tracked date where no change was logged', () => {
    const withoutChanges = { ...week, diapers: [] };
    const report = buildReport({ child, from: '2026-06-01', to: '2026-06-07', days: docsOf('2026-06-01', '2026-06-07', withoutChanges), growth: [], growthUnits: null });
    expect(report.range.daysWithEntries).toBe(6);
    expect(report.diapers).toEqual({ wet: { mean: 0, min: 0, max: 0 }, dirty: { mean: 0, min: 0, max: 0 } });
  });
});

describe('ties, ages and milestones', () => {
  it('names the first of equally long night stretches', () => {
    // The ordinary week: every night's longest sleep is 19:30 to 02:10, 400 minutes.
    const days = weekDates.map((date) => computeDailyInsights(date, weekFeedings, weekSleeps, newYork));
    const report = buildReport({ child, from: '2026-06-01', to: '2026-06-07', days, growth: [], growthUnits: null });
    expect(report.sleep.longestNightStretch).toEqual({ mins: 400, human: '6h 40m', date: '2026-06-01' });
  });

  it('reads ages in calendar months', () => {
    expect(ageOn('2026-03-08', '2026-03-08')).toEqual({ days: 0, text: '0 days' });
    expect(ageOn('2026-03-08', '2026-03-09')).toEqual({ days: 1, text: '1 day' });
    expect(ageOn('2026-03-08', '2026-04-07')).toEqual({ days: 30, text: '30 days' });
    expect(ageOn('2026-03-08', '2026-04-08')).toEqual({ days: 31, text: '1 month' });
    expect(ageOn('2026-03-08', '2026-04-09')).toEqual({ days: 32, text: '1 month 1 day' });
    expect(ageOn('2026-03-08', '2026-06-08')).toEqual({ days: 92, text: '3 months' });
    // Born on the 31st: one month old on the last day of February.
    expect(ageOn('2026-01-31', '2026-02-28')).toEqual({ days: 28, text: '1 month' });
    expect(ageOn('2024-02-10', '2026-05-10')).toEqual({ days: 820, text: '2 years 3 months' });
    expect(ageOn('2024-02-10', '2026-02-10')).toEqual({ days: 731, text: '2 years' });
    expect(ageOn('2026-03-08', '2026-03-07')).toBeNull();
  });

  it("takes the milestone the child has reached on the range's last date", () => {
    const milestoneOn = (to: string) => buildReport({ child, from: to, to, days: [], growth: [], growthUnits: null }).milestone?.label ?? null;
    expect(milestoneOn('2026-03-07')).toBeNull();
    expect(milestoneOn('2026-03-08')).toBe('Newborn');
    expect(milestoneOn('2026-04-07')).toBe('Newborn');
    expect(milestoneOn('2026-04-08')).toBe('1 month');
    expect(milestoneOn('2026-07-07')).toBe('2 months');
    expect(milestoneOn('2026-07-08')).toBe('4 months');
    expect(milestoneOn('2027-03-08')).toBe('12 months');
  });
});
