import { ConflictError } from '../shared/domain-event';
import type { EmailReservationEvent, EmailReservationState } from './email-reservation.events';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export type ReserveEmail = { type: 'ReserveEmail'; data: { userId: string } };
export type ReleaseEmail = { type: 'ReleaseEmail'; data: { userId: string } };
export type EmailReservationCommand = ReserveEmail | ReleaseEmail;

export function decideEmailReservation(command: EmailReservationCommand, state: EmailReservationState): EmailReservationEvent[] {
  switch (command.type) {
    case 'ReserveEmail':
      if (state.holder === command.data.userId) return [];
      if (state.holder !== null) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
      return [{ type: 'EmailReserved', data: command.data }];
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
