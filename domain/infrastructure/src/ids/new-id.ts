import { v7 as uuidv7 } from 'uuid';
import { randomBytesFromPool } from '../crypto/random-pool';

/** A new UUIDv7 (time-ordered) for an entity or an event. */
export function newId(): string {
  return uuidv7({ random: randomBytesFromPool(16) });
}
