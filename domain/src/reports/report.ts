import type { Sex } from '../children/child.events';
import type { DailyInsightsDocument } from '../insights/daily-insights';
import { humanDuration } from '../insights/human-forms';
import { mean } from '../insights/sums';
import { FEEDING_MILESTONES, type MilestoneKey } from '../milestones/feeding-guide';
import { milestoneDate } from '../milestones/milestone-schedule';
import { growthApiView, type GrowthDocument } from '../read-models/growth/growth-document';
import { datesInRange, type LocalDate } from '../time/zoned-time';
import type { GrowthUnits } from '../units/units';
import { toMillilitres } from '../units/volume';
import { ageOn, type ChildAge } from './child-age';
import type { ReportDayFigures, ReportDose, ReportFood, ReportReading } from './report-contribution';

/** A per-day figure over the days with entries: its mean and the lowest and highest day. */
export interface DayStat {
  mean: number;
  min: number;
  max: number;
}

/** Minutes of sleep per day over the days with entries, with their 'Xh Ym' forms. */
export interface SleepStat {
  meanMins: number;
  meanHuman: string;
  minMins: number;
  minHuman: string;
  maxMins: number;
  maxHuman: string;
}

/** One date of the range, as the report's charts draw it. */
export interface ReportDay {
  date: LocalDate;
  /** False for a date with nothing logged: it counts in no mean, minimum or maximum. */
  hasEntries: boolean;
  feedCount: number;
  /** Ounces of the feedings that start on the date (as `totalOz24h`), unrounded. */
  totalOz: number;
  wetCount: number;
  dirtyCount: number;
  dayMins: number;
  nightMins: number;
  longestNightStretchMins: number | null;
  /** Minutes of nursing on each breast, from the feedings that recorded them (a timer's). */
  nursingLeftMins: number;
  nursingRightMins: number;
  /** Ounces pumped, both sides, unrounded. */
  pumpedOz: number;
  /** Minutes on the tummy. */
  tummyTimeMins: number;
}

export type ReportMeasurement = ReturnType<typeof growthApiView>;

/** A medicine given in the range: how many doses, and the last day one was given. */
export interface ReportMedicine {
  name: string;
  doses: number;
  lastDate: LocalDate;
}

/** A food tried in the range: first when, how many meals of it, and how many with a reaction. */
export interface ReportFoodTried {
  food: string;
  firstDate: LocalDate;
  meals: number;
  reactions: number;
}

/** GET /api/children/{id}/report: what a pediatrician reads about a child over a range of local dates. */
export interface ReportView {
  child: { id: string; displayName: string; birthDate: LocalDate; sex: Sex };
  /** The child's age on the last date of the range; null for a range that ends before the birth date. */
  age: ChildAge | null;
  range: { from: LocalDate; to: LocalDate; days: number; daysWithEntries: number };
  /** Each null when no date of the range has an entry. */
  feeds: DayStat | null;
  amount: { oz: DayStat; mL: DayStat } | null;
  diapers: { wet: DayStat; dirty: DayStat } | null;
  /** Minutes per breast per day; null when no feeding of the range recorded its sides. */
  nursing: { left: DayStat; right: DayStat } | null;
  /** Milk pumped per day; null when nothing was pumped in the range. */
  pumping: { oz: DayStat; mL: DayStat } | null;
  /** Minutes on the tummy per day; null when none was logged in the range. */
  tummyTime: DayStat | null;
  sleep: {
    day: SleepStat | null;
    night: SleepStat | null;
    /** The longest single night sleep of the nights of the range, and the date whose night it was. */
    longestNightStretch: { mins: number; human: string; date: LocalDate } | null;
  };
  days: ReportDay[];
  /** Measurements dated in the range, oldest first, as GET /growth answers them. */
  growth: ReportMeasurement[];
  /** The solid foods of the range, by when each was first given; empty when none was logged. */
  foods: ReportFoodTried[];
  /** The medicines given in the range, by name; empty when none was logged. */
  medicines: ReportMedicine[];
  /** The temperatures taken in the range: how many, and the highest (the first day it was reached); null when none. */
  temperatures: { readings: number; highestC: number; highestF: number; highestDate: LocalDate } | null;
  /** The feeding guide's milestone the child has reached on the last date of the range. */
  milestone: { key: MilestoneKey; label: string; amountPerFeeding: string; feedingsPerDay: string; source: string } | null;
}

export interface ReportInput {
  child: { _id: string; displayName: string; birthDate: LocalDate; sex: Sex };
  from: LocalDate;
  to: LocalDate;
  /** The daily insight documents of the range's dates; a date without one has nothing logged. */
  days: readonly DailyInsightsDocument[];
  /** The child's measurements; those dated outside the range are left out. */
  growth: readonly GrowthDocument[];
  /** The reader's system for the measurements' `display`, null until they choose. */
  growthUnits: GrowthUnits | null;
  /** What the entries of the range add to the day each started on (a nursing feeding's sides, milk pumped). */
  extras?: readonly ReportExtra[];
}

/** The figures one entry adds to the local date it started on, and the food it names. */
export type ReportExtra = { localDate: LocalDate; figures: Partial<ReportDayFigures>; food?: ReportFood; dose?: ReportDose; reading?: ReportReading };

const oneDecimal = (value: number): number => Math.round(value * 10) / 10;
const wholeMillilitres = (oz: number): number => Math.round(toMillilitres(oz, 'oz'));

/** A date counts as tracked when anything its figures count was logged: a feeding, a nap, a night sleep or a diaper change. */
export function hasEntries(doc: DailyInsightsDocument): boolean {
  return doc.feeding.feedCount > 0 || doc.sleep.napCount > 0 || doc.sleep.longestNightStretchMins !== null || (doc.diapers?.changeCount ?? 0) > 0;
}

function reportDay(date: LocalDate, doc: DailyInsightsDocument | undefined, extras: readonly ReportExtra[]): ReportDay {
  let nursingLeftMins = 0;
  let nursingRightMins = 0;
  let pumpedOz = 0;
  let tummyTimeMins = 0;
  for (const { figures } of extras) {
    tummyTimeMins += figures.tummyTimeMins ?? 0;
    nursingLeftMins += figures.nursingLeftMins ?? 0;
    nursingRightMins += figures.nursingRightMins ?? 0;
    pumpedOz += figures.pumpedOz ?? 0;
  }
  return {
    date,
    // A day of tummy time or medicines alone was tracked too.
    hasEntries: (doc ? hasEntries(doc) : false) || extras.length > 0,
    feedCount: doc?.feeding.feedCount ?? 0,
    totalOz: doc?.feeding.totalOz24h ?? 0,
    // A document stored before diapers were tracked has none.
    wetCount: doc?.diapers?.wetCount ?? 0,
    dirtyCount: doc?.diapers?.dirtyCount ?? 0,
    dayMins: doc?.sleep.totalDayMins ?? 0,
    nightMins: doc?.sleep.totalNightMins ?? 0,
    longestNightStretchMins: doc?.sleep.longestNightStretchMins ?? null,
    nursingLeftMins,
    nursingRightMins,
    pumpedOz,
    tummyTimeMins,
  };
}

function dayStat(values: readonly number[], round: (value: number) => number): DayStat {
  return { mean: round(mean(values)), min: round(Math.min(...values)), max: round(Math.max(...values)) };
}

function sleepStat(mins: readonly number[]): SleepStat {
  const meanMins = Math.round(mean(mins));
  const minMins = Math.min(...mins);
  const maxMins = Math.max(...mins);
  return { meanMins, meanHuman: humanDuration(meanMins), minMins, minHuman: humanDuration(minMins), maxMins, maxHuman: humanDuration(maxMins) };
}

/** The earliest of the longest night sleeps, so a tie names the first night it happened. */
function longestNightStretch(days: readonly ReportDay[]): ReportView['sleep']['longestNightStretch'] {
  let longest: { mins: number; date: LocalDate } | null = null;
  for (const { date, longestNightStretchMins: mins } of days) {
    if (mins !== null && (longest === null || mins > longest.mins)) longest = { mins, date };
  }
  return longest && { mins: longest.mins, human: humanDuration(longest.mins), date: longest.date };
}

/**
 * The foods of the meals, in the order each was first given: one food however it was capitalised or
 * spaced ('Banana', 'banana '), named as first written.
 */
function foodsTried(extras: readonly ReportExtra[]): ReportFoodTried[] {
  const byName = new Map<string, ReportFoodTried>();
  const meals = extras.filter((extra): extra is ReportExtra & { food: ReportFood } => extra.food !== undefined);
  for (const { localDate, food } of [...meals].sort((a, b) => (a.localDate < b.localDate ? -1 : a.localDate > b.localDate ? 1 : 0))) {
    const key = food.food.trim().toLowerCase();
    const tried = byName.get(key) ?? { food: food.food.trim(), firstDate: localDate, meals: 0, reactions: 0 };
    tried.meals += 1;
    if (food.reaction) tried.reactions += 1;
    byName.set(key, tried);
  }
  return [...byName.values()];
}

/** The medicines of the doses, one name however it was capitalised or spaced, by name. */
function medicinesGiven(extras: readonly ReportExtra[]): ReportMedicine[] {
  const byName = new Map<string, ReportMedicine>();
  for (const { localDate, dose } of extras) {
    if (!dose) continue;
    const key = dose.name.trim().toLowerCase();
    const given = byName.get(key) ?? { name: dose.name.trim(), doses: 0, lastDate: localDate };
    given.doses += 1;
    if (localDate > given.lastDate) given.lastDate = localDate;
    byName.set(key, given);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** How many temperatures were taken, and the highest, on the first day it was reached, to a tenth of a degree in both scales. */
function temperaturesTaken(extras: readonly ReportExtra[]): ReportView['temperatures'] {
  let readings = 0;
  let highest: { celsius: number; date: LocalDate } | null = null;
  for (const { localDate, reading } of extras) {
    if (!reading) continue;
    readings += 1;
    if (highest === null || reading.celsius > highest.celsius || (reading.celsius === highest.celsius && localDate < highest.date)) highest = { celsius: reading.celsius, date: localDate };
  }
  if (highest === null) return null;
  return { readings, highestC: oneDecimal(highest.celsius), highestF: oneDecimal((highest.celsius * 9) / 5 + 32), highestDate: highest.date };
}

/** The latest milestone of the feeding guide whose age the child has reached on `date`. */
function milestoneOn(birthDate: LocalDate, date: LocalDate): ReportView['milestone'] {
  const reached = FEEDING_MILESTONES.filter((m) => milestoneDate(birthDate, m.ageMonths) <= date).at(-1);
  if (!reached) return null;
  const { key, label, amountPerFeeding, feedingsPerDay, source } = reached;
  return { key, label, amountPerFeeding, feedingsPerDay, source };
}

/**
 * The report of a child over the local dates from..to (both included). Per-day figures are taken
 * over the dates with entries only: a date with nothing logged was not tracked, and counting it as
 * a day without feeds or sleep would pull every mean and minimum down. On a tracked date, whatever
 * was not logged counts as none (a day of feeds without a diaper change has 0 diapers).
 */
export function buildReport({ child, from, to, days, growth, growthUnits, extras = [] }: ReportInput): ReportView {
  const byDate = new Map(days.map((doc) => [doc.date, doc]));
  const all = datesInRange(from, to).map((date) => reportDay(date, byDate.get(date), extras.filter((extra) => extra.localDate === date)));
  const tracked = all.filter((day) => day.hasEntries);
  const some = tracked.length > 0;
  const of = (pick: (day: ReportDay) => number) => tracked.map(pick);
  const ounces = of((day) => day.totalOz);
  return {
    child: { id: child._id, displayName: child.displayName, birthDate: child.birthDate, sex: child.sex },
    age: ageOn(child.birthDate, to),
    range: { from, to, days: all.length, daysWithEntries: tracked.length },
    feeds: some ? dayStat(of((day) => day.feedCount), oneDecimal) : null,
    amount: some ? { oz: dayStat(ounces, oneDecimal), mL: dayStat(ounces, wholeMillilitres) } : null,
    diapers: some ? { wet: dayStat(of((day) => day.wetCount), oneDecimal), dirty: dayStat(of((day) => day.dirtyCount), oneDecimal) } : null,
    nursing:
      some && extras.some(({ figures }) => figures.nursingLeftMins !== undefined)
        ? { left: dayStat(of((day) => day.nursingLeftMins), Math.round), right: dayStat(of((day) => day.nursingRightMins), Math.round) }
        : null,
    pumping: some && extras.some(({ figures }) => figures.pumpedOz !== undefined) ? { oz: dayStat(of((day) => day.pumpedOz), oneDecimal), mL: dayStat(of((day) => day.pumpedOz), wholeMillilitres) } : null,
    tummyTime: some && extras.some(({ figures }) => figures.tummyTimeMins !== undefined) ? dayStat(of((day) => day.tummyTimeMins), Math.round) : null,
    sleep: {
      day: some ? sleepStat(of((day) => day.dayMins)) : null,
      night: some ? sleepStat(of((day) => day.nightMins)) : null,
      longestNightStretch: longestNightStretch(all),
    },
    days: all,
    growth: growth
      .filter((doc) => doc.measuredOn >= from && doc.measuredOn <= to)
      .sort((a, b) => (a.measuredOn < b.measuredOn ? -1 : a.measuredOn > b.measuredOn ? 1 : 0))
      .map((doc) => growthApiView(doc, child, growthUnits)),
    foods: foodsTried(extras),
    medicines: medicinesGiven(extras),
    temperatures: temperaturesTaken(extras),
    milestone: milestoneOn(child.birthDate, to),
  };
}
