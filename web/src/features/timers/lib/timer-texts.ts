import type { BreastSide, Timer, TimerKind } from '../../../types/api.ts';

/** A card's heading, by kind; a kind missing here fails the type check. */
export const TIMER_KIND_NAMES = { feeding: 'Feeding', sleep: 'Sleep', pumping: 'Pumping' } as const satisfies Record<TimerKind, string>;

const SIDE_NAMES = { left: 'Left', right: 'Right' } as const satisfies Record<BreastSide, string>;
const otherSide = (side: BreastSide): BreastSide => (side === 'left' ? 'right' : 'left');

/** Under the kind: the side a nursing timer is on ('Left side'), 'Bottle' for a bottle, else nothing. */
export function timerDetailText(timer: Timer): string | null {
  if (timer.side) return `${SIDE_NAMES[timer.side]} side`;
  return timer.method === 'Bottle' ? 'Bottle' : null;
}

/** 'Switch to right' while on the left. */
export const switchText = (side: BreastSide): string => `Switch to ${otherSide(side)}`;

/** A bottle timer's stop needs the amount; every other timer stops with what it knows. */
export const needsAmount = (timer: Timer): boolean => timer.kind === 'feeding' && timer.method === 'Bottle';
