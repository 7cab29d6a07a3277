import type { ChildEvent } from '@nightlight/domain/children/child.events';
import { CHILDREN_COLLECTION, type ChildDocument } from '@nightlight/domain/read-models/children/child-document';
import { INVITATIONS_COLLECTION, type InvitationDocument } from '@nightlight/domain/read-models/children/invitation-document';
import { MEMBERSHIPS_COLLECTION, membershipId, type MembershipDocument } from '@nightlight/domain/read-models/children/membership-document';
import type { RecordedEvent } from '@nightlight/infrastructure/ports/event-store';
import type { Projection, ProjectionContext } from '../projection';
import { forgetChild, reprojectChild } from './child-lifecycle';

/**
 * The children read model: one document per active child, its name and birth date sealed as the
 * events hold them (opened when answering); beside it the members of each child's family and its
 * invitations that can still be used. Version 2: the name and birth date were opened here before,
 * and held in the clear.
 */
export const childrenProjection: Projection = {
  name: 'children',
  // 2: a child's answer about research; its name and birth date kept sealed.
  version: 2,
  handles: new Set([
    'ChildRegistered',
    'ChildProfileUpdated',
    'ChildRemoved',
    'ChildAnonymized',
    'ChildResearchConsentChanged',
    'ChildInvitationIssued',
    'ChildInvitationRevoked',
    'ChildMemberJoined',
    'ChildMemberRoleChanged',
    'ChildMemberLeft',
  ]),
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    const event = recorded as unknown as ChildEvent & { position: number };
    const children = context.readStore.collection<ChildDocument>(CHILDREN_COLLECTION);
    const memberships = context.readStore.collection<MembershipDocument>(MEMBERSHIPS_COLLECTION);
    const invitations = context.readStore.collection<InvitationDocument>(INVITATIONS_COLLECTION);
    const childId = event.data.childId;
    const existing = await children.findOne({ _id: childId });
    const position = recorded.position;
    if (existing && existing.position >= position) return;
    /** A family event moves the child's position too, so a replay of it changes nothing. */
    const seen = async (): Promise<void> => {
      if (existing) await children.updateOne({ _id: childId }, { $set: { position } });
    };

    switch (event.type) {
      case 'ChildRegistered':
      case 'ChildProfileUpdated': {
        const { ownerId } = event.data;
        const displayName = await context.cipher.openForChild(childId, ownerId, event.data.displayName);
        const birthDate = await context.cipher.openForChild(childId, ownerId, event.data.birthDate);
        if (event.type === 'ChildProfileUpdated' && !existing) return;
        // A profile that cannot be opened belongs to a child deleted or anonymised later on in the
        // log, or one sealed with the key of a parent who left: a later profile, re-sealed with the
        // child's key before they left, gives it back.
        if ((displayName === null || birthDate === null) && existing) return;
        const doc: ChildDocument = {
          _id: childId,
          ownerId,
          sealedDisplayName: event.data.displayName,
          sealedBirthDate: event.data.birthDate,
          sex: event.data.sex,
          nightWindowStart: event.data.nightWindowStart,
          nightWindowEnd: event.data.nightWindowEnd,
          timezone: event.data.timezone,
          researchConsent: existing?.researchConsent ?? null,
          registeredAt: existing?.registeredAt ?? position,
          position,
        };
        await children.replaceOne({ _id: childId }, doc, { upsert: true });
        if (event.type === 'ChildRegistered') {
          const first: MembershipDocument = { _id: membershipId(childId, ownerId), childId, memberId: ownerId, role: 'parent', number: 1, position };
          await memberships.replaceOne({ _id: first._id }, first, { upsert: true });
        }
        const scheduleChanged =
          existing &&
          (existing.timezone !== doc.timezone ||
            existing.nightWindowStart !== doc.nightWindowStart ||
            existing.nightWindowEnd !== doc.nightWindowEnd);
        if (scheduleChanged) await reprojectChild(context, doc);
        return;
      }
      case 'ChildRemoved':
      case 'ChildAnonymized':
        await forgetChild(context, childId);
        return;
      case 'ChildResearchConsentChanged':
        if (existing) await children.updateOne({ _id: childId }, { $set: { researchConsent: event.data.consent, position } });
        return;
      case 'ChildInvitationIssued': {
        if (!existing) return;
        const { invitationId, role, invitedBy, expiresAt, code } = event.data;
        await invitations.replaceOne({ _id: invitationId }, { _id: invitationId, childId, role, invitedBy, expiresAt, sealedCode: code, status: 'pending', issuedAt: position, position }, { upsert: true });
        return seen();
      }
      case 'ChildInvitationRevoked':
        await invitations.updateOne({ _id: event.data.invitationId }, { $set: { status: 'revoked', position } });
        return seen();
      case 'ChildMemberJoined': {
        if (!existing) return;
        const { memberId, role, number, invitationId } = event.data;
        await invitations.updateOne({ _id: invitationId }, { $set: { status: 'accepted', position } });
        await memberships.replaceOne({ _id: membershipId(childId, memberId) }, { _id: membershipId(childId, memberId), childId, memberId, role, number, position }, { upsert: true });
        return seen();
      }
      case 'ChildMemberRoleChanged':
        await memberships.updateOne({ _id: membershipId(childId, event.data.memberId) }, { $set: { role: event.data.role, position } });
        return seen();
      case 'ChildMemberLeft':
        await memberships.deleteOne({ _id: membershipId(childId, event.data.memberId) });
        return seen();
    }
  },
};
