import type { DomainEvent } from '../shared/domain-event';
import type { GrowthUnits } from '../units/units';

/** One check-up's measurements; at least one of the three is given. Metric, as measured or converted on entry. */
export interface GrowthDetails {
  /** The child's local date of the measurement. */
  measuredOn: string;
  weightKg: number | null;
  lengthCm: number | null;
  headCm: number | null;
  /** The system the parent entered them in: imperial amounts are kept converted, to the gram and the millimetre. */
  enteredIn: GrowthUnits;
}

type GrowthRef = { measurementId: string; childId: string; ownerId: string };

export type GrowthMeasured = DomainEvent<'GrowthMeasured', GrowthRef & GrowthDetails>;
export type GrowthMeasurementCorrected = DomainEvent<'GrowthMeasurementCorrected', GrowthRef & GrowthDetails>;
export type GrowthMeasurementDeleted = DomainEvent<'GrowthMeasurementDeleted', GrowthRef>;
/** A deleted measurement back as it was (Undo). */
export type GrowthMeasurementRestored = DomainEvent<'GrowthMeasurementRestored', GrowthRef & GrowthDetails>;
export type GrowthEvent = GrowthMeasured | GrowthMeasurementCorrected | GrowthMeasurementDeleted | GrowthMeasurementRestored;

export interface GrowthState {
  status: 'none' | 'logged' | 'deleted';
  ref: GrowthRef | null;
  details: GrowthDetails | null;
}

export const initialGrowthState = (): GrowthState => ({ status: 'none', ref: null, details: null });

export function evolveGrowth(state: GrowthState, event: { type: string; data: unknown }): GrowthState {
  const e = event as GrowthEvent;
  switch (e.type) {
    case 'GrowthMeasured':
    case 'GrowthMeasurementCorrected':
    case 'GrowthMeasurementRestored': {
      const { measurementId, childId, ownerId, ...details } = e.data;
      return { status: 'logged', ref: { measurementId, childId, ownerId }, details };
    }
    case 'GrowthMeasurementDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}
