import { describe, expect, it } from 'vitest';
import { canonicalJson } from './idempotency';

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

  it('takes a body nested ten thousand arrays deep without running out of stack', () => {
    let deep: unknown = [];
    for (let depth = 0; depth < 10_000; depth += 1) deep = [deep];
    expect(canonicalJson(deep)).toBe(`${'['.repeat(10_001)}${']'.repeat(10_001)}`);
  });
});
