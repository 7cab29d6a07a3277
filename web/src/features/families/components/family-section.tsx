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
 * A child's family in Settings: who is in it, and for a parent the invitations and each member's
 * role. A caregiver sees the members and can leave; nothing else here is theirs to do.
 */
export function FamilySection({ child }: { child: Child }) {
  const isParent = child.role === 'parent';
  const members = useMembers(child.id);
  const remove = useRemoveMember(child.id);
  const changeRole = useChangeRole(child.id);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const failure = remove.error ?? changeRole.error;

  return (
    <section className="family-section" aria-label={`Family of ${child.displayName || 'Baby'}`}>
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
          {members.data.map((member) => (
            <MemberRow
              key={member.memberId}
              member={member}
              canManage={isParent && !member.isYou}
              onRole={(role) => changeRole.mutate({ memberId: member.memberId, role })}
              onRemove={() => remove.mutate(member.memberId)}
            />
          ))}
        </ul>
      )}
      {isParent && <Invitations childId={child.id} />}
      {confirmingLeave ? (
        <div className="confirm-leave" role="group" aria-label="Leave this family?">
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

type MemberRowProps = { member: Member; canManage: boolean; onRole: (role: ChildRole) => void; onRemove: () => void };

function MemberRow({ member, canManage, onRole, onRemove }: MemberRowProps) {
  const name = member.isYou ? `${member.displayName} (you)` : member.displayName;
  return (
    <li className="member" aria-label={name}>
      <span className="member-name">{name}</span>
      {canManage ? (
        <>
          <Select label={`Role of ${member.displayName}`} className="member-role" value={member.role} options={ROLE_OPTIONS} onChange={(event) => onRole(event.target.value as ChildRole)} />
          <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${member.displayName}`}>
            Remove
          </Button>
        </>
      ) : (
        <span className="member-role-name">{ROLE_NAMES[member.role]}</span>
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
