import { v5 as uuidv5 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { nameBasedIds } from './name-based-id';

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
