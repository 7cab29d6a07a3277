import { describe, expect, it } from 'vitest';
import { ConflictError } from '../shared/domain-event';
import { decideEmailReservation, EMAIL_TAKEN_MESSAGE, type EmailReservationCommand } from './email-reservation.decider';
import { evolveEmailReservation, initialEmailReservationState, type EmailReservationEvent } from './email-reservation.events';

const given = (...events: EmailReservationEvent[]) => ({
  when: (command: EmailReservationCommand) => decideEmailReservation(command, events.reduce(evolveEmailReservation, initialEmailReservationState())),
});

const reserved = (userId: string): EmailReservationEvent => ({ type: 'EmailReserved', data: { userId } });
const released = (userId: string): EmailReservationEvent => ({ type: 'EmailReleased', data: { userId } });

describe('ReserveEmail', () => {
  it('reserves a new address', () => {
    expect(given().when({ type: 'ReserveEmail', data: { userId: 'u1' } })).toEqual([reserved('u1')]);
  });

  it('refuses an address another account holds', () => {
    expect(() => given(reserved('u1')).when({ type: 'ReserveEmail', data: { userId: 'u2' } })).toThrow(new ConflictError(EMAIL_TAKEN_MESSAGE));
  });

  it('reserves an address again once it was released', () => {
    expect(given(reserved('u1'), released('u1')).when({ type: 'ReserveEmail', data: { userId: 'u2' } })).toEqual([reserved('u2')]);
  });

  it('takes over an address from the abandoned holder the caller names', () => {
    expect(given(reserved('u1')).when({ type: 'ReserveEmail', data: { userId: 'u2', replacing: 'u1' } })).toEqual([released('u1'), reserved('u2')]);
  });

  it('refuses the take-over when someone else holds the address by now', () => {
    expect(() => given(reserved('u1'), released('u1'), reserved('u3')).when({ type: 'ReserveEmail', data: { userId: 'u2', replacing: 'u1' } })).toThrow(
      new ConflictError(EMAIL_TAKEN_MESSAGE),
    );
  });

  it('reserves a free address without releasing anyone', () => {
    expect(given(reserved('u1'), released('u1')).when({ type: 'ReserveEmail', data: { userId: 'u2', replacing: 'u1' } })).toEqual([reserved('u2')]);
  });

  it('records nothing when the holder reserves it again', () => {
    expect(given(reserved('u1')).when({ type: 'ReserveEmail', data: { userId: 'u1' } })).toEqual([]);
  });
});

describe('ReleaseEmail', () => {
  it('releases the holder’s address', () => {
    expect(given(reserved('u1')).when({ type: 'ReleaseEmail', data: { userId: 'u1' } })).toEqual([released('u1')]);
  });

  it('does not release an address someone else holds', () => {
    expect(given(reserved('u1')).when({ type: 'ReleaseEmail', data: { userId: 'u2' } })).toEqual([]);
  });

  it('records nothing when it is already free', () => {
    expect(given(reserved('u1'), released('u1')).when({ type: 'ReleaseEmail', data: { userId: 'u1' } })).toEqual([]);
  });
});
