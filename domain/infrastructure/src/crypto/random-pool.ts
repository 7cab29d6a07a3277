import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * Bytes from the system's CSPRNG, drawn a page at a time: each call to the generator costs a few
 * microseconds, and every write needs several ids and an IV. The bytes handed out are never reused.
 */
export function randomBytesFromPool(count: number): Buffer {
  if (count > POOL_BYTES) return randomFillSync(Buffer.allocUnsafe(count));
  if (offset + count > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + count);
  offset += count;
  return bytes;
}
