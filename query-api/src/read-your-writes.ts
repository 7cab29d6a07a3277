import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectionProgress } from './query-deps';

/**
 * A read that carries X-Min-Position waits (bounded) until the read models have passed it, so a
 * parent sees the feeding they just logged. On timeout it answers what it has and says so.
 */
export function readYourWrites(progress: ProjectionProgress, timeoutMs: number) {
  // Not async: most reads carry no position and should not pay for a promise.
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const header = request.headers['x-min-position'];
    if (typeof header !== 'string' || !/^\d{1,16}$/.test(header)) return done();
    progress.waitFor(Number(header), timeoutMs).then((caughtUp) => {
      if (!caughtUp) reply.header('X-Projection-Stale', 'true');
      done();
    }, done);
  };
}
