import type { LoggedBy } from '../children/membership-document';
import type { BreastSide, SideStretch, TimerKind } from '../../timers/timer.events';

export const TIMERS_COLLECTION = 'timers';

/** A running timer of a child. A timer that stops, is discarded or reaches its maximum leaves the collection. */
export interface TimerDocument {
  _id: string;
  childId: string;
  kind: TimerKind;
  method: 'Bottle' | 'Nursing' | null;
  startedAt: string;
  startedBy: string;
  sides: SideStretch[];
  /** When the maximum job stops it: the start plus its kind's longest entry. */
  stopsAt: string;
  position: number;
  [key: string]: unknown;
}

/** The API's Timer: what every member's dashboard shows of a running timer. */
export interface TimerView {
  id: string;
  childId: string;
  kind: TimerKind;
  method: 'Bottle' | 'Nursing' | null;
  startedAt: string;
  /** The side a nursing timer is on now; null for other timers. */
  side: BreastSide | null;
  sides: SideStretch[];
  startedBy: LoggedBy;
  stopsAt: string;
}

export function timerApiView(doc: Pick<TimerDocument, '_id' | 'childId' | 'kind' | 'method' | 'startedAt' | 'sides' | 'stopsAt'>, startedBy: LoggedBy): TimerView {
  return {
    id: doc._id,
    childId: doc.childId,
    kind: doc.kind,
    method: doc.method,
    startedAt: doc.startedAt,
    side: doc.sides.at(-1)?.side ?? null,
    sides: doc.sides.map((stretch) => ({ ...stretch })),
    startedBy,
    stopsAt: doc.stopsAt,
  };
}
