import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, scryptParametersOf, verifyPassword } from './password-hashing';

describe('password hashing', () => {
  it('stores scrypt N=16384, r=8, p=1 with a 16-byte salt and a 64-byte key, and checks against it', async () => {
    const stored = await hashPassword('Sleepy2night');
    expect(scryptParametersOf(stored)).toEqual({ N: 16_384, r: 8, p: 1, saltBytes: 16, keyBytes: 64 });
    expect(await verifyPassword('Sleepy2night', stored)).toBe(true);
    expect(await verifyPassword('Sleepy2nighT', stored)).toBe(false);
  });

  it('makes an unknown e-mail cost the same scrypt work as a known one: the dummy hash has the same parameters', async () => {
    const real = scryptParametersOf(await hashPassword('Sleepy2night'));
    const dummy = await dummyPasswordHash();
    expect(scryptParametersOf(dummy)).toEqual(real);
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(await verifyPassword('Sleepy2night', dummy)).toBe(false);
  });

  it('never matches a malformed stored hash', async () => {
    expect(scryptParametersOf('bcrypt$abc')).toBeNull();
    expect(await verifyPassword('Sleepy2night', 'bcrypt$abc')).toBe(false);
  });
});
