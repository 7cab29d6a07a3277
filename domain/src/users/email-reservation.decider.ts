import { ConflictError } from '../shared/domain-event';
import type { EmailReservationEvent, EmailReservationState } from './email-reservation.events';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

/**
 * `replacing` names a holder the caller found to have abandoned the address (its account was deleted,
 * or it never registered and its reservation is long past): the address passes to `userId`.
 */
export type ReserveEmail = { type: 'ReserveEmail'; data: { userId: string; replacing?: string } };
export type ReleaseEmail = { type: 'ReleaseEmail'; data: { userId: string } };
export type EmailReservationCommand = ReserveEmail | ReleaseEmail;

export function decideEmailReservation(command: EmailReservationCommand, state: EmailReservationState): EmailReservationEvent[] {
  switch (command.type) {
    case 'ReserveEmail': {
      const { userId, replacing } = command.data;
      if (state.holder === userId) return [];
      if (state.holder === null) return [{ type: 'EmailReserved', data: { userId } }];
      // Decided on the stream as it is now: if anyone else took the address since the caller looked, it stays taken.
      if (state.holder === replacing) return [{ type: 'EmailReleased', data: { userId: replacing } }, { type: 'EmailReserved', data: { userId } }];
      throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    }
    case 'ReleaseEmail':
      // Only the holder can free an address; anything else is a no-op, so a retried release is harmless.
      if (state.holder !== command.data.userId) return [];
      return [{ type: 'EmailReleased', data: command.data }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
