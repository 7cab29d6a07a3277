import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { timelineApiView, timelineDocument, type EntryFacts } from '@nightlight/domain/read-models/timeline/timeline-document';
import { NotFoundError, type DomainEvent } from '@nightlight/domain/shared/domain-event';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type Decider } from '../command-handler';
import { loadOwnedChild } from '../commands/child-access';
import { assertNoOverlap } from '../commands/overlap-check';
import { correlationIdOf, newEntityId, sendWritten } from '../write-reply';

/** What the server records of an entry after the rules ran: plain notes, defaults applied. */
type CheckedEntry = Omit<EntryFacts, 'id' | 'kind' | 'childId' | 'ownerId' | 'sealedNotes'> & { notes: string };

/**
 * A kind of timeline entry (feedings, sleeps): the same three writes, with its own body, rules,
 * stream and decider. State of the stream: the sealed details once logged.
 */
export interface EntryKind<Command, State extends { details: (CheckedEntry & { notes: string }) | null }> {
  kind: 'feeding' | 'sleep';
  path: string;
  notFound: string;
  idField: string;
  streamId: (id: string) => string;
  decider: Decider<Command, State, DomainEvent>;
  body: ZodType<{ childId: string }>;
  check: (body: never, now: Date) => CheckedEntry;
  commandTypes: { log: string; correct: string; remove: string };
}

export function entryRoutes<Command, State extends { details: (CheckedEntry & { notes: string }) | null }>(deps: CommandDeps, entry: EntryKind<Command, State>) {
  const { eventStore, readStore, cipher, clock, newId } = deps;

  const decide = (type: string, data: Record<string, unknown>, userId: string, correlationId: string) =>
    handleCommand(eventStore, entry.streamId(data[entry.idField] as string), entry.decider, { type, data } as Command, {
      userId,
      correlationId,
      now: clock(),
      newId,
    });

  /** Validates, checks the child is the user's (from its stream) and that nothing overlaps. */
  async function prepare(request: { body: unknown; userId: string }, id: string) {
    const body = parseInput(entry.body, request.body);
    const child = await loadOwnedChild(eventStore, body.childId, request.userId);
    const checked = entry.check(body as never, clock());
    await assertNoOverlap(readStore, { id, childId: body.childId, kind: entry.kind, startedAt: checked.startedAt, endedAt: checked.endedAt });
    const data = { [entry.idField]: id, childId: body.childId, ownerId: request.userId, ...checked, notes: await cipher.seal(request.userId, checked.notes) };
    return { timezone: child.profile.timezone, childId: body.childId, checked, data };
  }

  /** An entry of a removed child went with it: deleting it is as unknown as reading it (404). */
  async function assertChildActive(id: string, userId: string): Promise<void> {
    const [first] = await eventStore.readStream(entry.streamId(id));
    const childId = (first?.data as { childId?: unknown } | undefined)?.childId;
    if (typeof childId !== 'string') return;
    await loadOwnedChild(eventStore, childId, userId).catch(() => {
      throw new NotFoundError(entry.notFound);
    });
  }

  /** The answer of a write: the entry as the timeline will show it, with the plain notes the parent sent. */
  const view = (id: string, childId: string, ownerId: string, checked: CheckedEntry, timezone: string, position: number) =>
    timelineApiView(timelineDocument({ ...checked, id, kind: entry.kind, childId, ownerId, sealedNotes: '' }, timezone, position), checked.notes);

  return async function routes(app: FastifyInstance): Promise<void> {
    app.post(entry.path, async (request, reply) => {
      const id = newEntityId(request, request.userId, newId);
      const { timezone, childId, checked, data } = await prepare(request, id);
      const result = await decide(entry.commandTypes.log, data, request.userId, correlationIdOf(request));
      // A repeated Idempotency-Key answers with what was recorded the first time.
      const details = result.appended === 0 ? result.state.details : null;
      const recorded = details ? { ...details, notes: (await cipher.open(request.userId, details.notes)) ?? '' } : checked;
      return sendWritten(reply, 201, view(id, childId, request.userId, recorded, timezone, result.position), result.position);
    });

    app.put(`${entry.path}/:id`, async (request, reply) => {
      const id = parseIdParam(request.params, entry.notFound);
      const { timezone, childId, checked, data } = await prepare(request, id);
      const result = await decide(entry.commandTypes.correct, data, request.userId, correlationIdOf(request));
      return sendWritten(reply, 200, view(id, childId, request.userId, checked, timezone, result.position), result.position);
    });

    app.delete(`${entry.path}/:id`, async (request, reply) => {
      const id = parseIdParam(request.params, entry.notFound);
      await assertChildActive(id, request.userId);
      const result = await decide(entry.commandTypes.remove, { [entry.idField]: id, ownerId: request.userId }, request.userId, correlationIdOf(request));
      return sendWritten(reply, 200, { ok: true }, result.position);
    });
  };
}
