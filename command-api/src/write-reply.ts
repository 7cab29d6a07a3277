import type { FastifyReply, FastifyRequest } from 'fastify';
import { v5 as uuidv5 } from 'uuid';

/** Answers a write with the global position of its last event, for read-your-writes (design §4). */
export function sendWritten(reply: FastifyReply, statusCode: number, body: Record<string, unknown>, position: number) {
  return reply.status(statusCode).header('X-Event-Position', String(position)).send({ ...body, position });
}

const IDEMPOTENCY_NAMESPACE = '3c0b54a4-4d7e-4c55-9a43-0a2f2c1d6e71';

/**
 * The id of a new entity. With an Idempotency-Key the id is derived from it, so a repeated request
 * finds the stream already written and the decider answers with no new event.
 */
export function newEntityId(request: FastifyRequest, userId: string, newId: () => string): string {
  const key = request.headers['idempotency-key'];
  if (typeof key === 'string' && key.trim()) return uuidv5(`${userId}:${key.trim()}`, IDEMPOTENCY_NAMESPACE);
  return newId();
}

export function correlationIdOf(request: FastifyRequest): string {
  const header = request.headers['x-correlation-id'];
  return typeof header === 'string' && header ? header.slice(0, 100) : request.id;
}
