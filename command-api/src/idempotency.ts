import type { FastifyRequest } from 'fastify';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';
import { nameBasedIds, timeOrderedNameBasedIds } from '@nightlight/infrastructure/ids/name-based-id';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { CommandDeps } from './command-deps';
import type { CommandResult, Decider } from './command-handler';

// Ids derived from Idempotency-Keys. The namespace never changes: keys sent before would name other records.
const IDEMPOTENCY_NAMESPACE = '3c0b54a4-4d7e-4c55-9a43-0a2f2c1d6e71';
const idempotencyId = nameBasedIds(IDEMPOTENCY_NAMESPACE);
const timeOrderedIdempotencyId = timeOrderedNameBasedIds(IDEMPOTENCY_NAMESPACE);
/** A version-7 UUID, as the web app makes its keys: its first 48 bits are the time it was made. */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request. Send a new key for a new request.';

/** The digest of a user and an Idempotency-Key, as the events it caused record it: never the key as sent. */
export function idempotencyKeyDigest(userId: string, key: string): string {
  return idempotencyId(`${userId}:${key}`);
}

/** The request's Idempotency-Key, or null when it has none (an empty header is none). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.trim() ? key.trim() : null;
}

/**
 * The id of a new record created under a key: from the user, the key and the route, so the same
 * request sent twice races for one stream, and one key sent to two routes cannot name two records
 * (a feeding and a sleep) by the same id. A key that is a version-7 UUID (the web app's) gives an id
 * that begins with its time, so that the records a family makes one after another sort together in
 * the stores' indexes as ids made here do (docs/decisions.md, "Ids of records made under an
 * Idempotency-Key"); any other key, the version-5 id of the same name.
 */
export function entityIdOfKey(userId: string, key: string, path: string): string {
  const name = `${userId}:${path}:${key}`;
  return UUID_V7.test(key) ? timeOrderedIdempotencyId(Number.parseInt(key.slice(0, 8) + key.slice(9, 13), 16), name) : idempotencyId(name);
}

/** A container being written by canonicalJson: its members (and an object's names), the next one, its closing bracket. */
type OpenContainer = { values: unknown[]; names: string[] | null; next: number; close: string };

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * JSON with object keys sorted at every depth, so the same body always gives the same digest. It
 * walks with a stack of open containers rather than recursion: a hostile body nested ten thousand
 * arrays deep gets a digest (and then its 400), not a stack overflow.
 */
export function canonicalJson(root: unknown): string {
  let out = '';
  const open: OpenContainer[] = [];
  let value = root;
  for (;;) {
    if (Array.isArray(value)) {
      out += '[';
      open.push({ values: value, names: null, next: 0, close: ']' });
    } else if (value !== null && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      const names = Object.keys(object)
        .filter((name) => object[name] !== undefined)
        .sort(byCodeUnit);
      out += '{';
      open.push({ values: names.map((name) => object[name]), names, next: 0, close: '}' });
    } else {
      out += JSON.stringify(value ?? null);
    }
    let container = open.at(-1);
    while (container && container.next === container.values.length) {
      out += container.close;
      open.pop();
      container = open.at(-1);
    }
    if (!container) return out;
    if (container.next > 0) out += ',';
    if (container.names) out += `${JSON.stringify(container.names[container.next])}:`;
    value = container.values[container.next++];
  }
}

/** A request sent with an Idempotency-Key, as the metadata of the events it appends records it. */
export interface IdempotentRequest {
  /** idempotencyKeyDigest(userId, key). */
  key: string;
  /** Digest of method, path and body, keyed by the user's data key (a body can hold a name). */
  request: string;
}

/**
 * The stream as the request with this key left it, or null when no event of the stream carries
 * the key. The key with another request is refused (422): answering with another request's result
 * would hide the parent's change, and doing the new request would break the key's promise.
 */
export function resultOfKey<State>(
  recorded: readonly RecordedEvent[],
  idempotent: IdempotentRequest,
  decider: Pick<Decider<never, State, DomainEvent>, 'initialState' | 'evolve'>,
): CommandResult<State> | null {
  const last = recorded.findLastIndex((event) => event.metadata.idempotencyKey === idempotent.key);
  if (last < 0) return null;
  if (recorded[last]!.metadata.idempotencyRequest !== idempotent.request) throw new HttpError(422, KEY_REUSED);
  const upToIt = recorded.slice(0, last + 1);
  return { state: upToIt.reduce(decider.evolve, decider.initialState()), position: upToIt.at(-1)!.position, appended: 0, repeated: true };
}

/**
 * "A repeated key returns the first answer and writes nothing new." The key travels with the
 * events its request appends (their metadata), so the log remembers it across restarts and
 * processes, and no write pays for a record of its own. A repeat reads the record's stream, finds
 * them and answers from the stream as they left it; two copies at once race for the stream, and the
 * one that loses answers with the winner's result. A refused request appended nothing, so it is
 * judged again when sent again.
 */
export function idempotentWrites(deps: Pick<CommandDeps, 'eventStore' | 'cipher'>) {
  return {
    /** The request's key and the digest of what it asks, or null without a key. Writes nothing. */
    async begin(request: FastifyRequest): Promise<IdempotentRequest | null> {
      const sent = idempotencyKeyOf(request);
      if (sent === null) return null;
      const path = request.url.split('?')[0];
      return {
        key: idempotencyKeyDigest(request.userId, sent),
        request: await deps.cipher.digest(request.userId, canonicalJson([request.method, path, request.body])),
      };
    },

    /** What the earlier request with this key left on the stream, or null when it appended nothing there. */
    async earlierResult<State>(
      idempotent: IdempotentRequest | null,
      streamId: string,
      decider: Pick<Decider<never, State, DomainEvent>, 'initialState' | 'evolve'>,
    ): Promise<CommandResult<State> | null> {
      if (!idempotent) return null;
      return resultOfKey(await deps.eventStore.readStream(streamId), idempotent, decider);
    },
  };
}

