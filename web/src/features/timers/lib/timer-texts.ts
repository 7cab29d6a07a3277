import type { BreastSide, Timer, TimerKind } from '../../../types/api.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

/** A card's heading, by kind; a kind missing here fails the type check. */
const TIMER_KIND_NAMES = { feeding: 'kind.feeding.name', sleep: 'kind.sleep.name', pumping: 'kind.pumping.name' } as const satisfies Record<TimerKind, MessageKey>;

export const timerKindName = (kind: TimerKind): string => t(TIMER_KIND_NAMES[kind]);

const otherSide = (side: BreastSide): BreastSide => (side === 'left' ? 'right' : 'left');

/** Under the kind: the side a nursing timer is on ('Left side'), 'Bottle' for a bottle, else nothing. */
export function timerDetailText(timer: Timer): string | null {
  if (timer.side) return t('timer.side', { side: timer.side });
  return timer.method === 'Bottle' ? t('feedingMethod.bottle') : null;
}

/** 'Switch to right' while on the left. */
export const switchText = (side: BreastSide): string => t('timer.switchTo', { side: otherSide(side) });

/** A bottle timer's stop needs the amount; every other timer stops with what it knows. */
export const needsAmount = (timer: Timer): boolean => timer.kind === 'feeding' && timer.method === 'Bottle';
