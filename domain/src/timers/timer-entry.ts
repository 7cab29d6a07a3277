import { DomainRuleError } from '../shared/domain-event';
import type { VolumeUnit } from '../units/units';
import type { StopTimerBody } from './timer-request';
import { nursingSideMinutes } from './timer-rules';
import type { RunningTimer, TimerKind } from './timer.events';

const MINUTE_MS = 60_000;

/** The fields of a stop body that only one kind of timer takes, by the kind that takes them. */
const FIELDS_OF_KIND = {
  amountOz: 'feeding',
  amountMl: 'feeding',
  type: 'feeding',
  leftAmount: 'pumping',
  rightAmount: 'pumping',
  unit: 'pumping',
} as const satisfies Record<Exclude<keyof StopTimerBody, 'notes' | 'endedAt'>, TimerKind>;

/**
 * The request body of the entry a stopped timer logs, for its kind's own route and rules: the
 * timer's start, the stop's end, a nursing feeding's minutes per breast, and what the stop added (a
 * bottle's amount, pumped amounts, notes). A field of another kind is refused, not dropped.
 */
export function entryBodyOfStop(timer: RunningTimer, stop: StopTimerBody, endedAt: string, defaultUnit: VolumeUnit): { kind: TimerKind; body: object } {
  for (const [field, kind] of Object.entries(FIELDS_OF_KIND)) {
    if (stop[field as keyof typeof FIELDS_OF_KIND] != null && kind !== timer.kind) throw new DomainRuleError(`${field} applies to ${kind} timers only`, field);
  }
  const common = { childId: timer.childId, startedAt: timer.startedAt, notes: stop.notes ?? null };
  switch (timer.kind) {
    case 'feeding':
      return {
        kind: 'feeding',
        body: {
          ...common,
          endedAt,
          method: timer.method ?? 'Nursing',
          amountOz: stop.amountOz ?? null,
          amountMl: stop.amountMl ?? null,
          type: stop.type ?? null,
          sides: nursingSideMinutes(timer.sides, timer.startedAt, endedAt),
        },
      };
    case 'sleep':
      return { kind: 'sleep', body: { ...common, endedAt } };
    case 'pumping': {
      const durationMinutes = Math.round((Date.parse(endedAt) - Date.parse(timer.startedAt)) / MINUTE_MS);
      return { kind: 'pumping', body: { ...common, durationMinutes, leftAmount: stop.leftAmount ?? null, rightAmount: stop.rightAmount ?? null, unit: stop.unit ?? defaultUnit } };
    }
    default: {
      const exhaustive: never = timer.kind;
      return exhaustive;
    }
  }
}
