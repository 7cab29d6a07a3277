import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Select } from '../../../components/select.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Child, ChildRole, Invitation, Member } from '../../../types/api.ts';
import { useChangeRole, useCreateInvitation, useInvitations, useMembers, useRemoveMember, useRevokeInvitation } from '../api/family-api.ts';
import { InvitationCard } from './invitation-card.tsx';
import { ROLE_NAMES, ROLE_OPTIONS } from './role-names.ts';

/**
 * A child's family in Settings: who is in it, and for a parent the invitations and what they may do
 * to the others: change the role of, or remove, a caregiver or a parent who joined after them
 * (docs/decisions.md, *Families*), each asked once more. A caregiver sees the members and can leave.
 */
export function FamilySection({ child }: { child: Child }) {
  const isParent = child.role === 'parent';
  const members = useMembers(child.id);
  const remove = useRemoveMember(child.id);
  const changeRole = useChangeRole(child.id);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const failure = remove.error ?? changeRole.error;
  const childName = child.displayName || 'Baby';

  return (
    <section className="family-section" aria-label={`Family of ${childName}`}>
      <h4 className="family-title">Family</h4>
      <FormError message={failure ? errorMessage(failure, 'That did not work. Please try again.') : null} />
      {members.isPending ? (
        <p>Loading the family…</p>
      ) : members.isError ? (
        <p className="form-error" role="alert">
          Unable to load the family.
        </p>
      ) : (
        <ul className="member-list">
          {members.data.map((member, index) => (
            <MemberRow
              key={member.memberId}
              member={member}
              childName={childName}
              canManage={isParent && mayManage(members.data, index)}
              busy={remove.isPending || changeRole.isPending}
              onRole={(role, done) => changeRole.mutate({ memberId: member.memberId, role }, { onSettled: done })}
              onRemove={(done) => remove.mutate(member.memberId, { onSettled: done })}
            />
          ))}
        </ul>
      )}
      {isParent && <Invitations childId={child.id} />}
      {confirmingLeave ? (
        <div className="confirm-inline" role="group" aria-label="Leave this family?">
          <p>You will no longer see {child.displayName || 'this child'} or anything logged for them.</p>
          <Button variant="danger" disabled={remove.isPending} onClick={() => members.data && leave(members.data)}>
            Leave family
          </Button>
          <Button variant="ghost" onClick={() => setConfirmingLeave(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant="ghost" onClick={() => setConfirmingLeave(true)}>
          Leave…
        </Button>
      )}
    </section>
  );

  function leave(list: readonly Member[]) {
    const me = list.find((member) => member.isYou);
    if (me) remove.mutate(me.memberId, { onSettled: () => setConfirmingLeave(false) });
  }
}

/**
 * Whether the viewer, a parent, may change or remove the member at `index`: not themself (they
 * leave instead), any caregiver, and a parent who joined after them. The list has the parents
 * first, in the order they joined.
 */
function mayManage(list: readonly Member[], index: number): boolean {
  const member = list[index]!;
  if (member.isYou) return false;
  return member.role === 'caregiver' || index > list.findIndex((other) => other.isYou);
}

const OTHER_ROLE = { parent: 'caregiver', caregiver: 'parent' } as const satisfies Record<ChildRole, ChildRole>;
const ROLE_CHANGE_EFFECT = {
  parent: 'They will be able to invite others, change roles, and edit or delete the child.',
  caregiver: 'They will still log and see everything, but no longer invite others, change roles, or edit or delete the child.',
} as const satisfies Record<ChildRole, string>;

type MemberRowProps = {
  member: Member;
  childName: string;
  canManage: boolean;
  busy: boolean;
  onRole: (role: ChildRole, done: () => void) => void;
  onRemove: (done: () => void) => void;
};

/** 'Maya · Parent · you': the name, then the role, apart; a parent's controls each ask once more. */
function MemberRow({ member, childName, canManage, busy, onRole, onRemove }: MemberRowProps) {
  const [confirming, setConfirming] = useState<'role' | 'remove' | null>(null);
  const done = () => setConfirming(null);
  const name = member.displayName;
  const otherRole = OTHER_ROLE[member.role];
  return (
    <li className="member">
      <div className="member-who">
        <span className="member-name">{name}</span>
        <span className="member-meta">
          {' · '}
          {ROLE_NAMES[member.role]}
          {member.isYou && ' · you'}
        </span>
      </div>
      {canManage && confirming === null && (
        <div className="member-actions">
          <Button variant="secondary" onClick={() => setConfirming('role')}>
            Make {ROLE_NAMES[otherRole].toLowerCase()}…
          </Button>
          <Button variant="ghost" onClick={() => setConfirming('remove')} aria-label={`Remove ${name}…`}>
            Remove…
          </Button>
        </div>
      )}
      {confirming === 'role' && (
        <div className="confirm-inline" role="group" aria-label={`Make ${name} a ${ROLE_NAMES[otherRole].toLowerCase()}?`}>
          <p>
            Make {name} a {ROLE_NAMES[otherRole].toLowerCase()} in {childName}&apos;s family? {ROLE_CHANGE_EFFECT[otherRole]}
          </p>
          <Button disabled={busy} onClick={() => onRole(otherRole, done)}>
            Make {ROLE_NAMES[otherRole].toLowerCase()}
          </Button>
          <Button variant="ghost" onClick={done}>
            Cancel
          </Button>
        </div>
      )}
      {confirming === 'remove' && (
        <div className="confirm-inline" role="group" aria-label={`Remove ${name}?`}>
          <p>
            Remove {name} from {childName}&apos;s family? They will no longer see {childName} or anything logged for them; what they logged stays.
          </p>
          <Button variant="danger" disabled={busy} onClick={() => onRemove(done)}>
            Remove {name}
          </Button>
          <Button variant="ghost" onClick={done}>
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}

function Invitations({ childId }: { childId: string }) {
  const pending = useInvitations(childId, true);
  const create = useCreateInvitation(childId);
  const revoke = useRevokeInvitation(childId);
  const [role, setRole] = useState<ChildRole>('caregiver');
  const [created, setCreated] = useState<Invitation | null>(null);

  return (
    <div className="invitations">
      <div className="invite-form">
        <Select label="Invite as" value={role} options={ROLE_OPTIONS} onChange={(event) => setRole(event.target.value as ChildRole)} />
        <Button disabled={create.isPending} onClick={() => create.mutate(role, { onSuccess: setCreated })}>
          Invite
        </Button>
      </div>
      <FormError message={create.error || revoke.error ? errorMessage(create.error ?? revoke.error, 'That did not work. Please try again.') : null} />
      {created && <InvitationCard invitation={created} />}
      {pending.data && pending.data.length > 0 && (
        <>
          <h5 className="invitations-title">Pending invitations</h5>
          <ul className="invitation-list">
            {pending.data.map((invitation) => (
              <li key={invitation.code} className="invitation">
                <span>
                  <code>{invitation.code}</code> · {ROLE_NAMES[invitation.role]} · until {new Date(invitation.expiresAt).toLocaleDateString()}
                </span>
                <Button variant="ghost" onClick={() => revoke.mutate(invitation.code)} aria-label={`Revoke ${invitation.code}`}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
