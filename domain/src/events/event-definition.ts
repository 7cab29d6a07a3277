import type { z } from 'zod';
import type { DomainEvent } from '../shared/domain-event';
import type { SameShape } from '../shared/same-shape';

/** Lifts the data of one schema version to the next; pure, so reading stays free of I/O. */
export type Upcaster = (data: unknown) => unknown;

export interface EventDefinition {
  /** The version new events of this type are written with, and older ones are lifted to on read. */
  readonly version: number;
  readonly schema: z.ZodType;
  /** `upcasters[n]` turns data recorded under version n into version n + 1. */
  readonly upcasters: Readonly<Record<number, Upcaster>>;
}

/**
 * A schema proven at compile time to describe exactly the event's TypeScript data (a missing,
 * extra or differently optional field does not compile), so the types and the checks cannot drift.
 */
export function eventDefinition<Event extends DomainEvent>() {
  return <Schema extends z.ZodType>(
    schema: Schema & (SameShape<z.output<Schema>, Event['data']> extends true ? unknown : { 'the schema does not match the event data': never }),
    history: Pick<EventDefinition, 'version' | 'upcasters'> = { version: 1, upcasters: {} },
  ): EventDefinition => ({ schema, ...history });
}
