import { hash as digestOf, type BinaryToTextEncoding } from 'node:crypto';

/** The SHA-1 digest's bytes: 'buffer' gives them since Node 20.12, though Node 20's types know only text encodings. */
const sha1 = (data: Buffer): Buffer => digestOf('sha1', data, 'buffer' as BinaryToTextEncoding) as unknown as Buffer;

/** The digest of a name in a namespace, as RFC 9562 names it: SHA-1 of the namespace's bytes and the name's. */
const nameDigest = (namespaceBytes: Buffer, name: string): Buffer => sha1(Buffer.concat([namespaceBytes, Buffer.from(name, 'utf8')]));

const namespaceBytesOf = (namespace: string): Buffer => Buffer.from(namespace.replaceAll('-', ''), 'hex');

/** The 16 bytes as a UUID's text. Joined, not concatenated: one flat string, not a tree of pieces an id kept for long would hold on to. */
function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex', 0, 16);
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

/**
 * RFC 9562 version-5 UUIDs of names in `namespace`: the same id every time for the same name. The
 * namespace is parsed once, here. The `uuid` package computes the SHA-1 in JavaScript; Node's own
 * is about 2.7× faster, and every write with an Idempotency-Key derives two of these ids. One call
 * of the one-shot digest, no Hash object per id: an import derives one for each of its rows.
 */
export function nameBasedIds(namespace: string): (name: string) => string {
  const namespaceBytes = namespaceBytesOf(namespace);
  return (name) => {
    const hash = nameDigest(namespaceBytes, name);
    hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
    hash[8] = (hash[8]! & 0x3f) | 0x80; // the RFC's variant
    return uuidText(hash);
  };
}

/** The numbers an ordered id can carry: 40 bits. */
export const ORDERED_ID_LIMIT = 2 ** 40;

/**
 * Name-based ids that sort by a number their name carries (a Baby Buddy row's id, its table's
 * sequence): RFC 9562 version-8 UUIDs, whose layout the RFC leaves to the application; here
 * - 48 bits of the digest of `group` (the names that share a sequence: one table's rows of one child),
 * - the version (8), then `order`'s high 12 bits,
 * - the variant, then `order`'s low 28 bits,
 * - 34 bits of the digest of `name`.
 *
 * The same group, order and name give the same id every time. Ids of one group sort by `order`:
 * stored as keys of B-tree indexes (the event log's streams, the timeline), a file's rows land on
 * the index pages beside each other, where random ids put each on a page of its own and every
 * commit then writes hundreds of pages (docs/benchmarks.md, "Import"). `order` is a whole number
 * below ORDERED_ID_LIMIT.
 */
export function orderedNameBasedIds(namespace: string): (group: string, order: number, name: string) => string {
  const namespaceBytes = namespaceBytesOf(namespace);
  // An import derives thousands of ids in one group: its digest is taken once.
  let lastGroup: { group: string; digest: Buffer } | null = null;
  return (group, order, name) => {
    if (!Number.isInteger(order) || order < 0 || order >= ORDERED_ID_LIMIT) throw new RangeError(`An ordered id carries a whole number below 2^40, not ${order}`);
    if (lastGroup?.group !== group) lastGroup = { group, digest: nameDigest(namespaceBytes, group) };
    const high = Math.floor(order / 2 ** 28);
    const low = order % 2 ** 28;
    const tail = nameDigest(namespaceBytes, name);
    const bytes = Buffer.alloc(16);
    lastGroup.digest.copy(bytes, 0, 0, 6);
    bytes[6] = 0x80 | (high >>> 8); // version 8
    bytes[7] = high & 0xff;
    bytes[8] = 0x80 | (low >>> 22); // the RFC's variant
    bytes[9] = (low >>> 14) & 0xff;
    bytes[10] = (low >>> 6) & 0xff;
    // The digest's first 34 bits: 2 here, 32 in the last four bytes.
    bytes[11] = ((low & 0x3f) << 2) | (tail[0]! >>> 6);
    for (let index = 0; index < 4; index++) bytes[12 + index] = ((tail[index]! << 2) | (tail[index + 1]! >>> 6)) & 0xff;
    return uuidText(bytes);
  };
}

/**
 * Name-based ids that begin with a time: RFC 9562 version-8 UUIDs whose first 48 bits are
 * `timeMs` (milliseconds since 1970, as a version 7's), then the version (8), then 74 bits of the
 * digest of `name` (its bits 4–15 and 18–79), around the variant. The same time and name give the same id every time; ids
 * made one after another sort by their times, and so land side by side in the stores' B-tree
 * indexes, as version-7 ids do (docs/decisions.md, "Ids of records made under an Idempotency-Key").
 */
export function timeOrderedNameBasedIds(namespace: string): (timeMs: number, name: string) => string {
  const namespaceBytes = namespaceBytesOf(namespace);
  return (timeMs, name) => {
    if (!Number.isInteger(timeMs) || timeMs < 0 || timeMs >= 2 ** 48) throw new RangeError(`A time-ordered id begins with 48 bits of milliseconds, not ${timeMs}`);
    const bytes = nameDigest(namespaceBytes, name);
    // The digest's first ten bytes move six on, behind the time; the version and the variant take six of their bits.
    bytes.copy(bytes, 6, 0, 10);
    bytes.writeUIntBE(timeMs, 0, 6);
    bytes[6] = 0x80 | (bytes[6]! & 0x0f); // version 8
    bytes[8] = 0x80 | (bytes[8]! & 0x3f); // the RFC's variant
    return uuidText(bytes);
  };
}
