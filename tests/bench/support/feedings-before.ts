import { v7 as uuidv7 } from 'uuid';

/** A write request as the load generator sends it. */
export interface FeedingRequest {
  headers: Record<string, string>;
  body: string;
}

/**
 * The writes the write benchmarks send: bottle feedings round robin over `children`, each child's
 * 20 minutes before its last, back from `fromMs`, with a new version-7 Idempotency-Key each, as the
 * web app sends them. Each call gives the next request.
 */
export function feedingsBefore(children: readonly string[], auth: Record<string, string>, fromMs: number): () => FeedingRequest {
  let sent = 0;
  return () => {
    const childId = children[sent % children.length]!;
    const startedAt = new Date(fromMs - (1 + Math.floor(sent / children.length)) * 20 * 60_000).toISOString();
    sent += 1;
    return {
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': uuidv7() },
      body: JSON.stringify({ childId, startedAt, method: 'Bottle', amountOz: 3.5, type: 'Formula', notes: 'bench' }),
    };
  };
}
