import type { DomainEvent, SealedText } from '../shared/domain-event';

/**
 * A user's Idempotency-Key was first used for this request. `request` is a digest of the method,
 * path and body, sealed with the user's key like any personal data (the body may hold a name or a
 * birth date). The same key sent again with another request is refused.
 */
export type IdempotencyKeyUsed = DomainEvent<'IdempotencyKeyUsed', { request: SealedText }>;

export interface IdempotencyKeyState {
  /** The sealed digest of the request the key was first used for, or null while unused. */
  request: SealedText | null;
}

export type RecordIdempotencyKeyUse = { type: 'RecordIdempotencyKeyUse'; data: { request: SealedText } };

export const initialIdempotencyKeyState = (): IdempotencyKeyState => ({ request: null });

export function evolveIdempotencyKey(state: IdempotencyKeyState, event: { type: string; data: unknown }): IdempotencyKeyState {
  const e = event as IdempotencyKeyUsed;
  return e.type === 'IdempotencyKeyUsed' && state.request === null ? { request: e.data.request } : state;
}

/** The first use is recorded once; comparing a later request with it is the caller's, who can open it. */
export function decideIdempotencyKey(command: RecordIdempotencyKeyUse, state: IdempotencyKeyState): IdempotencyKeyUsed[] {
  return state.request === null ? [{ type: 'IdempotencyKeyUsed', data: command.data }] : [];
}
