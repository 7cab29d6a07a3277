import { describe, expect, it } from 'vitest';
import { makeDailyResponse, makeDay, makeSummary, makeWeeklyRow } from '../../../testing/tracking-fixtures.ts';
import { buildStatCards, parseDurationText } from './stat-cards.ts';

describe('parseDurationText', () => {
  it.each([
    ['13h 20m', 800],
    ['0m', 0],
    ['45m', 45],
    ['24h 0m', 1440],
    ['soon', null],
  ])('reads %s as %s minutes', (text, minutes) => {
    expect(parseDurationText(text)).toBe(minutes);
  });
});

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
