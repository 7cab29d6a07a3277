import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datesInRange } from '../time/zoned-time';
import { computeDailyInsights, type DailyInsightsDocument } from './daily-insights';
import { datesAffectedBy, entriesWindowFor } from './daily-insights-window';
import type { ChildSchedule, FeedingInput, SleepInput } from './insight-inputs';
import { newYork } from './ordinary-week.fixture';

describe('entriesWindowFor', () => {
  it('reaches a day back for sleeps and to the end of the next date for its night', () => {
    expect(entriesWindowFor('2026-06-03', newYork)).toEqual({ from: Date.parse('2026-06-02T04:00:00.000Z'), to: Date.parse('2026-06-05T04:00:00.000Z') });
  });

  it('follows the zone across daylight saving changes', () => {
    expect(entriesWindowFor('2026-03-08', newYork)).toEqual({ from: Date.parse('2026-03-07T05:00:00.000Z'), to: Date.parse('2026-03-10T04:00:00.000Z') });
    expect(entriesWindowFor('2026-11-01', newYork)).toEqual({ from: Date.parse('2026-10-31T04:00:00.000Z'), to: Date.parse('2026-11-03T05:00:00.000Z') });
  });
});

describe('datesAffectedBy', () => {
  it('is the start date for a daytime feed or nap', () => {
    expect(datesAffectedBy({ startedAt: '2026-06-03T16:15:00Z' }, newYork)).toEqual(['2026-06-03']);
    expect(datesAffectedBy({ startedAt: '2026-06-03T13:45:00Z', endedAt: '2026-06-03T15:00:00Z' }, newYork)).toEqual(['2026-06-03']);
  });

  it('adds the next date for a feed that can bucket a nap after midnight', () => {
    // 23:00 local: 90 minutes later is 00:30 on 06-04.
    expect(datesAffectedBy({ startedAt: '2026-06-04T03:00:00Z' }, newYork)).toEqual(['2026-06-03', '2026-06-04']);
  });

  it('adds the end date for a sleep crossing midnight', () => {
    expect(datesAffectedBy({ startedAt: '2026-06-03T23:30:00Z', endedAt: '2026-06-04T06:10:00Z' }, newYork)).toEqual(['2026-06-03', '2026-06-04']);
  });

  it('adds the previous date for a sleep starting after midnight, whose night it may be', () => {
    expect(datesAffectedBy({ startedAt: '2026-06-04T06:40:00Z', endedAt: '2026-06-04T10:30:00Z' }, newYork)).toEqual(['2026-06-03', '2026-06-04']);
  });
});

const BASE_MS = Date.parse('2026-03-07T00:00:00Z');
const THREE_DAYS_MINS = 3 * 24 * 60;
const trackedDates = datesInRange('2026-03-04', '2026-03-13');
const at = (minutes: number) => new Date(BASE_MS + minutes * 60_000).toISOString();

// New York's spring-forward day falls inside the generated span.
const scheduleArb = fc.constantFrom<ChildSchedule>(
  newYork,
  { timezone: 'America/Los_Angeles', nightWindowStart: '20:00', nightWindowEnd: '07:00' },
  { timezone: 'UTC', nightWindowStart: '18:30', nightWindowEnd: '06:45' },
);
type Entry = { kind: 'feeding'; value: FeedingInput } | { kind: 'sleep'; value: SleepInput };
const startArb = fc.integer({ min: 0, max: THREE_DAYS_MINS });
const feedingArb = fc.record({
  start: startArb,
  amountOz: fc.option(fc.integer({ min: 0, max: 80 }).map((quarters) => quarters / 4), { nil: null }),
  method: fc.constantFrom<'Bottle' | 'Nursing'>('Bottle', 'Nursing'),
});
const sleepArb = fc.record({ start: startArb, mins: fc.integer({ min: 1, max: 1440 }) });
const feedingOf = (f: { start: number; amountOz: number | null; method: 'Bottle' | 'Nursing' }): Entry => ({
  kind: 'feeding',
  value: { id: '', startedAt: at(f.start), amountOz: f.amountOz, method: f.method },
});
const sleepOf = (s: { start: number; mins: number }): Entry => ({ kind: 'sleep', value: { id: '', startedAt: at(s.start), endedAt: at(s.start + s.mins) } });
// Feeds followed by a sleep within two hours make the nap-bucket links frequent enough to test.
const groupArb = fc.oneof(
  feedingArb.map((f) => [feedingOf(f)]),
  sleepArb.map((s) => [sleepOf(s)]),
  fc
    .tuple(feedingArb, fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 1440 }))
    .map(([f, gap, mins]) => [feedingOf(f), sleepOf({ start: f.start + gap, mins })]),
);
const withId = (entry: Entry, id: string): Entry =>
  entry.kind === 'feeding' ? { kind: 'feeding', value: { ...entry.value, id } } : { kind: 'sleep', value: { ...entry.value, id } };
const entriesArb = fc
  .array(groupArb, { minLength: 1, maxLength: 6 })
  .map((groups) => groups.flat().map((entry, i) => withId(entry, `e${i}`)));

function allDocuments(entries: readonly Entry[], schedule: ChildSchedule): Map<string, DailyInsightsDocument> {
  const feedings = entries.flatMap((e) => (e.kind === 'feeding' ? [e.value] : []));
  const sleeps = entries.flatMap((e) => (e.kind === 'sleep' ? [e.value] : []));
  return new Map(trackedDates.map((date) => [date, computeDailyInsights(date, feedings, sleeps, schedule)]));
}

describe('incremental projection', () => {
  it('recomputing only the affected dates after each change equals computing every date', () => {
    fc.assert(
      fc.property(scheduleArb, entriesArb, entriesArb, fc.array(fc.nat()), (schedule, added, corrections, removals) => {
        let current: Entry[] = [];
        const projected = allDocuments([], schedule);
        const apply = (next: Entry[], touched: Entry[]) => {
          current = next;
          const fresh = allDocuments(current, schedule);
          for (const entry of touched) {
            for (const date of datesAffectedBy(entry.value, schedule)) projected.set(date, fresh.get(date)!);
          }
          expect(projected).toEqual(fresh);
        };
        for (const entry of added) apply([...current, entry], [entry]);
        // A correction replaces an entry under the same id: the old and the new one's dates both change.
        corrections.forEach((correction, i) => {
          const old = current[i % current.length]!;
          const corrected = withId(correction, old.value.id);
          apply(current.map((e) => (e === old ? corrected : e)), [old, corrected]);
        });
        for (const pick of removals) {
          if (current.length === 0) break;
          const gone = current[pick % current.length]!;
          apply(current.filter((e) => e !== gone), [gone]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('computing a date from the entries in its window equals computing it from all entries', () => {
    fc.assert(
      fc.property(scheduleArb, entriesArb, (schedule, entries) => {
        const everything = allDocuments(entries, schedule);
        for (const date of trackedDates) {
          const { from, to } = entriesWindowFor(date, schedule);
          const inWindow = (e: Entry) => Date.parse(e.value.startedAt) >= from && Date.parse(e.value.startedAt) < to;
          const feedings = entries.flatMap((e) => (e.kind === 'feeding' && inWindow(e) ? [e.value] : []));
          const sleeps = entries.flatMap((e) => (e.kind === 'sleep' && inWindow(e) ? [e.value] : []));
          expect(computeDailyInsights(date, feedings, sleeps, schedule)).toEqual(everything.get(date));
        }
      }),
      { numRuns: 100 },
    );
  });
});
