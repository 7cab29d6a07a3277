import { describe, expect, it } from 'vitest';
import { makeDailyResponse, makeDay, makeSummary, makeWeeklyRow } from '../../../testing/tracking-fixtures.ts';
import { buildStatCards } from './stat-cards.ts';

describe('buildStatCards in millilitres', () => {
  it('names and writes the amounts in mL: 20 oz is 591 mL, 3.25 oz is 96 mL', () => {
    const summary = makeSummary({ feeding: { avgOzPerFeed: 3.25, lastFeed: { timeISO: '2025-06-15T11:15:00Z', amountOz: 4, method: 'Bottle' } } });
    const daily = makeDailyResponse([makeDay('2025-06-15', { feedCount: 6, totalOz24h: 20 })]);
    const cards = buildStatCards(summary, daily, [makeWeeklyRow({ day: 'Sun', date: '2025-06-15', isToday: true })], 'mL');
    const byLabel = Object.fromEntries(cards.map((card) => [card.label, card]));
    expect(byLabel['Total mL today']?.value).toBe('591 mL');
    expect(byLabel['Avg mL per feed']?.value).toBe('96 mL');
    expect(byLabel['Last feed']?.detail).toBe('118 mL · Bottle');
  });
});

describe('the arrows', () => {
  const summary = makeSummary();
  const daily = makeDailyResponse([makeDay('2025-06-15', { feedCount: 5, totalOz24h: 20 })]);
  const weekly = [makeWeeklyRow({ day: 'Sun', date: '2025-06-15', isToday: true, sleepHours: '7h 0m' })];
  const trendOf = (cards: ReturnType<typeof buildStatCards>, label: string) => cards.find((card) => card.label === label)?.trend ?? null;

  it('compare today so far with the same hours of the earlier tracked days, never the interval', () => {
    // At this hour: 5 feeds today against 6 and 6 (17 % fewer), 20 oz against 20 and 30, 420 min of sleep against 400 and 440.
    const cards = buildStatCards(summary, daily, weekly, 'oz', {
      today: { feeds: 5, oz: 20, sleepMins: 420 },
      earlier: [
        { feeds: 6, oz: 20, sleepMins: 400 },
        { feeds: 6, oz: 30, sleepMins: 440 },
      ],
    });
    expect(trendOf(cards, 'Feeds today')).toEqual({ direction: 'down', percent: -17, days: 2 });
    expect(trendOf(cards, 'Total oz today')).toEqual({ direction: 'down', percent: -20, days: 2 });
    expect(trendOf(cards, 'Total sleep today')).toEqual({ direction: 'flat', percent: 0, days: 2 });
    expect(trendOf(cards, 'Avg interval')).toBeNull();
  });

  it('are left out until the same hours of earlier days are known, and when no earlier day was tracked', () => {
    expect(buildStatCards(summary, daily, weekly, 'oz', null).every((card) => card.trend === null)).toBe(true);
    const alone = buildStatCards(summary, daily, weekly, 'oz', { today: { feeds: 5, oz: 20, sleepMins: 420 }, earlier: [] });
    expect(alone.every((card) => card.trend === null)).toBe(true);
  });
});
