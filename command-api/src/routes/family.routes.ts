import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INVITATION_NOT_FOUND } from '@nightlight/domain/children/child.decider';
import type { ChildRole } from '@nightlight/domain/children/child.events';
import type { ChildStreamCommand } from '@nightlight/domain/children/child-stream.decider';
import { INVITATION_VALID_DAYS } from '@nightlight/domain/children/invitation-code';
import { invitationUrl } from '@nightlight/domain/read-models/children/invitation-document';
import { memberView, membershipId, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import { NotFoundError } from '@nightlight/domain/shared/domain-event';
import { childStreamId } from '@nightlight/domain/shared/stream-ids';
import { writtenChildViewSchema, writtenIssuedInvitationSchema, writtenMemberSchema } from '@nightlight/domain/read-models/children/child-view.schemas';
import { writtenOkSchema } from '@nightlight/domain/shared/answers.schemas';
import { parseIdParam, parseInput } from '@nightlight/infrastructure/http/http-errors';
import { routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import { displayNameOf } from '@nightlight/infrastructure/read-store/personal-fields';
import type { CommandDeps } from '../command-deps';
import { handleCommand } from '../command-handler';
import { loadChildAs } from '../commands/child-access';
import { childStreamDecider } from '../commands/child-stream-decider';
import { childViewOf } from '../commands/child-view';
import { acceptInvitation, findInvitation, newInvitationCode, recordInvitationCode } from '../commands/invitations';
import { correlationIdOf, sendWritten } from '../write-reply';

const DAY_MS = 86_400_000;
const roleField = z.enum(['parent', 'caregiver'], { error: 'Role must be parent or caregiver' });
const roleBody = z.object({ role: roleField });

const TAGS = ['Families'];
const inviteSchema = routeSchema({
  summary: "Invite a parent or a caregiver to a child's family (parents)",
  description: 'The code is 10 characters, used once, valid 7 days.',
  tags: TAGS,
  body: roleBody,
  answers: { 201: writtenIssuedInvitationSchema },
  errors: [400, 403, 404],
});
const revokeSchema = routeSchema({ summary: 'Withdraw an invitation (parents)', tags: TAGS, answers: { 200: writtenOkSchema }, errors: [403, 404, 410] });
const acceptSchema = routeSchema({ summary: 'Accept an invitation: join the child\'s family', tags: TAGS, answers: { 200: writtenChildViewSchema }, errors: [404, 409, 410] });
const changeRoleSchema = routeSchema({ summary: "Change a member's role (parents)", tags: TAGS, body: roleBody, answers: { 200: writtenMemberSchema }, errors: [400, 403, 404, 409] });
const removeMemberSchema = routeSchema({
  summary: 'Remove a member (parents), or leave the family (yourself)',
  tags: TAGS,
  answers: { 200: writtenOkSchema },
  errors: [403, 404, 409],
});

/**
 * A child's family: invitations (issued, revoked, accepted), roles and leaving. Every decision is
 * the child stream's, with an expected revision: one code cannot be used twice, and two parents
 * cannot both leave the child without one.
 */
export function familyRoutes(deps: CommandDeps) {
  const { eventStore, readStore, cipher, clock, newId } = deps;

  const run = (childId: string, command: ChildStreamCommand, request: FastifyRequest) =>
    handleCommand(eventStore, childStreamId(childId), childStreamDecider, command, { userId: request.userId, correlationId: correlationIdOf(request), now: clock(), newId });

  /** A member as the family sees them, for an answer: their name from the users read model. */
  async function memberAnswer(childId: string, memberId: string, role: ChildRole, number: number, viewerId: string) {
    const membership: MembershipDocument = { _id: membershipId(childId, memberId), childId, memberId, role, number, position: 0 };
    return memberView(membership, await displayNameOf(readStore, cipher, memberId), viewerId);
  }

  return async function routes(app: FastifyInstance): Promise<void> {
    app.post('/api/children/:id/invitations', { schema: inviteSchema }, async (request, reply) => {
      const childId = parseIdParam(request.params, 'Child not found');
      await loadChildAs(eventStore, childId, request.userId, 'parent');
      const { role } = parseInput(roleBody, request.body);
      const code = newInvitationCode();
      const invitationId = cipher.invitationDigest(code);
      const expiresAt = new Date(clock().getTime() + INVITATION_VALID_DAYS * DAY_MS).toISOString();
      await recordInvitationCode(deps, invitationId, childId, { userId: request.userId, correlationId: correlationIdOf(request) });
      const result = await run(childId, { type: 'IssueInvitation', data: { childId, actorId: request.userId, invitationId, role, code: await cipher.sealForChild(childId, code), expiresAt } }, request);
      return sendWritten(reply, 201, { code, url: invitationUrl(code), role, expiresAt }, result.position);
    });

    app.delete('/api/children/:id/invitations/:code', { schema: revokeSchema }, async (request, reply) => {
      const childId = parseIdParam(request.params, 'Child not found');
      await loadChildAs(eventStore, childId, request.userId, 'parent');
      const invitation = await findInvitation(deps, (request.params as { code: string }).code);
      if (invitation.childId !== childId) throw new NotFoundError(INVITATION_NOT_FOUND);
      const result = await run(childId, { type: 'RevokeInvitation', data: { childId, actorId: request.userId, invitationId: invitation.invitationId, now: clock() } }, request);
      return sendWritten(reply, 200, { ok: true }, result.position);
    });

    app.post('/api/invitations/:code/accept', { schema: acceptSchema }, async (request, reply) => {
      const result = await acceptInvitation(deps, (request.params as { code: string }).code, request.userId, correlationIdOf(request));
      const { child } = result.state;
      // The profile as the child's stream has it now: the read model may not have the new member yet.
      const view = await childViewOf(cipher, child.childId!, child.ownerId!, child.profile!, child.researchConsent, child.members[request.userId]!.role);
      return sendWritten(reply, 200, { ...view }, result.position);
    });

    app.patch('/api/children/:id/members/:memberId', { schema: changeRoleSchema }, async (request, reply) => {
      const childId = parseIdParam(request.params, 'Child not found');
      const memberId = parseIdParam({ id: (request.params as { memberId?: string }).memberId }, 'Member not found');
      await loadChildAs(eventStore, childId, request.userId, 'parent');
      const { role } = parseInput(roleBody, request.body);
      const result = await run(childId, { type: 'ChangeMemberRole', data: { childId, actorId: request.userId, memberId, role } }, request);
      const member = result.state.child.members[memberId]!;
      return sendWritten(reply, 200, { ...(await memberAnswer(childId, memberId, member.role, member.number, request.userId)) }, result.position);
    });

    app.delete('/api/children/:id/members/:memberId', { schema: removeMemberSchema }, async (request, reply) => {
      const childId = parseIdParam(request.params, 'Child not found');
      const memberId = parseIdParam({ id: (request.params as { memberId?: string }).memberId }, 'Member not found');
      const result = await run(childId, { type: 'RemoveMember', data: { childId, actorId: request.userId, memberId } }, request);
      return sendWritten(reply, 200, { ok: true }, result.position);
    });
  };
}
