import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import { emailStreamId, referralStreamId, userStreamId } from '@nightlight/domain/shared/stream-ids';
import { decideEmailReservation, type EmailReservationCommand } from '@nightlight/domain/users/email-reservation.decider';
import {
  evolveEmailReservation,
  initialEmailReservationState,
  type EmailReservationEvent,
  type EmailReservationState,
} from '@nightlight/domain/users/email-reservation.events';
import { decideUser, type UserCommand } from '@nightlight/domain/users/user.decider';
import { evolveUser, initialUserState, type UserEvent, type UserState } from '@nightlight/domain/users/user.events';
import { decideReferralCode, type ReferralCodeCommand } from '@nightlight/domain/referrals/referral-code.decider';
import {
  evolveReferralCode,
  initialReferralCodeState,
  type ReferralCodeEvent,
  type ReferralCodeState,
} from '@nightlight/domain/referrals/referral-code.events';
import { WrongExpectedRevisionError, type EventStore } from '@nightlight/infrastructure/ports/event-store';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type CommandResult, type Decider } from '../command-handler';

export const userDecider: Decider<UserCommand, UserState, UserEvent> = { initialState: initialUserState, evolve: evolveUser, decide: decideUser };
export const emailReservationDecider: Decider<EmailReservationCommand, EmailReservationState, EmailReservationEvent> = {
  initialState: initialEmailReservationState,
  evolve: evolveEmailReservation,
  decide: decideEmailReservation,
};
export const referralCodeDecider: Decider<ReferralCodeCommand, ReferralCodeState, ReferralCodeEvent> = {
  initialState: initialReferralCodeState,
  evolve: evolveReferralCode,
  decide: decideReferralCode,
};

const MAX_ATTEMPTS = 25;

export interface AccountCommandContext {
  userId?: string;
  correlationId: string;
}

/**
 * handleCommand, decided again on a fresh read when another request appended to the stream first.
 * The decider sees the winner's events, so a real conflict (the address was just taken, the last
 * use of a code was just redeemed) is still refused, while a merely concurrent redemption of a
 * multi-use code goes through. A short random pause spreads out requests that collided.
 */
export async function decideWithRetry<Command, State, Event extends DomainEvent>(
  deps: Pick<CommandDeps, 'eventStore' | 'clock' | 'newId'>,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  context: AccountCommandContext,
): Promise<CommandResult<State>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await handleCommand(deps.eventStore, streamId, decider, command, { ...context, now: deps.clock(), newId: deps.newId });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

export async function loadState<State>(eventStore: EventStore, streamId: string, decider: Pick<Decider<never, State, DomainEvent>, 'evolve' | 'initialState'>): Promise<State> {
  const events = await eventStore.readStream(streamId);
  return events.reduce(decider.evolve, decider.initialState());
}

export const loadUser = (eventStore: EventStore, userId: string): Promise<UserState> => loadState(eventStore, userStreamId(userId), userDecider);
export const loadReferralCode = (eventStore: EventStore, code: string): Promise<ReferralCodeState> => loadState(eventStore, referralStreamId(code), referralCodeDecider);

/**
 * How long a reservation may wait for its account before another sign-up may take the address: far
 * longer than a sign-up or an e-mail change takes between reserving and recording, so one in
 * progress is never overtaken.
 */
export const ABANDONED_RESERVATION_MS = 10 * 60 * 1000;

/**
 * The holder of an address that has given it up without releasing it: a deleted account whose
 * deletion has not released it yet, or, once ABANDONED_RESERVATION_MS has passed, a sign-up that
 * failed before UserRegistered (or an e-mail change before EmailChanged) and could not release it.
 */
async function abandonedHolder(deps: Pick<CommandDeps, 'eventStore' | 'clock'>, emailDigest: string): Promise<string | null> {
  const events = await deps.eventStore.readStream(emailStreamId(emailDigest));
  const { holder } = events.reduce(emailReservationDecider.evolve, emailReservationDecider.initialState());
  if (!holder) return null;
  const user = await loadUser(deps.eventStore, holder);
  if (user.status === 'deleted') return holder;
  if (user.status === 'active' && user.emailDigest === emailDigest) return null;
  const reservedAt = Date.parse(events.findLast((event) => event.type === 'EmailReserved')?.metadata.recordedAt ?? '');
  return deps.clock().getTime() - reservedAt >= ABANDONED_RESERVATION_MS ? holder : null;
}

/** Reserves an address for `userId` (409 when another account holds it), taking it over from an abandoned holder. */
export async function reserveEmail(deps: Pick<CommandDeps, 'eventStore' | 'clock' | 'newId'>, emailDigest: string, userId: string, context: AccountCommandContext) {
  const replacing = await abandonedHolder(deps, emailDigest);
  const command: EmailReservationCommand = { type: 'ReserveEmail', data: { userId, ...(replacing && replacing !== userId ? { replacing } : {}) } };
  return decideWithRetry(deps, emailStreamId(emailDigest), emailReservationDecider, command, context);
}

/**
 * The active account holding an address, from the reservation and user streams (never a read model).
 * A user stream is read whether or not the address is held (an unused id's when it is not), so an
 * unknown address costs the same reads as a known one.
 */
export async function findActiveUserByEmailDigest(eventStore: EventStore, emailDigest: string): Promise<UserState | null> {
  const reservation = await loadState(eventStore, emailStreamId(emailDigest), emailReservationDecider);
  const user = await loadUser(eventStore, reservation.holder ?? randomUUID());
  return reservation.holder && user.status === 'active' && user.emailDigest === emailDigest ? user : null;
}

/** Records a new child on its owner's stream, so deleting the account finds it from the log alone. */
export async function linkChildToAccount(deps: Pick<CommandDeps, 'eventStore' | 'clock' | 'newId'>, userId: string, childId: string, correlationId: string): Promise<void> {
  await decideWithRetry(deps, userStreamId(userId), userDecider, { type: 'LinkChild', data: { userId, childId } }, { userId, correlationId });
}
