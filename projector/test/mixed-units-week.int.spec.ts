import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { weeklyRows } from '@nightlight/domain/insights/weekly-rows';
import { DAILY_INSIGHTS_COLLECTION, type DailyInsightsRecord } from '@nightlight/domain/read-models/daily-insights/daily-insights-record';
import { feedingEvent, openProjectionStores, projectFromStart, registerChild, type ProjectionStores } from './support/projection-harness';

/**
 * A week of bottles, some entered in millilitres and some in ounces, by two parents of one child:
 * the daily documents add them up in ounces, and the weekly rows give each day's total in both
 * units. Every figure below is worked out by hand at 29.5735 mL to the ounce, each mL amount kept
 * as its ounces to three decimals (as the command side records it).
 */

let stores: ProjectionStores;
beforeEach(async () => {
  stores = await openProjectionStores();
  await registerChild(stores, { childId: 'child-1', ownerId: 'owner-1', displayName: 'Ada', birthDate: '2026-10-01', timezone: 'UTC' });
});
afterEach(() => stores.close());

const ounces = (ml: number) => Math.round((ml / 29.5735) * 1000) / 1000;
let next = 0;
async function bottle(day: string, time: string, amount: { ml: number } | { oz: number }) {
  next += 1;
  const startedAt = `${day}T${time}:00.000Z`;
  const endedAt = new Date(Date.parse(startedAt) + 15 * 60_000).toISOString();
  const [amountOz, enteredAmount] = 'ml' in amount ? [ounces(amount.ml), { value: amount.ml, unit: 'mL' as const }] : [amount.oz, { value: amount.oz, unit: 'oz' as const }];
  await feedingEvent(stores, 'FeedingLogged', { id: `f${next}`, childId: 'child-1', ownerId: 'owner-1' }, { startedAt, endedAt, amountOz, enteredAmount, method: 'Bottle', type: 'Formula', notes: '' });
}

describe('a week of bottles in mL and oz', () => {
  it('adds each day up in ounces and writes its total in both units', async () => {
    // Monday 16 November: 120 mL (4.058 oz) + 4 oz = 8.058 oz = 238.3 mL.
    await bottle('2026-11-16', '06:00', { ml: 120 });
    await bottle('2026-11-16', '10:00', { oz: 4 });
    // Tuesday: 90 mL (3.043) + 150 mL (5.072) + 3.5 oz = 11.615 oz = 343.5 mL.
    await bottle('2026-11-17', '06:00', { ml: 90 });
    await bottle('2026-11-17', '10:00', { ml: 150 });
    await bottle('2026-11-17', '14:00', { oz: 3.5 });
    // Wednesday: 600 mL (20.288 oz) alone, the most one bottle may hold in mL.
    await bottle('2026-11-18', '08:00', { ml: 600 });
    // Sunday 22 November: 2.25 oz + 2.25 oz = 4.5 oz = 133.1 mL.
    await bottle('2026-11-22', '07:00', { oz: 2.25 });
    await bottle('2026-11-22', '11:00', { oz: 2.25 });

    const readStore = await projectFromStart(stores);
    const docs = await readStore.collection<DailyInsightsRecord>(DAILY_INSIGHTS_COLLECTION).find({ childId: 'child-1' });
    const totals = Object.fromEntries(docs.map((doc) => [doc.date, doc.feeding.totalOz24h]));
    expect(totals['2026-11-16']).toBeCloseTo(8.058, 9);
    expect(totals['2026-11-17']).toBeCloseTo(11.615, 9);
    expect(totals['2026-11-18']).toBeCloseTo(20.288, 9);
    expect(totals['2026-11-22']).toBeCloseTo(4.5, 9);

    const rows = weeklyRows(docs, '2026-11-22');
    expect(rows.map(({ date, feeds, totalOz, totalMl }) => [date, feeds, totalOz, totalMl])).toEqual([
      ['2026-11-22', 2, '4.5', '133'],
      ['2026-11-21', 0, '0.0', '0'],
      ['2026-11-20', 0, '0.0', '0'],
      ['2026-11-19', 0, '0.0', '0'],
      ['2026-11-18', 1, '20.3', '600'],
      ['2026-11-17', 3, '11.6', '343'],
      ['2026-11-16', 2, '8.1', '238'],
    ]);
  });
});
