import { v7 as uuidv7 } from 'uuid';

/** A write request as the load generator sends it. */
export interface FeedingRequest {
  headers: Record<string, string>;
  body: string;
}

/**
 * The children the write benchmarks write to, made through the API as a parent would. Born years
 * back: with every write on one child (WRITE_CHILDREN=1), each 20 minutes before the last, a quiet
 * machine's run reaches back two years, and none may come before the birth date.
 */
export async function childrenToWriteTo(url: string, auth: Record<string, string>, count: number): Promise<string[]> {
  const children: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await fetch(`${url}/api/children`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: `Bench ${i}`, birthDate: '2016-01-01', sex: 'Female', timezone: 'UTC' }),
    });
    if (created.status !== 201) throw new Error(`a child was not created (${created.status} ${await created.text()})`);
    children.push(((await created.json()) as { id: string }).id);
  }
  return children;
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
