import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_NIGHT_WINDOW_END, DEFAULT_NIGHT_WINDOW_START, type ChildProfileData, type Sex } from '@nightlight/domain/children/child.events';
import {
  decideChildStream,
  evolveChildStream,
  initialChildStreamState,
  type ChildStreamCommand,
  type ChildStreamState,
} from '@nightlight/domain/children/child-stream.decider';
import { checkBirthDate, checkNightWindow, checkTimezone, DISPLAY_NAME_MAX } from '@nightlight/domain/children/child-profile-rules';
import type { ChildView } from '@nightlight/domain/read-models/children/child-document';
import { ConflictError, type DomainEvent } from '@nightlight/domain/shared/domain-event';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { localDateOf } from '@nightlight/domain/time/zoned-time';
import { writtenChildViewSchema } from '@nightlight/domain/read-models/children/child-view.schemas';
import { writtenOkSchema } from '@nightlight/domain/shared/answers.schemas';
import { HttpError, parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import { linkChildToAccount } from '../accounts/account-streams';
import type { CommandDeps } from '../command-deps';
import { handleCommand, type CommandResult, type Decider } from '../command-handler';
import { loadChildAs } from '../commands/child-access';
import { childStreamDecider } from '../commands/child-stream-decider';
import { childViewOf } from '../commands/child-view';
import { idempotentWrites, type IdempotentRequest } from '../idempotency';
import { correlationIdOf, newEntityId, sendWritten } from '../write-reply';

/** The sealed birth date of an active child of the user's family, as `state` has it; null for any other child. */
function ownBirthDate(state: ChildStreamState, userId: string): string | null {
  const { child } = state;
  return child.status === 'active' && child.members[userId] ? (child.profile?.birthDate ?? null) : null;
}

/**
 * The child's decider for an update whose previous birth date was opened from `sealedBirthDate`
 * (null: the user had no such child). A profile recorded in between is a concurrent change (409),
 * as when the append loses the race: its alerts were raised for a birth date this decision did not see.
 */
function decidedOnBirthDate(sealedBirthDate: string | null): Decider<ChildStreamCommand, ChildStreamState, DomainEvent> {
  return {
    ...childStreamDecider,
    decide(command, state) {
      if (command.type === 'UpdateChildProfile' && state.child.members[command.data.actorId] && ownBirthDate(state, command.data.actorId) !== sealedBirthDate) {
        throw new ConflictError('This was changed at the same time by another request. Please try again.');
      }
      return decideChildStream(command, state);
    },
  };
}

const sexSchema = z
  .string({ error: 'Please select a sex' })
  .refine((value) => ['Female', 'Male', 'Unknown', 'Other'].includes(value), 'Please select a sex')
  // The onboarding form says 'Other'; the profile records it as 'Unknown'.
  .transform((value): Sex => (value === 'Other' ? 'Unknown' : (value as Sex)));

const birthDateSchema = z.string({ error: 'Birth date is required' }).min(1, 'Birth date is required');
const timezoneSchema = z.string({ error: 'Timezone is required' }).min(1, 'Timezone is required');

const registerChildBody = z.object({
  displayName: z.string().trim().max(DISPLAY_NAME_MAX, 'Display name must be 50 characters or less').optional().nullable(),
  birthDate: birthDateSchema,
  sex: sexSchema,
  timezone: timezoneSchema.optional(),
  researchConsent: z.boolean({ error: 'researchConsent must be true or false' }).optional(),
});

const updateChildBody = z.object({
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(DISPLAY_NAME_MAX, 'Display name must be 50 characters or less'),
  birthDate: birthDateSchema,
  sex: sexSchema,
  nightWindowStart: z.string({ error: 'Night sleep start is required' }),
  nightWindowEnd: z.string({ error: 'Night sleep end is required' }),
  timezone: timezoneSchema,
});

const removeChildBody = z.object({
  confirmText: z.string({ error: 'Please type DELETE to confirm' }).refine((text) => text === 'DELETE', 'Please type DELETE to confirm'),
});

const researchConsentBody = z.object({ consent: z.boolean({ error: 'consent must be true or false' }) });

const TAGS = ['Children'];
const registerChildSchema = routeSchema({
  summary: 'Add a child',
  description: "The caller becomes its first parent. Sex 'Other' is taken as 'Unknown'; the zone is recorded by its canonical name.",
  tags: TAGS,
  body: registerChildBody,
  answers: { 201: writtenChildViewSchema },
  errors: [400],
});
const researchConsentSchema = routeSchema({
  summary: "Say whether the child's anonymised data may go to research (parents)",
  description: 'Recorded on the child\'s stream; the same answer again records nothing. A child is in research releases only with a yes (docs/research.md).',
  tags: TAGS,
  body: researchConsentBody,
  answers: { 200: writtenChildViewSchema },
  errors: [400, 403, 404],
});
const updateChildSchema = routeSchema({ summary: "Change a child's profile (parents)", tags: TAGS, body: updateChildBody, answers: { 200: writtenChildViewSchema }, errors: [400, 403, 404, 409] });
const removeChildSchema = routeSchema({
  summary: 'Delete a child and everything logged for it (parents)',
  tags: TAGS,
  body: removeChildBody,
  answers: { 200: writtenOkSchema },
  errors: [400, 403, 404],
});

export function childRoutes(deps: CommandDeps) {
  const { eventStore, cipher, clock, newId } = deps;
  const idempotency = idempotentWrites(deps);

  /** Name and birth date are sealed with the child's key, which every member of its family reads with. */
  async function sealProfile(childId: string, profile: Omit<ChildProfileData, 'displayName' | 'birthDate'> & { displayName: string; birthDate: string }): Promise<ChildProfileData> {
    return { ...profile, displayName: await cipher.sealForChild(childId, profile.displayName), birthDate: await cipher.sealForChild(childId, profile.birthDate) };
  }

  async function run(command: ChildStreamCommand, now: Date, request: FastifyRequest, idempotent: IdempotentRequest | null, decider = childStreamDecider) {
    return handleCommand(eventStore, childStreamId(command.data.childId), decider, command, {
      userId: request.userId,
      correlationId: correlationIdOf(request),
      now,
      newId,
      idempotency: idempotent,
    });
  }

  /**
   * The birth date the user's child has on record, sealed and opened; nulls for a child that is not
   * the user's active child (the decision then refuses it). Its alerts were raised for that date,
   * and they record no dates of their own.
   */
  async function recordedBirthDate(childId: string, userId: string): Promise<{ sealed: string | null; birthDate: string | null }> {
    const { child } = (await eventStore.readStream(childStreamId(childId))).reduce(evolveChildStream, initialChildStreamState());
    const sealed = child.members[userId] ? (child.profile?.birthDate ?? null) : null;
    return { sealed, birthDate: sealed === null || !child.ownerId ? null : await cipher.openForChild(childId, child.ownerId, sealed) };
  }

  /** The child as a write left it: for a repeated Idempotency-Key, as the first request recorded it. */
  async function writtenView(childId: string, userId: string, result: CommandResult<ChildStreamState>): Promise<ChildView> {
    const { child } = result.state;
    const member = child.members[userId];
    if (!member || !child.profile || !child.ownerId) throw new HttpError(409, 'This request was already used for another record');
    return childViewOf(cipher, childId, child.ownerId, child.profile, child.researchConsent, member.role);
  }

  /**
   * The key's earlier answer on this child's stream, if the same request appended there before. It
   * holds the child's name and birth date: a member removed since (or whose child was deleted) gets
   * what a non-member gets, 404.
   */
  async function earlierResult(request: FastifyRequest, childId: string) {
    const idempotent = await idempotency.begin(request);
    const earlier = await idempotency.earlierResult(idempotent, childStreamId(childId), childStreamDecider);
    if (earlier) await loadChildAs(eventStore, childId, request.userId);
    return { idempotent, earlier };
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.post('/api/children', { schema: registerChildSchema }, async (request, reply) => {
      const ownerId = request.userId;
      const childId = newEntityId(request, ownerId, newId);
      const { idempotent, earlier } = await earlierResult(request, childId);
      let result = earlier;
      if (!result) {
        const body = parseInput(registerChildBody, request.body);
        const timezone = checkTimezone(body.timezone ?? 'UTC');
        const now = clock();
        checkBirthDate(body.birthDate, localDateOf(now, timezone));
        const profile = await sealProfile(childId, {
          displayName: body.displayName ?? '',
          birthDate: body.birthDate,
          sex: body.sex,
          nightWindowStart: DEFAULT_NIGHT_WINDOW_START,
          nightWindowEnd: DEFAULT_NIGHT_WINDOW_END,
          timezone,
        });
        result = await run(
          { type: 'RegisterChild', data: { childId, ownerId, ...profile }, researchConsent: body.researchConsent, alertsAsOf: { birthDate: body.birthDate, now } },
          now,
          request,
          idempotent,
        );
      }
      const view = await writtenView(childId, ownerId, result);
      // Also on a repeat: the first request may have stopped between its two appends.
      await linkChildToAccount(deps, ownerId, childId, correlationIdOf(request));
      return sendWritten(reply, 201, { ...view }, result.position);
    });

    app.put('/api/settings/children/:id', { schema: updateChildSchema }, async (request, reply) => {
      const id = parseIdParam(request.params, 'Child not found');
      const actorId = request.userId;
      const { idempotent, earlier } = await earlierResult(request, id);
      if (earlier) return sendWritten(reply, 200, { ...(await writtenView(id, actorId, earlier)) }, earlier.position);
      // A stranger learns nothing from the body's rules, a caregiver is told the profile is a parent's.
      await loadChildAs(eventStore, id, actorId, 'parent');
      const body = parseInput(updateChildBody, request.body);
      checkNightWindow(body.nightWindowStart, body.nightWindowEnd);
      const timezone = checkTimezone(body.timezone);
      const now = clock();
      checkBirthDate(body.birthDate, localDateOf(now, timezone));
      const profile = await sealProfile(id, { ...body, timezone });
      const recorded = await recordedBirthDate(id, actorId);
      const result = await run(
        {
          type: 'UpdateChildProfile',
          data: { childId: id, actorId, ...profile },
          alertsAsOf: { birthDate: body.birthDate, previousBirthDate: recorded.birthDate ?? body.birthDate, now },
        },
        now,
        request,
        idempotent,
        decidedOnBirthDate(recorded.sealed),
      );
      return sendWritten(reply, 200, { ...(await writtenView(id, actorId, result)) }, result.position);
    });

    app.put('/api/children/:id/research-consent', { schema: researchConsentSchema }, async (request, reply) => {
      const id = parseIdParam(request.params, 'Child not found');
      const actorId = request.userId;
      const { idempotent, earlier } = await earlierResult(request, id);
      if (earlier) return sendWritten(reply, 200, { ...(await writtenView(id, actorId, earlier)) }, earlier.position);
      // A stranger learns nothing from the body's rules, a caregiver is told the answer is a parent's.
      await loadChildAs(eventStore, id, actorId, 'parent');
      const { consent } = parseInput(researchConsentBody, request.body);
      const result = await run({ type: 'SetResearchConsent', data: { childId: id, actorId, consent } }, clock(), request, idempotent);
      return sendWritten(reply, 200, { ...(await writtenView(id, actorId, result)) }, result.position);
    });

    app.delete('/api/settings/children/:id', { schema: removeChildSchema }, async (request, reply) => {
      const id = parseIdParam(request.params, 'Child not found');
      // Its own answer holds nothing, and the deletion it repeats ended every membership.
      const idempotent = await idempotency.begin(request);
      const earlier = await idempotency.earlierResult(idempotent, childStreamId(id), childStreamDecider);
      if (earlier) return sendWritten(reply, 200, { ok: true }, earlier.position);
      await loadChildAs(eventStore, id, request.userId, 'parent');
      parseInput(removeChildBody, request.body);
      const result = await run({ type: 'RemoveChild', data: { childId: id, actorId: request.userId } }, clock(), request, idempotent);
      // Deleting a child destroys its key: its name, birth date and notes are unreadable in every copy of the log.
      await cipher.shredChild(id);
      return sendWritten(reply, 200, { ok: true }, result.position);
    });
  };
}
