import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import { decideIdempotencyKey, evolveIdempotencyKey, initialIdempotencyKeyState } from '@nightlight/domain/idempotency/idempotency-key';
import type { DomainEvent } from '@nightlight/domain/shared/domain-event';
import { idempotencyStreamId } from '@nightlight/domain/shared/stream-ids';
import { HttpError } from '@nightlight/infrastructure/http/http-errors';
import { WrongExpectedRevisionError } from '@nightlight/infrastructure/ports/event-store';
import type { CommandDeps } from './command-deps';
import { handleCommand, resultOfKey, type CommandResult, type Decider, type IdempotentCommand } from './command-handler';

const IDEMPOTENCY_NAMESPACE = '3c0b54a4-4d7e-4c55-9a43-0a2f2c1d6e71';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request. Send a new key for a new request.';

/** The digest of a user and an Idempotency-Key: a stream name and an entity id, never the key as sent. */
export function idempotencyKeyDigest(userId: string, key: string): string {
  return uuidv5(`${userId}:${key}`, IDEMPOTENCY_NAMESPACE);
}

/** The request's Idempotency-Key, or null when it has none (an empty header is none). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.trim() ? key.trim() : null;
}

/**
 * JSON with object keys sorted at every depth, so the same body always gives the same digest. It
 * walks with a work list rather than recursion: a hostile body nested ten thousand arrays deep
 * gets a digest (and then its 400), not a stack overflow.
 */
export function canonicalJson(root: unknown): string {
  const out: string[] = [];
  const work: ({ text: string } | { value: unknown })[] = [{ value: root }];
  while (work.length > 0) {
    const item = work.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const { value } = item;
    if (Array.isArray(value)) {
      const parts = value.flatMap((element, index) => (index === 0 ? [{ value: element }] : [{ text: ',' }, { value: element }]));
      work.push({ text: ']' }, ...parts.reverse(), { text: '[' });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const parts = entries.flatMap(([name, field], index) => [...(index === 0 ? [] : [{ text: ',' }]), { text: `${JSON.stringify(name)}:` }, { value: field }]);
      work.push({ text: '}' }, ...parts.reverse(), { text: '{' });
    } else {
      out.push(JSON.stringify(value ?? null));
    }
  }
  return out.join('');
}

function fingerprintOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  return createHash('sha256').update(canonicalJson([request.method, path, request.body])).digest('hex');
}

export interface IdempotentRequest {
  userId: string;
  correlationId: string;
  /** idempotencyKeyDigest(userId, key). */
  key: string;
  /** Digest of method, path and body. */
  fingerprint: string;
  /** The key was used before, for this very request. */
  usedBefore: boolean;
}

/**
 * "A repeated key returns the first answer and writes nothing new." The first use of a key is
 * recorded on its own stream, `idempotency-{digest}`, just before the request's events are
 * appended, and those events carry the digest in their metadata. A repeat finds them and answers
 * from the stream as they left it; two at once race for the entity stream, and the one that loses
 * answers with the winner's result. A request that was refused wrote nothing and records nothing:
 * sent again, it is judged again.
 */
export function idempotentWrites(deps: Pick<CommandDeps, 'eventStore' | 'cipher' | 'clock' | 'newId'>) {
  const keyDecider = { initialState: initialIdempotencyKeyState, evolve: evolveIdempotencyKey, decide: decideIdempotencyKey };

  async function assertSameRequest(userId: string, sealedFirst: string | null, fingerprint: string): Promise<boolean> {
    if (sealedFirst === null) return false;
    if ((await deps.cipher.open(userId, sealedFirst)) !== fingerprint) throw new HttpError(422, KEY_REUSED);
    return true;
  }

  async function recordFirstUse(idempotent: IdempotentRequest): Promise<void> {
    const { userId, key, fingerprint, correlationId } = idempotent;
    const command = { type: 'RecordIdempotencyKeyUse' as const, data: { request: await deps.cipher.seal(userId, fingerprint) } };
    const record = () => handleCommand(deps.eventStore, idempotencyStreamId(key), keyDecider, command, { userId, correlationId, now: deps.clock(), newId: deps.newId });
    let result;
    try {
      result = await record();
    } catch (error) {
      // Two requests with this key at once: the second reads the first one's record.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      result = await record();
    }
    if (result.appended === 0) await assertSameRequest(userId, result.state.request, fingerprint);
  }

  return {
    /**
     * The request's key, checked against its first use (422 when it came with another request),
     * or null without a key. Writes nothing.
     */
    async begin(request: FastifyRequest, correlationId: string): Promise<IdempotentRequest | null> {
      const sent = idempotencyKeyOf(request);
      if (sent === null) return null;
      const userId = request.userId;
      const key = idempotencyKeyDigest(userId, sent);
      const fingerprint = fingerprintOf(request);
      const recorded = await deps.eventStore.readStream(idempotencyStreamId(key));
      const first = recorded.reduce(evolveIdempotencyKey, initialIdempotencyKeyState());
      return { userId, correlationId, key, fingerprint, usedBefore: await assertSameRequest(userId, first.request, fingerprint) };
    },

    /** What the earlier request with this key left on the stream, or null when it appended nothing there. */
    async earlierResult<State>(
      idempotent: IdempotentRequest | null,
      streamId: string,
      decider: Pick<Decider<never, State, DomainEvent>, 'initialState' | 'evolve'>,
    ): Promise<CommandResult<State> | null> {
      if (!idempotent?.usedBefore) return null;
      return resultOfKey(await deps.eventStore.readStream(streamId), idempotent.key, decider);
    },

    /** The part of the command context that marks the events and records the key's first use. */
    command(idempotent: IdempotentRequest | null): IdempotentCommand | undefined {
      return idempotent ? { key: idempotent.key, beforeAppend: () => recordFirstUse(idempotent) } : undefined;
    },
  };
}

export type IdempotentWrites = ReturnType<typeof idempotentWrites>;
