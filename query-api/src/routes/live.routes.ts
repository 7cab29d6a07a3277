import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MEMBERSHIPS_COLLECTION, membershipId, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import { parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { mediaAnswer, routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';

const liveSchema = routeSchema({
  summary: "A child's changes, as server-sent events",
  description: 'Sends `event: change` with `data: {"position": n}` whenever the child\'s read models change (read again with `X-Min-Position: n`), a comment every 25 s, and `event: closed` when the caller stops being a member.',
  tags: ['Families'],
  answers: { 200: mediaAnswer('text/event-stream', 'An endless stream of change events.') },
  errors: [404],
});

/** Proxies close a connection that says nothing for a minute or so. */
const HEARTBEAT_MS = 25_000;

interface Listener {
  userId: string;
  response: ServerResponse;
}

/**
 * GET /api/children/:id/live: a server-sent-events stream for the members of a child's family. The
 * projector reports which children changed once their read models are settled; each open stream of
 * such a child gets `event: change` with the position to read at, and a member who has left the
 * family gets `event: closed` and the end of the stream.
 */
export function liveRoutes({ readStore, changeFeed }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const streams = new Map<string, Set<Listener>>();
    const memberships = readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION);

    const end = (childId: string, listener: Listener) => {
      streams.get(childId)?.delete(listener);
      if (streams.get(childId)?.size === 0) streams.delete(childId);
      listener.response.end();
    };

    const stopListening = changeFeed.subscribe(({ position, childIds }) => {
      for (const childId of childIds) {
        for (const listener of streams.get(childId) ?? []) {
          // The read models are settled up to `position`, memberships included.
          void memberships.findOne({ _id: membershipId(childId, listener.userId) }, { readOnly: true }).then((member) => {
            if (member) listener.response.write(`event: change\ndata: {"position":${position}}\n\n`);
            else {
              listener.response.write('event: closed\ndata: {}\n\n');
              end(childId, listener);
            }
          });
        }
      }
    });
    const heartbeat = setInterval(() => {
      for (const listeners of streams.values()) for (const { response } of listeners) response.write(': still here\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    app.addHook('onClose', async () => {
      stopListening();
      clearInterval(heartbeat);
      for (const [childId, listeners] of streams) for (const listener of listeners) end(childId, listener);
    });

    app.get('/api/children/:id/live', { schema: liveSchema }, async (request, reply) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId);
      const response = reply.raw;
      // The stream is written by hand from here on: no serialiser, no compression, no buffering.
      reply.hijack();
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      response.write('retry: 2000\n\n');
      const listener: Listener = { userId: request.userId, response };
      const listeners = streams.get(child._id) ?? new Set();
      listeners.add(listener);
      streams.set(child._id, listeners);
      request.raw.on('close', () => {
        listeners.delete(listener);
        if (listeners.size === 0 && streams.get(child._id) === listeners) streams.delete(child._id);
      });
    });
  };
}
