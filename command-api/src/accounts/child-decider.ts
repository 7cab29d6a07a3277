import { decideChild, type ChildCommand } from '@nightlight/domain/children/child.decider';
import { evolveChild, initialChildState, type ChildEvent, type ChildState } from '@nightlight/domain/children/child.events';
import type { Decider } from '../command-handler';

/** A child's profile and family alone, without its milestone alerts: what account deletion decides on. */
export const childDecider: Decider<ChildCommand, ChildState, ChildEvent> = { initialState: initialChildState, evolve: evolveChild, decide: decideChild };
