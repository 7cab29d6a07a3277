import fc from 'fast-check';
import { v5 as uuidv5 } from 'uuid';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Decider } from './command-handler';
import { canonicalJson, entityIdOfKey, KEY_REUSED, resultOfKey } from './idempotency';

describe('canonicalJson', () => {
  it('sorts object keys at every depth and leaves out undefined fields, so key order does not make another request', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: null, x: 'é' }], c: undefined } })).toBe('{"a":{"d":[1,{"x":"é","y":null}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('writes what JSON.stringify writes for values and empty containers', () => {
    for (const value of [null, undefined, 'text', 4.25, true, [], {}, [[], {}], { '': '' }]) {
      expect(canonicalJson(value)).toBe(JSON.stringify(value ?? null));
    }
  });

  it('keeps every value of any JSON body, and gives one text for every order of its keys', () => {
    const reordered = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reordered);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(Object.entries(value).reverse().map(([name, field]) => [name, reordered(field)]));
    };
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reordered(value))).toBe(text);
      }),
      { numRuns: 2_000 },
    );
  });

  it('takes a body nested ten thousand arrays deep without running out of stack', () => {
    let deep: unknown = [];
    for (let depth = 0; depth < 10_000; depth += 1) deep = [deep];
    expect(canonicalJson(deep)).toBe(`${'['.repeat(10_001)}${']'.repeat(10_001)}`);
  });
});

describe('resultOfKey', () => {
  const recorded = (position: number, type: string, key?: string, request = 'same'): RecordedEvent => ({
    id: `e${position}`,
    streamId: 's',
    revision: position - 1,
    position,
    type,
    data: {},
    metadata: { correlationId: 'c', causationId: 'c', schemaVersion: 1, recordedAt: '2026-11-20T14:00:00.000Z', ...(key ? { idempotencyKey: key, idempotencyRequest: request } : {}) },
  });
  const types: Decider<never, string[], DomainEvent> = { initialState: () => [], evolve: (state, event) => [...state, event.type], decide: () => [] };
  const history = [recorded(1, 'A'), recorded(2, 'B', 'k'), recorded(3, 'C', 'k'), recorded(4, 'D', 'other')];

  it("gives back the stream as the key's request left it, at that request's position", () => {
    expect(resultOfKey(history, { key: 'k', request: 'same' }, types)).toEqual({ state: ['A', 'B', 'C'], position: 3, appended: 0, repeated: true });
    expect(resultOfKey(history, { key: 'unused', request: 'same' }, types)).toBeNull();
  });

  it('refuses the key sent with another request: 422', () => {
    expect(() => resultOfKey(history, { key: 'k', request: 'another' }, types)).toThrow(expect.objectContaining({ statusCode: 422, message: KEY_REUSED }));
  });
});

describe('entityIdOfKey', () => {
  const user = '019a5c3e-0000-7000-8000-000000000001';

  it("begins a record's id with the time of a version-7 key, so a family's records sort by when they were made", () => {
    const keys = ['019ac9af-e000-7abc-8def-0123456789ab', '019ac9af-e001-7000-9000-000000000000', '019ac9b0-0000-7fff-bfff-ffffffffffff'];
    const ids = keys.map((key) => entityIdOfKey(user, key, '/api/feedings'));
    for (const [index, id] of ids.entries()) expect(id).toMatch(new RegExp(`^${keys[index]!.slice(0, 13)}-8[0-9a-f]{3}-[89ab]`));
    expect([...ids].sort()).toEqual(ids);
    expect(entityIdOfKey(user, keys[0]!.toUpperCase(), '/api/feedings').slice(0, 13)).toBe(keys[0]!.slice(0, 13));
  });

  it('gives the same id for the same user, key and route, and another for another of them', () => {
    const key = '019ac9af-e000-7abc-8def-0123456789ab';
    expect(entityIdOfKey(user, key, '/api/feedings')).toBe(entityIdOfKey(user, key, '/api/feedings'));
    expect(entityIdOfKey(user, key, '/api/sleep')).not.toBe(entityIdOfKey(user, key, '/api/feedings'));
    expect(entityIdOfKey('019a5c3e-0000-7000-8000-000000000002', key, '/api/feedings')).not.toBe(entityIdOfKey(user, key, '/api/feedings'));
  });

  it('gives any other key the version-5 id it always had', () => {
    for (const key of ['9b2c7f4e-0a1d-4e6b-8f3a-5c9d2e1b7a60', 'retry-1', '019ac9af-e000-7abc-8def-0123456789']) {
      expect(entityIdOfKey(user, key, '/api/feedings')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab]/);
    }
    expect(entityIdOfKey(user, 'retry-1', '/api/feedings')).toBe(uuidv5(`${user}:/api/feedings:retry-1`, '3c0b54a4-4d7e-4c55-9a43-0a2f2c1d6e71'));
  });
});
