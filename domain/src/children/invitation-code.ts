import type { DomainEvent } from '../shared/domain-event';

/** No 0/O, no 1/I/L: a code read aloud or copied by hand comes out right. */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 10 characters of 31: about 49.5 bits, and a code is good for 7 days and one use. */
export const INVITATION_CODE_LENGTH = 10;
export const INVITATION_VALID_DAYS = 7;

/** A code as typed (any case, spaces or dashes between groups), or null when it cannot be one. */
export function normalizeInvitationCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== INVITATION_CODE_LENGTH) return null;
  return [...code].every((char) => INVITATION_CODE_ALPHABET.includes(char)) ? code : null;
}

/** The first event of `invitation-{invitationId}`: which child a code belongs to, found without a read model. */
export type InvitationCodeIssued = DomainEvent<'InvitationCodeIssued', { invitationId: string; childId: string }>;
