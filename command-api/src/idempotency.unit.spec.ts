import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Decider } from './command-handler';
import { canonicalJson, KEY_REUSED, resultOfKey } from './idempotency';

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
