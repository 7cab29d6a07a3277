import { decideChildStream, evolveChildStream, initialChildStreamState, type ChildStreamCommand, type ChildStreamState } from '@nightlight/domain/children/child-stream.decider';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import type { Decider } from '../command-handler';

/** A child's stream: its profile, its family and its milestone alerts. */
export const childStreamDecider: Decider<ChildStreamCommand, ChildStreamState, DomainEvent> = {
  initialState: initialChildStreamState,
  evolve: evolveChildStream,
  decide: decideChildStream,
};
