import { hash as digestOf, type BinaryToTextEncoding } from 'node:crypto';

/** The SHA-1 digest's bytes: 'buffer' gives them since Node 20.12, though Node 20's types know only text encodings. */
const sha1 = (data: Buffer): Buffer => digestOf('sha1', data, 'buffer' as BinaryToTextEncoding) as unknown as Buffer;

/**
 * RFC 9562 version-5 UUIDs of names in `namespace`: the same id every time for the same name. The
 * namespace is parsed once, here. The `uuid` package computes the SHA-1 in JavaScript; Node's own
 * is about 2.7× faster, and every write with an Idempotency-Key derives two of these ids. One call
 * of the one-shot digest, no Hash object per id: an import derives one for each of its rows.
 */
export function nameBasedIds(namespace: string): (name: string) => string {
  const namespaceBytes = Buffer.from(namespace.replaceAll('-', ''), 'hex');
  return (name) => {
    const hash = sha1(Buffer.concat([namespaceBytes, Buffer.from(name, 'utf8')]));
    hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
    hash[8] = (hash[8]! & 0x3f) | 0x80; // the RFC's variant
    const hex = hash.toString('hex', 0, 16);
    // Joined, not concatenated: one flat string, not a tree of pieces an id kept for long would hold on to.
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
  };
}
