import { v5 as uuidv5 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { nameBasedIds, ORDERED_ID_LIMIT, orderedNameBasedIds, timeOrderedNameBasedIds } from './name-based-id';

const NAMESPACE = '3c0b54a4-4d7e-4c55-9a43-0a2f2c1d6e71';

describe('nameBasedIds', () => {
  it("gives RFC 9562's own example: www.example.com in the DNS namespace", () => {
    expect(nameBasedIds('6ba7b810-9dad-11d1-80b4-00c04fd430c8')('www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives the ids the uuid package gave before it, so keys sent before an upgrade name the same records', () => {
    const names = ['019a5c3e-user:key', '019a5c3e-user:/api/feedings:key', 'ünïcode:🍼', '', 'x'.repeat(1_000)];
    const idOf = nameBasedIds(NAMESPACE);
    for (const name of names) expect(idOf(name)).toBe(uuidv5(name, NAMESPACE));
  });
});

describe('orderedNameBasedIds', () => {
  const idOf = orderedNameBasedIds(NAMESPACE);
  const digest = (name: string) => createHash('sha1').update(Buffer.from(NAMESPACE.replaceAll('-', ''), 'hex')).update(name).digest();

  it('lays out the group, the version, the order, the variant and the name as the layout says, bit by bit', () => {
    const order = 2 ** 28 * 0xabc + 0x1234567;
    const bits = (bytes: Buffer, from: number, count: number) => (BigInt(`0x${bytes.toString('hex')}`) >> BigInt(bytes.length * 8 - from - count)) & ((1n << BigInt(count)) - 1n);
    const expected =
      (bits(digest('child:babybuddy:sleep'), 0, 48) << 80n) |
      (8n << 76n) |
      (BigInt(0xabc) << 64n) |
      (2n << 62n) |
      (BigInt(0x1234567) << 34n) |
      bits(digest('child:babybuddy:sleep:42'), 0, 34);
    const id = idOf('child:babybuddy:sleep', order, 'child:babybuddy:sleep:42');
    expect(id.replaceAll('-', '')).toBe(expected.toString(16).padStart(32, '0'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives the same id for the same group, order and name, and another for another name or group', () => {
    expect(idOf('a', 7, 'a:7')).toBe(idOf('a', 7, 'a:7'));
    expect(idOf('a', 7, 'a:7')).not.toBe(idOf('a', 7, 'a:8'));
    expect(idOf('a', 7, 'a:7').slice(0, 13)).not.toBe(idOf('b', 7, 'a:7').slice(0, 13));
  });

  it('sorts the ids of one group by their order, across the bytes the order is split over', () => {
    const orders = [0, 1, 63, 64, 2 ** 14, 2 ** 22, 2 ** 28 - 1, 2 ** 28, 2 ** 28 + 1, 2 ** 36, ORDERED_ID_LIMIT - 1];
    const ids = orders.map((order) => idOf('child:babybuddy:feeding', order, `row ${order}`));
    expect([...ids].sort()).toEqual(ids);
  });

  it('refuses a number it cannot carry', () => {
    for (const order of [-1, 1.5, ORDERED_ID_LIMIT]) expect(() => idOf('a', order, 'a')).toThrow(RangeError);
  });
});

describe('timeOrderedNameBasedIds', () => {
  const idOf = timeOrderedNameBasedIds(NAMESPACE);
  const digest = (name: string) => createHash('sha1').update(Buffer.from(NAMESPACE.replaceAll('-', ''), 'hex')).update(name).digest();

  it('begins with the 48 bits of the time, then the version and the digest of the name around the variant', () => {
    const time = Date.parse('2026-11-28T08:00:00.123Z');
    const hex = digest('user:/api/feedings:key').toString('hex');
    // The digest's first 80 bits, of which the version takes bits 0–3 and the variant bits 16–17.
    const bits = BigInt(`0x${hex.slice(0, 20)}`);
    const expected = (BigInt(time) << 80n) | (8n << 76n) | (((bits >> 64n) & 0xfffn) << 64n) | (2n << 62n) | (bits & ((1n << 62n) - 1n));
    expect(idOf(time, 'user:/api/feedings:key').replaceAll('-', '')).toBe(expected.toString(16).padStart(32, '0'));
    expect(idOf(time, 'user:/api/feedings:key')).toMatch(/^01a2212b-107b-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives the same id for the same time and name, sorts by time, and tells names apart', () => {
    expect(idOf(1, 'a')).toBe(idOf(1, 'a'));
    expect(idOf(1, 'a')).not.toBe(idOf(1, 'b'));
    const times = [0, 1, 255, 256, 2 ** 32, Date.parse('2026-11-28T08:00:00Z'), 2 ** 48 - 1];
    const ids = times.map((time) => idOf(time, `name ${time}`));
    expect([...ids].sort()).toEqual(ids);
  });

  it('refuses a time it cannot carry', () => {
    for (const time of [-1, 0.5, 2 ** 48]) expect(() => idOf(time, 'a')).toThrow(RangeError);
  });
});
