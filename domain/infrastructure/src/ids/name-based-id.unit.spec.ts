import { v5 as uuidv5 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { nameBasedIds, ORDERED_ID_LIMIT, orderedNameBasedIds } from './name-based-id';

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
