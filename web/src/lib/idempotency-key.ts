// Keys for the Idempotency-Key header: a repeated key makes the server answer with what the first
// request recorded instead of writing again (docs/api.md).

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** An RFC 4122 version 4 UUID made from 16 random bytes. */
export function uuidV4FromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error('A UUID takes 16 bytes');
  const b = Uint8Array.from(bytes);
  b[6] = (b[6]! & 0x0f) | 0x40; // version 4
  b[8] = (b[8]! & 0x3f) | 0x80; // variant 10xx
  const h = Array.from(b, (byte) => HEX[byte]!);
  return `${h.slice(0, 4).join('')}-${h.slice(4, 6).join('')}-${h.slice(6, 8).join('')}-${h.slice(8, 10).join('')}-${h.slice(10).join('')}`;
}

/**
 * A new random key. crypto.randomUUID exists only in secure contexts, and the app is also opened
 * over plain http on the home network (http://192.168.1.20:3000); crypto.getRandomValues works
 * everywhere, so it backs the fallback.
 */
export function createIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return uuidV4FromBytes(crypto.getRandomValues(new Uint8Array(16)));
}
