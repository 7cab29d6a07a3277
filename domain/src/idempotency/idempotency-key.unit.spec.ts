import { describe, expect, it } from 'vitest';
import { decideIdempotencyKey, evolveIdempotencyKey, initialIdempotencyKeyState, type IdempotencyKeyUsed } from './idempotency-key';

const given = (...events: IdempotencyKeyUsed[]) => ({
  when: (request: string) => decideIdempotencyKey({ type: 'RecordIdempotencyKeyUse', data: { request } }, events.reduce(evolveIdempotencyKey, initialIdempotencyKeyState())),
});

describe('RecordIdempotencyKeyUse', () => {
  it('records the first use of a key', () => {
    expect(given().when('sealed-a')).toEqual([{ type: 'IdempotencyKeyUsed', data: { request: 'sealed-a' } }]);
  });

  it('records nothing more once the key is used, and the first request stays the one it stands for', () => {
    const first: IdempotencyKeyUsed = { type: 'IdempotencyKeyUsed', data: { request: 'sealed-a' } };
    expect(given(first).when('sealed-b')).toEqual([]);
    expect([first, { type: 'IdempotencyKeyUsed', data: { request: 'sealed-b' } }].reduce(evolveIdempotencyKey, initialIdempotencyKeyState())).toEqual({ request: 'sealed-a' });
  });
});
