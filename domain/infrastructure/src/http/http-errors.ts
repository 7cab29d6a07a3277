import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type ZodType } from 'zod';
import { ConflictError, DomainRuleError, ForbiddenError, GoneError, NotFoundError } from '@nightlight/domain/shared/domain-event';
import { WrongExpectedRevisionError } from '../ports/event-store';
import { ReadStoreUnavailableError } from '../ports/read-store';
import { StorageUnavailableError } from '../ports/storage-unavailable';
import { DataKeyDestroyedError } from '../ports/key-store';
import { JSON_ONLY_MESSAGE } from './api-hygiene';
import { frameworkErrorMessage } from './framework-errors';

export interface Issue {
  path: string;
  message: string;
}

/** An error whose message is meant for the user, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: Issue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Validates input with a zod schema; the first issue's message becomes the answer's message. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw zodToHttpError(result.error);
}

function zodToHttpError(error: ZodError): HttpError {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new HttpError(400, issues[0]?.message ?? 'Invalid request', issues);
}

/**
 * The message of a request refused for what it asked (a 4xx the error handler would send), or null
 * for a fault: for work that refuses some requests of a batch and goes on with the rest.
 */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof HttpError) return error.statusCode < 500 ? error.message : null;
  const refused = error instanceof DomainRuleError || error instanceof ConflictError || error instanceof NotFoundError;
  return refused ? error.message : null;
}

/** One error handler at the root: known errors map to status codes; 5xx text is never leaked. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.issues ? { issues: error.issues } : {}) });
    }
    if (error instanceof ZodError) {
      const httpError = zodToHttpError(error);
      return reply.status(400).send({ message: httpError.message, issues: httpError.issues });
    }
    if (error instanceof DomainRuleError) {
      return reply.status(400).send({ message: error.message, issues: [{ path: error.path ?? '', message: error.message }] });
    }
    if (error instanceof NotFoundError) return reply.status(404).send({ message: error.message });
    if (error instanceof ConflictError) return reply.status(409).send({ message: error.message, ...error.details });
    if (error instanceof ForbiddenError) return reply.status(403).send({ message: error.message });
    if (error instanceof GoneError) return reply.status(410).send({ message: error.message });
    if (error instanceof WrongExpectedRevisionError) {
      return reply.status(409).send({ message: 'This was changed at the same time by another request. Please try again.' });
    }
    // A write that raced the deletion of its own account: that account's sessions are over.
    if (error instanceof DataKeyDestroyedError) return reply.status(401).send({ message: 'Your session has expired. Please sign in again.' });
    if (error instanceof ReadStoreUnavailableError) {
      request.log.error({ err: error }, 'read store unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: 'Your data cannot be read right now. Please try again shortly.' });
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error }, 'storage unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: 'Saving is not possible right now. Nothing was saved; please try again shortly.' });
    }
    // A body that is not JSON (registerApiHygiene leaves no other parser).
    if ((error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ message: JSON_ONLY_MESSAGE });
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large…), in the API's words where known.
      return reply.status(statusCode).send({ message: frameworkErrorMessage(error as FastifyError, request) ?? error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

export function noRouteMessage(method: string, url: string): { message: string } {
  return { message: `No route for ${method} ${url.split('?')[0]}` };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id in a path that is not even an id names nothing: 404, like another user's record. */
export function parseIdParam(params: unknown, notFoundMessage: string): string {
  const id = (params as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || !UUID.test(id)) throw new HttpError(404, notFoundMessage);
  return id.toLowerCase();
}
