import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastBottle, makeGlance } from '../../../testing/timer-fixtures.ts';
import type { NextNap } from '../../../types/api.ts';
import { NextNapLine, SinceLastLine } from './glance-lines.tsx';

// 15 June 2025, 12:00 on the phone's clock.
const NOW = new Date(2025, 5, 15, 12, 0, 0);
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const at = (hours: number, minutes: number) => new Date(2025, 5, 15, hours, minutes).toISOString();

const sinceLast = (glance: Parameters<typeof makeGlance>[0], now = NOW) => {
  const { container } = render(<SinceLastLine glance={makeGlance(glance)} now={now} />);
  return container.textContent;
};

describe('SinceLastLine', () => {
  it('says how long ago the last feed ended and how long the baby has been awake', () => {
    expect(sinceLast({ lastFeedingEndedAt: minutesAgo(125), lastWokeAt: minutesAgo(70), lastBottle: lastBottle() })).toBe('Last feed ended 2h 5m ago · Awake for 1h 10m');
  });

  it('says asleep for how long while a sleep timer runs', () => {
    expect(sinceLast({ lastFeedingEndedAt: minutesAgo(45), lastWokeAt: minutesAgo(200), asleepSince: minutesAgo(45) })).toBe('Last feed ended 45m ago · Asleep for 45m');
  });

  it('counts whole minutes on the clock it is given', () => {
    const glance = { lastFeedingEndedAt: minutesAgo(59), lastWokeAt: minutesAgo(9) };
    expect(sinceLast(glance)).toBe('Last feed ended 59m ago · Awake for 9m');
    expect(sinceLast(glance, new Date(NOW.getTime() + 60_000))).toBe('Last feed ended 1h 0m ago · Awake for 10m');
  });

  it('says no feed is logged yet, and nothing of sleep before the first one', () => {
    expect(sinceLast({})).toBe('No feeds logged yet');
    expect(sinceLast({ lastWokeAt: minutesAgo(30) })).toBe('No feeds logged yet · Awake for 30m');
  });

  it("says 'just now' for a feed that ended this minute or is still within its logged end", () => {
    expect(sinceLast({ lastFeedingEndedAt: new Date(NOW.getTime() + 10 * 60_000).toISOString() })).toBe('Last feed ended just now');
  });
});

const nap = (overrides: Partial<NextNap> = {}): NextNap => ({
  wokeAt: at(9, 0),
  from: at(10, 30),
  to: at(11, 0),
  wakeWindow: { fromMonths: 4, label: '4 months', minMinutes: 90, maxMinutes: 120 },
  label: 'Estimate from age-typical wake windows, not medical advice',
  ...overrides,
});

describe('NextNapLine', () => {
  it('gives the window in local times, with the label under it', () => {
    render(<NextNapLine glance={makeGlance({ nextNap: nap() })} now={new Date(2025, 5, 15, 10, 0)} />);
    expect(screen.getByText('Next nap likely between 10:30 AM and 11:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Estimate from age-typical wake windows, not medical advice')).toHaveClass('next-nap-label');
  });

  it('keeps saying so inside the window', () => {
    render(<NextNapLine glance={makeGlance({ nextNap: nap() })} now={new Date(2025, 5, 15, 11, 0)} />);
    expect(screen.getByText('Next nap likely between 10:30 AM and 11:00 AM')).toBeInTheDocument();
  });

  it('says it is due now once the window has passed', () => {
    render(<NextNapLine glance={makeGlance({ nextNap: nap() })} now={new Date(2025, 5, 15, 11, 1)} />);
    expect(screen.getByText('Next nap likely due now (was due between 10:30 AM and 11:00 AM)')).toBeInTheDocument();
  });

  it('shows nothing without an estimate', () => {
    const { container } = render(<NextNapLine glance={makeGlance()} now={NOW} />);
    expect(container).toBeEmptyDOMElement();
  });
});
