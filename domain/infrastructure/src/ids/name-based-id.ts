import { createHash } from 'node:crypto';

/**
 * The RFC 9562 version-5 UUID of `name` in `namespace`: the same id every time for the same name.
 * The `uuid` package computes the SHA-1 in JavaScript; Node's own is about 2.7× faster, and every
 * write with an Idempotency-Key derives two of these ids.
 */
export function nameBasedId(name: string, namespace: string): string {
  const hash = createHash('sha1').update(Buffer.from(namespace.replaceAll('-', ''), 'hex')).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // the RFC's variant
  const hex = hash.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
