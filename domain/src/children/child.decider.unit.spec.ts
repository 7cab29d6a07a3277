import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, GoneError, NotFoundError } from '../shared/domain-event';
import { decideChild, type ChildCommand } from './child.decider';
import { evolveChild, initialChildState, type ChildEvent, type ChildProfileData } from './child.events';

const given = (...events: ChildEvent[]) => ({
  when: (command: ChildCommand) => decideChild(command, events.reduce(evolveChild, initialChildState())),
});

const profile: ChildProfileData = {
  displayName: 'sealed-name',
  birthDate: 'sealed-birth-date',
  sex: 'Female',
  nightWindowStart: '19:00',
  nightWindowEnd: '08:00',
  timezone: 'America/New_York',
};
const registered: ChildEvent = { type: 'ChildRegistered', data: { childId: 'c1', ownerId: 'u1', ...profile } };
const removed: ChildEvent = { type: 'ChildRemoved', data: { childId: 'c1', ownerId: 'u1' } };
const newProfile = { ...profile, displayName: 'sealed-new-name', timezone: 'UTC', nightWindowStart: '20:00' };
const issued = (invitationId: string, role: 'parent' | 'caregiver', expiresAt = '2026-12-01T00:00:00.000Z', invitedBy = 'u1'): ChildEvent => ({
  type: 'ChildInvitationIssued',
  data: { childId: 'c1', invitationId, role, invitedBy, expiresAt, code: 'sealed-code' },
});
const joined = (memberId: string, role: 'parent' | 'caregiver', number: number, invitationId = `i-${memberId}`): ChildEvent => ({
  type: 'ChildMemberJoined',
  data: { childId: 'c1', memberId, role, number, invitationId },
});
const anonymize = (ownerId: string): ChildCommand => ({
  type: 'AnonymizeChild',
  data: { childId: 'c1', ownerId, birthMonth: '2026-09' },
});

describe('RegisterChild', () => {
  it('registers a new child with its sealed profile', () => {
    expect(given().when({ type: 'RegisterChild', data: { childId: 'c1', ownerId: 'u1', ...profile } })).toEqual([registered]);
  });

  it('records nothing when the same registration is retried with the same id', () => {
    expect(given(registered).when({ type: 'RegisterChild', data: { childId: 'c1', ownerId: 'u1', ...profile } })).toEqual([]);
  });

  it("records the parent's answer about research with the child, when one was given", () => {
    expect(given().when({ type: 'RegisterChild', data: { childId: 'c1', ownerId: 'u1', ...profile }, researchConsent: false })).toEqual([
      registered,
      { type: 'ChildResearchConsentChanged', data: { childId: 'c1', consent: false } },
    ]);
  });
});

describe('SetResearchConsent', () => {
  const consent = (actorId: string, value: boolean): ChildCommand => ({ type: 'SetResearchConsent', data: { childId: 'c1', actorId, consent: value } });
  const agreed: ChildEvent = { type: 'ChildResearchConsentChanged', data: { childId: 'c1', consent: true } };

  it("records a parent's yes, then their no, and nothing for the same answer again", () => {
    expect(given(registered).when(consent('u1', true))).toEqual([agreed]);
    expect(given(registered, agreed).when(consent('u1', true))).toEqual([]);
    expect(given(registered, agreed).when(consent('u1', false))).toEqual([{ type: 'ChildResearchConsentChanged', data: { childId: 'c1', consent: false } }]);
  });

  it("is a parent's to give: a caregiver is refused, a stranger does not find the child", () => {
    expect(() => given(registered, issued('i-u2', 'caregiver'), joined('u2', 'caregiver', 2)).when(consent('u2', true))).toThrow(new ForbiddenError('Only a parent of this child can do that'));
    expect(() => given(registered).when(consent('u3', true))).toThrow(new NotFoundError('Child not found'));
    expect(() => given(registered, removed).when(consent('u1', true))).toThrow(NotFoundError);
  });
});

describe('UpdateChildProfile', () => {
  it('records the new profile for the owner', () => {
    expect(given(registered).when({ type: 'UpdateChildProfile', data: { childId: 'c1', actorId: 'u1', ...newProfile } })).toEqual([
      { type: 'ChildProfileUpdated', data: { childId: 'c1', ownerId: 'u1', ...newProfile } },
    ]);
  });

  it('is "Child not found" for another user', () => {
    expect(() => given(registered).when({ type: 'UpdateChildProfile', data: { childId: 'c1', actorId: 'u2', ...newProfile } })).toThrow(
      new NotFoundError('Child not found'),
    );
  });

  it('is "Child not found" for a child that was never registered', () => {
    expect(() => given().when({ type: 'UpdateChildProfile', data: { childId: 'c1', actorId: 'u1', ...newProfile } })).toThrow(NotFoundError);
  });

  it('is "Child not found" after the child was removed', () => {
    expect(() => given(registered, removed).when({ type: 'UpdateChildProfile', data: { childId: 'c1', actorId: 'u1', ...newProfile } })).toThrow(
      new NotFoundError('Child not found'),
    );
  });
});

describe('RemoveChild', () => {
  it('removes the owner\'s child', () => {
    expect(given(registered).when({ type: 'RemoveChild', data: { childId: 'c1', actorId: 'u1' } })).toEqual([removed]);
  });

  it('is "Child not found" for another user', () => {
    expect(() => given(registered).when({ type: 'RemoveChild', data: { childId: 'c1', actorId: 'u2' } })).toThrow(NotFoundError);
  });

  it('is "Child not found" when removed twice', () => {
    expect(() => given(registered, removed).when({ type: 'RemoveChild', data: { childId: 'c1', actorId: 'u1' } })).toThrow(NotFoundError);
  });
});

describe('AnonymizeChild', () => {
  const anonymized: ChildEvent = {
    type: 'ChildAnonymized',
    data: { childId: 'c1', sex: 'Female', birthMonth: '2026-09' },
  };

  it('keeps the sex of the profile and the given birth month, without personal data', () => {
    expect(given(registered).when(anonymize('u1'))).toEqual([anonymized]);
  });

  it('carries the sex of the latest profile', () => {
    const updated: ChildEvent = { type: 'ChildProfileUpdated', data: { childId: 'c1', ownerId: 'u1', ...profile, sex: 'Male' } };
    expect(given(registered, updated).when(anonymize('u1'))).toEqual([{ ...anonymized, data: { ...anonymized.data, sex: 'Male' } }]);
  });

  it('records nothing for a child its parent removed, which left with all its data', () => {
    expect(given(registered, removed).when(anonymize('u1'))).toEqual([]);
  });

  it('records nothing for a child that never existed', () => {
    expect(given().when(anonymize('u1'))).toEqual([]);
  });

  it('records nothing for another owner\'s child', () => {
    expect(given(registered).when(anonymize('u2'))).toEqual([]);
  });

  it('records nothing while another parent stays with the child', () => {
    expect(given(registered, joined('u2', 'parent', 2)).when(anonymize('u1'))).toEqual([]);
    expect(given(registered, joined('u2', 'caregiver', 2)).when(anonymize('u1'))).toEqual([anonymized]);
  });

  it('records nothing the second time', () => {
    expect(given(registered, anonymized).when(anonymize('u1'))).toEqual([]);
  });
});

describe('a family', () => {
  const now = new Date('2026-11-25T12:00:00.000Z');
  const accept = (memberId: string, invitationId = 'i1', at = now): ChildCommand => ({ type: 'AcceptInvitation', data: { childId: 'c1', invitationId, memberId, now: at } });

  it('lets a parent invite, and the invitation be accepted once, the member numbered after those before', () => {
    expect(
      given(registered).when({ type: 'IssueInvitation', data: { childId: 'c1', actorId: 'u1', invitationId: 'i1', role: 'caregiver', code: 'sealed-code', expiresAt: '2026-12-01T00:00:00.000Z' } }),
    ).toEqual([issued('i1', 'caregiver')]);
    expect(given(registered, issued('i1', 'caregiver')).when(accept('u2'))).toEqual([joined('u2', 'caregiver', 2, 'i1')]);
    expect(() => given(registered, issued('i1', 'caregiver'), joined('u2', 'caregiver', 2, 'i1')).when(accept('u3'))).toThrow(new GoneError('This invitation was already used'));
  });

  it('refuses an expired, a withdrawn and an unknown invitation, and a member joining twice', () => {
    expect(() => given(registered, issued('i1', 'parent')).when(accept('u2', 'i1', new Date('2026-12-01T00:00:00.000Z')))).toThrow(new GoneError('This invitation has expired'));
    const revoked: ChildEvent = { type: 'ChildInvitationRevoked', data: { childId: 'c1', invitationId: 'i1' } };
    expect(() => given(registered, issued('i1', 'parent'), revoked).when(accept('u2'))).toThrow(new GoneError('This invitation was withdrawn'));
    expect(() => given(registered).when(accept('u2'))).toThrow(new NotFoundError('Invitation not found'));
    expect(() => given(registered, issued('i1', 'parent')).when(accept('u1'))).toThrow(new ConflictError('You are already a member of this family'));
  });

  it('keeps parent-only tasks from a caregiver, and a stranger out altogether', () => {
    const family = [registered, issued('i-u2', 'caregiver'), joined('u2', 'caregiver', 2)];
    const parentOnly = new ForbiddenError('Only a parent of this child can do that');
    expect(() => given(...family).when({ type: 'UpdateChildProfile', data: { childId: 'c1', actorId: 'u2', ...newProfile } })).toThrow(parentOnly);
    expect(() => given(...family).when({ type: 'RemoveChild', data: { childId: 'c1', actorId: 'u2' } })).toThrow(parentOnly);
    expect(() => given(...family).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u2', memberId: 'u1' } })).toThrow(parentOnly);
    expect(() => given(...family).when({ type: 'ChangeMemberRole', data: { childId: 'c1', actorId: 'u2', memberId: 'u2', role: 'parent' } })).toThrow(parentOnly);
    expect(() => given(...family).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u9', memberId: 'u9' } })).toThrow(new NotFoundError('Child not found'));
    // A caregiver may leave.
    expect(given(...family).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u2', memberId: 'u2' } })).toEqual([
      { type: 'ChildMemberLeft', data: { childId: 'c1', memberId: 'u2' } },
    ]);
  });

  it('lets a parent manage caregivers and the parents who joined after them, never a parent who joined before', () => {
    const family = [registered, joined('u2', 'parent', 2), joined('u3', 'caregiver', 3), joined('u4', 'parent', 4)];
    const earlier = new ForbiddenError('Only a parent who joined before them can change their role or remove them');
    // The second parent may neither demote nor remove the first.
    expect(() => given(...family).when({ type: 'ChangeMemberRole', data: { childId: 'c1', actorId: 'u2', memberId: 'u1', role: 'caregiver' } })).toThrow(earlier);
    expect(() => given(...family).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u2', memberId: 'u1' } })).toThrow(earlier);
    // ...and does what a parent does to a caregiver and to a later parent.
    expect(given(...family).when({ type: 'ChangeMemberRole', data: { childId: 'c1', actorId: 'u2', memberId: 'u3', role: 'parent' } })).toEqual([
      { type: 'ChildMemberRoleChanged', data: { childId: 'c1', memberId: 'u3', role: 'parent' } },
    ]);
    expect(given(...family).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u2', memberId: 'u4' } })).toEqual([{ type: 'ChildMemberLeft', data: { childId: 'c1', memberId: 'u4' } }]);
    // The first parent manages the second; the second may still step down or leave.
    expect(given(...family).when({ type: 'ChangeMemberRole', data: { childId: 'c1', actorId: 'u1', memberId: 'u2', role: 'caregiver' } })).toEqual([
      { type: 'ChildMemberRoleChanged', data: { childId: 'c1', memberId: 'u2', role: 'caregiver' } },
    ]);
    expect(given(...family).when({ type: 'ChangeMemberRole', data: { childId: 'c1', actorId: 'u2', memberId: 'u2', role: 'caregiver' } })).toEqual([
      { type: 'ChildMemberRoleChanged', data: { childId: 'c1', memberId: 'u2', role: 'caregiver' } },
    ]);
  });

  it('never leaves a child without a parent', () => {
    const lastParent = new ConflictError('A child needs at least one parent');
    expect(() => given(registered).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u1', memberId: 'u1' } })).toThrow(lastParent);
    expect(() => given(registered).when({ type: 'ChangeMemberRole', data: { childId: 'c1', actorId: 'u1', memberId: 'u1', role: 'caregiver' } })).toThrow(lastParent);
    const twoParents = [registered, joined('u2', 'parent', 2)];
    expect(given(...twoParents).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u1', memberId: 'u1' } })).toEqual([
      { type: 'ChildMemberLeft', data: { childId: 'c1', memberId: 'u1' } },
    ]);
    // The second parent, now the only one, edits the profile; the event keeps the first parent as owner.
    const left: ChildEvent = { type: 'ChildMemberLeft', data: { childId: 'c1', memberId: 'u1' } };
    expect(given(...twoParents, left).when({ type: 'UpdateChildProfile', data: { childId: 'c1', actorId: 'u2', ...newProfile } })).toEqual([
      { type: 'ChildProfileUpdated', data: { childId: 'c1', ownerId: 'u1', ...newProfile } },
    ]);
  });

  describe("an invitation outlives no issuer's rights", () => {
    // u2 joined as a parent and issued i2 (parent) and i3 (caregiver); u1's own i4 is pending too, and u2's i5 was used.
    const family = [
      registered,
      joined('u2', 'parent', 2),
      issued('i2', 'parent', undefined, 'u2'),
      issued('i3', 'caregiver', undefined, 'u2'),
      issued('i4', 'caregiver'),
      issued('i5', 'caregiver', undefined, 'u2'),
      joined('u5', 'caregiver', 3, 'i5'),
    ];
    const withdrawn = (...ids: string[]): ChildEvent[] => ids.map((invitationId) => ({ type: 'ChildInvitationRevoked', data: { childId: 'c1', invitationId } }));

    it("withdraws a member's pending invitations when a parent removes them, and when they leave", () => {
      const left: ChildEvent = { type: 'ChildMemberLeft', data: { childId: 'c1', memberId: 'u2' } };
      expect(given(...family).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u1', memberId: 'u2' } })).toEqual([left, ...withdrawn('i2', 'i3')]);
      expect(given(...family).when({ type: 'RemoveMember', data: { childId: 'c1', actorId: 'u2', memberId: 'u2' } })).toEqual([left, ...withdrawn('i2', 'i3')]);
    });

    it('withdraws them when a parent is made a caregiver, not when a caregiver is made a parent', () => {
      expect(given(...family).when({ type: 'ChangeMemberRole', data: { childId: 'c1', actorId: 'u1', memberId: 'u2', role: 'caregiver' } })).toEqual([
        { type: 'ChildMemberRoleChanged', data: { childId: 'c1', memberId: 'u2', role: 'caregiver' } },
        ...withdrawn('i2', 'i3'),
      ]);
      expect(given(...family).when({ type: 'ChangeMemberRole', data: { childId: 'c1', actorId: 'u1', memberId: 'u5', role: 'parent' } })).toEqual([
        { type: 'ChildMemberRoleChanged', data: { childId: 'c1', memberId: 'u5', role: 'parent' } },
      ]);
    });

    it('refuses an invitation whose issuer is no longer a parent, though the log recorded no withdrawal (written before the rule)', () => {
      const left: ChildEvent = { type: 'ChildMemberLeft', data: { childId: 'c1', memberId: 'u2' } };
      const demoted: ChildEvent = { type: 'ChildMemberRoleChanged', data: { childId: 'c1', memberId: 'u2', role: 'caregiver' } };
      for (const change of [left, demoted]) {
        expect(() => given(...family, change).when(accept('u9', 'i2'))).toThrow(new GoneError('This invitation was withdrawn'));
      }
      // A parent made a caregiver who then left cannot come back with their own earlier parent code.
      expect(() => given(...family, demoted, left).when(accept('u2', 'i2'))).toThrow(new GoneError('This invitation was withdrawn'));
      expect(given(...family, left).when(accept('u9', 'i4'))).toEqual([joined('u9', 'caregiver', 4, 'i4')]);
    });
  });
});
