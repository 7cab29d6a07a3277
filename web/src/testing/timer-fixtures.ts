// Answers of the timer and glance endpoints, shaped as the domain's TimerView and GlanceView.
import type { Glance, LastBottle, Timer } from '../types/api.ts';

export function makeTimer(overrides: Partial<Timer> = {}): Timer {
  const startedAt = overrides.startedAt ?? '2025-06-15T15:50:00.000Z';
  const side = overrides.side === undefined ? 'left' : overrides.side;
  return {
    id: 'timer-1',
    childId: 'child-1',
    kind: 'feeding',
    method: 'Nursing',
    startedAt,
    side,
    sides: side ? [{ side, startedAt, endedAt: null }] : [],
    startedBy: { memberId: 'user-2', displayName: 'Sam' },
    stopsAt: new Date(Date.parse(startedAt) + 120 * 60_000).toISOString(),
    ...overrides,
  };
}

export const sleepTimer = (overrides: Partial<Timer> = {}) => makeTimer({ id: 'timer-sleep', kind: 'sleep', method: null, side: null, ...overrides });

export const bottleTimer = (overrides: Partial<Timer> = {}) => makeTimer({ id: 'timer-bottle', method: 'Bottle', side: null, ...overrides });

export const lastBottle = (overrides: Partial<LastBottle> = {}): LastBottle => ({
  amountOz: 4,
  enteredAmount: { value: 4, unit: 'oz' },
  type: 'Formula',
  ...overrides,
});

/** A glance of a child with nothing logged yet, unless told otherwise. */
export function makeGlance(overrides: Partial<Glance> = {}): Glance {
  return { lastFeedingEndedAt: null, lastWokeAt: null, asleepSince: null, lastBottle: null, nextNap: null, ...overrides };
}
