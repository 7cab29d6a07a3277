import type { DomainEvent } from '../shared/domain-event';

/** Stream `email-{digest}`: who holds an address. Appended with an exact revision, so two sign-ups cannot both win. */
export type EmailReserved = DomainEvent<'EmailReserved', { userId: string }>;
/** Account deletion or an e-mail change frees the address for a new account. */
export type EmailReleased = DomainEvent<'EmailReleased', { userId: string }>;
export type EmailReservationEvent = EmailReserved | EmailReleased;

export interface EmailReservationState {
  holder: string | null;
}

export const initialEmailReservationState = (): EmailReservationState => ({ holder: null });

export function evolveEmailReservation(state: EmailReservationState, event: { type: string; data: unknown }): EmailReservationState {
  const e = event as EmailReservationEvent;
  switch (e.type) {
    case 'EmailReserved':
      return { holder: e.data.userId };
    case 'EmailReleased':
      return { holder: null };
    default:
      return state;
  }
}
