import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdempotencyKey, uuidV4FromBytes } from './idempotency-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('formats 16 bytes as a version 4, variant 1 UUID', () => {
    expect(uuidV4FromBytes(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidV4FromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    expect(uuidV4FromBytes(Uint8Array.from({ length: 16 }, (_, i) => i))).toBe('00010203-0405-4607-8809-0a0b0c0d0e0f');
  });

  it('refuses anything but 16 bytes', () => {
    expect(() => uuidV4FromBytes(new Uint8Array(15))).toThrow('A UUID takes 16 bytes');
  });

  it('uses crypto.randomUUID where the page is a secure context', () => {
    const randomUUID = vi.fn(() => '9b2c7f4e-0a1d-4e6b-8f3a-5c9d2e1b7a60');
    vi.stubGlobal('crypto', { randomUUID, getRandomValues: crypto.getRandomValues.bind(crypto) });

    expect(createIdempotencyKey()).toBe('9b2c7f4e-0a1d-4e6b-8f3a-5c9d2e1b7a60');
    expect(randomUUID).toHaveBeenCalledOnce();
  });

  it('falls back to crypto.getRandomValues over plain http, where randomUUID is missing', () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', { getRandomValues });

    const keys = Array.from({ length: 50 }, () => createIdempotencyKey());
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(50);
  });
});
