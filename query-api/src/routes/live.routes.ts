import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { MEMBERSHIPS_COLLECTION, membershipId, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import type { VerifiedAccess } from '@nightlight/infrastructure/auth/token-service';
import { accessStillStands } from '@nightlight/infrastructure/http/authentication';
import { HttpError, parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { mediaAnswer, routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { Revocation } from '@nightlight/infrastructure/ports/session-store';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';

/**
 * Open streams one account may hold in one query-api process: a parent with a phone, a tablet and
 * a computer, a few tabs and children each, stays well below; a script opening hundreds does not.
 */
export const MAX_STREAMS_PER_USER = 10;
export const TOO_MANY_STREAMS = `Too many live updates are open for this account (at most ${MAX_STREAMS_PER_USER}). Please close another tab or app and try again.`;

const liveSchema = routeSchema({
  summary: "A child's changes, as server-sent events",
  description:
    'Sends `event: change` with `data: {"position": n}` whenever the child\'s read models change (read again with `X-Min-Position: n`), a comment every 25 s, `event: closed` when the caller stops being a member, and `event: signed-out` when the token that opened it is revoked or expires. At most 10 streams per account are open at once (429 beyond).',
  tags: ['Families'],
  answers: { 200: mediaAnswer('text/event-stream', 'An endless stream of change events.') },
  errors: [404, 429],
});

/** Proxies close a connection that says nothing for a minute or so. */
const HEARTBEAT_MS = 25_000;

interface Listener {
  childId: string;
  access: VerifiedAccess;
  response: ServerResponse;
}

/**
 * GET /api/children/:id/live: a server-sent-events stream for the members of a child's family. The
 * projector reports which children changed once their read models are settled; each open stream of
 * such a child gets `event: change` with the position to read at, and a member who has left the
 * family gets `event: closed` and the end of the stream. A stream lives no longer than the access
 * token that opened it: when its session is revoked (a password change, signing out here or
 * everywhere, the account deleted), in this process or any other, or when the token expires, it
 * gets `event: signed-out` and ends, and the app opens it again with its current token if it has one.
 */
export function liveRoutes({ readStore, changeFeed, sessions, clock }: QueryDeps) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const streams = new Map<string, Set<Listener>>();
    const byUser = new Map<string, Set<Listener>>();
    const memberships = readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION);

    const forget = (listener: Listener) => {
      for (const [index, key] of [[streams, listener.childId] as const, [byUser, listener.access.userId] as const]) {
        index.get(key)?.delete(listener);
        if (index.get(key)?.size === 0) index.delete(key);
      }
    };
    /** Writes to the stream unless it has ended: a check that finished after another ended it writes nothing. */
    const send = (listener: Listener, text: string) => {
      if (!listener.response.writableEnded) listener.response.write(text);
    };
    const end = (listener: Listener, event?: 'closed' | 'signed-out') => {
      forget(listener);
      if (event) send(listener, `event: ${event}\ndata: {}\n\n`);
      listener.response.end();
    };

    /** Ends the streams whose token no longer stands. */
    const checkSessions = async (listeners: Iterable<Listener>) => {
      const now = clock().getTime();
      for (const listener of [...listeners]) {
        const stands = now < listener.access.expiresAt * 1000 && (await accessStillStands(sessions, listener.access).catch(() => true));
        if (!stands) end(listener, 'signed-out');
      }
    };
    const stopWatchingSessions = sessions.onRevoked((revocation: Revocation) => {
      const affected =
        revocation.of === 'user'
          ? (byUser.get(revocation.userId) ?? [])
          : [...byUser.values()].flatMap((listeners) => [...listeners].filter((listener) => revocation.of === 'unknown' || listener.access.sessionId === revocation.sessionId));
      void checkSessions(affected);
    });

    const stopListening = changeFeed.subscribe(({ position, childIds }) => {
      for (const childId of childIds) {
        for (const listener of streams.get(childId) ?? []) {
          // The read models are settled up to `position`, memberships included.
          void memberships.findOne({ _id: membershipId(childId, listener.access.userId) }, { readOnly: true }).then((member) => {
            if (member) send(listener, `event: change\ndata: {"position":${position}}\n\n`);
            else end(listener, 'closed');
          });
        }
      }
    });
    // The heartbeat also checks every stream's token: a revocation whose message was lost, or a token that expired.
    const heartbeat = setInterval(() => {
      for (const listeners of streams.values()) for (const listener of listeners) send(listener, ': still here\n\n');
      void checkSessions([...streams.values()].flatMap((listeners) => [...listeners]));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    // Before the server waits for its connections to end: an open stream never would.
    app.addHook('preClose', async () => {
      stopListening();
      stopWatchingSessions();
      clearInterval(heartbeat);
      for (const listeners of streams.values()) for (const listener of listeners) end(listener);
    });

    app.get('/api/children/:id/live', { schema: liveSchema }, async (request, reply) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId);
      if ((byUser.get(request.userId)?.size ?? 0) >= MAX_STREAMS_PER_USER) throw new HttpError(429, TOO_MANY_STREAMS);
      const response = reply.raw;
      // The stream is written by hand from here on: no serialiser, no compression, no buffering.
      reply.hijack();
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      response.write('retry: 2000\n\n');
      const listener: Listener = { childId: child._id, access: request.access, response };
      for (const [index, key] of [[streams, child._id] as const, [byUser, request.userId] as const]) {
        const listeners = index.get(key) ?? new Set();
        listeners.add(listener);
        index.set(key, listeners);
      }
      request.raw.on('close', () => forget(listener));
      // A revocation announced while the stream was being opened found no stream to end.
      void checkSessions([listener]);
    });
  };
}
