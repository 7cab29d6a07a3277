import type { FastifyInstance } from 'fastify';
import { INVITATION_NOT_FOUND, INVITATION_WITHDRAWN } from '@nightlight/domain/children/child.decider';
import { normalizeInvitationCode } from '@nightlight/domain/children/invitation-code';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { INVITATIONS_COLLECTION, invitationUrl, type InvitationDocument } from '@nightlight/domain/read-models/children/invitation-document';
import { FORMER_MEMBER, MEMBERSHIPS_COLLECTION, memberView, membershipId, unnamedMember, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import { instantMs } from '@nightlight/domain/time/zoned-time';
import { z } from 'zod';
import { invitationPreviewSchema, invitationViewSchema, memberSchema } from '@nightlight/domain/read-models/children/child-view.schemas';
import { HttpError, parseIdParam } from '@nightlight/infrastructure/http/http-errors';
import { PUBLIC, routeSchema } from '@nightlight/infrastructure/http/route-schemas';
import type { QueryDeps } from '../query-deps';
import { findChildAs } from './family-child';
import { displayNameOf, openChild } from '@nightlight/infrastructure/read-store/personal-fields';

const REFUSALS = { accepted: 'This invitation was already used', revoked: INVITATION_WITHDRAWN } as const;

const TAGS = ['Families'];
const membersSchema = routeSchema({ summary: "A child's family: parents first, then by joining", tags: TAGS, answers: { 200: z.array(memberSchema) }, errors: [404] });
const invitationsSchema = routeSchema({ summary: 'Pending invitations, newest first (parents)', tags: TAGS, answers: { 200: z.array(invitationViewSchema) }, errors: [403, 404] });
const previewSchema = routeSchema({
  summary: 'An invitation, before it is accepted',
  description: 'Public: the link is opened before its invitee has an account. The code is the secret (about 49.5 bits, one use, 7 days).',
  tags: TAGS,
  security: PUBLIC,
  answers: { 200: invitationPreviewSchema },
  errors: [404, 410],
});

/** Who issued an invitation, as the family names them: their display name, else their number in the family. */
function inviterNames(readStore: QueryDeps['readStore'], cipher: QueryDeps['cipher']) {
  const memberships = readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION);
  return async (invitation: InvitationDocument) => {
    const name = await displayNameOf(readStore, cipher, invitation.invitedBy);
    if (name) return name;
    const inviter = await memberships.findOne({ _id: membershipId(invitation.childId, invitation.invitedBy) }, { readOnly: true });
    return inviter ? unnamedMember(inviter.number) : FORMER_MEMBER;
  };
}

/**
 * Whether the parent who issued an invitation still is one: their removal, leaving or demotion
 * withdraws their invitations (a `ChildInvitationRevoked` each), and one issued before that rule is as withdrawn.
 */
async function issuerIsParent(readStore: QueryDeps['readStore'], invitation: InvitationDocument): Promise<boolean> {
  const issuer = await readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION).findOne({ _id: membershipId(invitation.childId, invitation.invitedBy) }, { readOnly: true });
  return issuer?.role === 'parent';
}

/** A child's family as its members see it: who is in it, and (for parents) the invitations still open. */
export function familyQueries({ readStore, cipher, clock }: QueryDeps) {
  const invitations = readStore.collection<InvitationDocument>(INVITATIONS_COLLECTION);
  const memberships = readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION);
  const inviterName = inviterNames(readStore, cipher);

  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/api/children/:id/members', { schema: membersSchema }, async (request) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId);
      const members = await memberships.find({ childId: child._id }, { readOnly: true });
      // Parents first, then in the order they joined.
      const ordered = [...members].sort((a, b) => (a.role === b.role ? a.number - b.number : a.role === 'parent' ? -1 : 1));
      return Promise.all(ordered.map(async (member) => memberView(member, await displayNameOf(readStore, cipher, member.memberId), request.userId)));
    });

    app.get('/api/children/:id/invitations', { schema: invitationsSchema }, async (request) => {
      const { child } = await findChildAs(readStore, parseIdParam(request.params, 'Child not found'), request.userId, 'parent');
      const now = clock().getTime();
      const pending = (await invitations.find({ childId: child._id }, { readOnly: true })).filter((invitation) => invitation.status === 'pending' && instantMs(invitation.expiresAt) > now);
      const open = (await Promise.all(pending.map(async (invitation) => ((await issuerIsParent(readStore, invitation)) ? [invitation] : [])))).flat();
      const newestFirst = open.sort((a, b) => b.issuedAt - a.issuedAt);
      return Promise.all(
        newestFirst.map(async (invitation) => {
          const code = (await cipher.openForChild(child._id, child.ownerId, invitation.sealedCode)) ?? '';
          return { code, url: invitationUrl(code), role: invitation.role, expiresAt: invitation.expiresAt, invitedBy: await inviterName(invitation) };
        }),
      );
    });
  };
}

/**
 * GET /api/invitations/{code}: who invited whom to which family, for the join page, which opens
 * before its invitee has an account.
 */
export function invitationPreviewQuery({ readStore, cipher, clock }: Pick<QueryDeps, 'readStore' | 'cipher' | 'clock'>) {
  const invitations = readStore.collection<InvitationDocument>(INVITATIONS_COLLECTION);
  const inviterName = inviterNames(readStore, cipher);
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/api/invitations/:code', { schema: previewSchema }, async (request) => {
      const code = normalizeInvitationCode((request.params as { code: string }).code);
      const invitation = code ? await invitations.findOne({ _id: cipher.invitationDigest(code) }, { readOnly: true }) : null;
      const child = invitation && (await readStore.collection<ChildDocument>(CHILDREN_COLLECTION).findOne({ _id: invitation.childId }, { readOnly: true }));
      if (!invitation || !child) throw new HttpError(404, INVITATION_NOT_FOUND);
      if (invitation.status !== 'pending') throw new HttpError(410, REFUSALS[invitation.status]);
      if (!(await issuerIsParent(readStore, invitation))) throw new HttpError(410, INVITATION_WITHDRAWN);
      if (instantMs(invitation.expiresAt) <= clock().getTime()) throw new HttpError(410, 'This invitation has expired');
      return { childDisplayName: (await openChild(cipher, child)).displayName, role: invitation.role, invitedBy: await inviterName(invitation), expiresAt: invitation.expiresAt };
    });
  };
}
