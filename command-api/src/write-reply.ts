import type { FastifyReply, FastifyRequest } from 'fastify';
import { entityIdOfKey, idempotencyKeyOf, type IdempotentRequest } from './idempotency';

/** Answers a write with the global position of its last event, for read-your-writes (design §4). */
export function sendWritten(reply: FastifyReply, statusCode: number, body: object, position: number) {
  return reply.status(statusCode).header('X-Event-Position', String(position)).send({ ...body, position });
}

/**
 * The id of a new entity. With an Idempotency-Key the id is derived from it, so the same request
 * sent twice at once races for one stream and is written once.
 */
export function newEntityId(request: FastifyRequest, userId: string, newId: () => string): string {
  const key = idempotencyKeyOf(request);
  return key === null ? newId() : entityIdOfKey(userId, key, request.url.split('?')[0]!);
}

export function correlationIdOf(request: FastifyRequest): string {
  const header = request.headers['x-correlation-id'];
  return typeof header === 'string' && header ? header.slice(0, 100) : request.id;
}

/** Who writes, as the command services take it: the member, the request's correlation, its Idempotency-Key. */
export interface WriteActor {
  userId: string;
  correlationId: string;
  idempotent: IdempotentRequest | null;
  /** The request's `Accept-Language`: the units of a reader who chose none (`readerUnits`). */
  acceptLanguage?: string | null;
}

export async function writeActorOf(idempotency: { begin(request: FastifyRequest): Promise<IdempotentRequest | null> }, request: FastifyRequest): Promise<WriteActor> {
  return { userId: request.userId, correlationId: correlationIdOf(request), idempotent: await idempotency.begin(request), acceptLanguage: request.headers['accept-language'] ?? null };
}
