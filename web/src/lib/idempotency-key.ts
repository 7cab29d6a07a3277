// Keys for the Idempotency-Key header: a repeated key makes the server answer with what the first
// request recorded instead of writing again (docs/api.md).

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * An RFC 9562 version 7 UUID: the time in milliseconds (48 bits), then random bits from `random`
 * (16 bytes, of which the first 6 give way to the time and six bits to the version and variant).
 */
export function uuidV7FromBytes(timeMs: number, random: Uint8Array): string {
  if (random.length !== 16) throw new Error('A UUID takes 16 bytes');
  const b = Uint8Array.from(random);
  for (let index = 5, time = timeMs; index >= 0; index -= 1, time = Math.floor(time / 256)) b[index] = time % 256;
  b[6] = (b[6]! & 0x0f) | 0x70; // version 7
  b[8] = (b[8]! & 0x3f) | 0x80; // variant 10xx
  const h = Array.from(b, (byte) => HEX[byte]!);
  return `${h.slice(0, 4).join('')}-${h.slice(4, 6).join('')}-${h.slice(6, 8).join('')}-${h.slice(8, 10).join('')}-${h.slice(10).join('')}`;
}

/**
 * A new key: a version 7 UUID, whose time lets the server give the record it makes an id that sorts
 * with the family's others (command-api/src/idempotency.ts). crypto.getRandomValues works in every
 * context, also over plain http on the home network (http://192.168.1.20:3000), where
 * crypto.randomUUID is missing.
 */
export function createIdempotencyKey(): string {
  return uuidV7FromBytes(Date.now(), crypto.getRandomValues(new Uint8Array(16)));
}
