import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Select } from '../../../components/select.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatInstantDate } from '../../../lib/local-date.ts';
import type { Child, ChildRole, Invitation, Member } from '../../../types/api.ts';
import { useChangeRole, useCreateInvitation, useInvitations, useMembers, useRemoveMember, useRevokeInvitation } from '../api/family-api.ts';
import { InvitationCard } from './invitation-card.tsx';
import { roleName, roleOptions } from './role-names.ts';
import { useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

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
  const t = useT();
  const childName = child.displayName || t('child.baby');

  return (
    <section className="family-section" aria-label={t('family.of', { name: childName })}>
      <h4 className="family-title">{t('family.title')}</h4>
      <FormError message={failure ? errorMessage(failure, t('family.failed')) : null} />
      {members.isPending ? (
        <p>{t('family.loading')}</p>
      ) : members.isError ? (
        <p className="form-error" role="alert">
          {t('family.loadFailed')}
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
        <div className="confirm-inline" role="group" aria-label={t('family.leaveQuestion')}>
          <p>{t('family.leaveEffect', { name: child.displayName || t('family.thisChild') })}</p>
          <Button variant="danger" disabled={remove.isPending} onClick={() => members.data && leave(members.data)}>
            {t('family.leave')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirmingLeave(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="ghost" onClick={() => setConfirmingLeave(true)}>
          {t('family.leaveEllipsis')}
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
const ROLE_CHANGE_EFFECT = { parent: 'family.becomesParent', caregiver: 'family.becomesCaregiver' } as const satisfies Record<ChildRole, MessageKey>;

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
  const t = useT();
  const done = () => setConfirming(null);
  const name = member.displayName;
  const otherRole = OTHER_ROLE[member.role];
  return (
    <li className="member">
      <div className="member-who">
        <span className="member-name">{name}</span>
        <span className="member-meta">
          {' · '}
          {roleName(member.role)}
          {member.isYou && ` · ${t('family.you')}`}
        </span>
      </div>
      {canManage && confirming === null && (
        <div className="member-actions">
          <Button variant="secondary" onClick={() => setConfirming('role')}>
            {`${t('family.make', { role: otherRole })}…`}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming('remove')} aria-label={`${t('family.remove', { name })}…`}>
            {t('family.removeEllipsis')}
          </Button>
        </div>
      )}
      {confirming === 'role' && (
        <div className="confirm-inline" role="group" aria-label={t('family.makeQuestion', { name, role: otherRole })}>
          <p>{`${t('family.makeConfirm', { name, role: otherRole, child: childName })} ${t(ROLE_CHANGE_EFFECT[otherRole])}`}</p>
          <Button disabled={busy} onClick={() => onRole(otherRole, done)}>
            {t('family.make', { role: otherRole })}
          </Button>
          <Button variant="ghost" onClick={done}>
            {t('common.cancel')}
          </Button>
        </div>
      )}
      {confirming === 'remove' && (
        <div className="confirm-inline" role="group" aria-label={t('family.removeQuestion', { name })}>
          <p>{t('family.removeConfirm', { name, child: childName })}</p>
          <Button variant="danger" disabled={busy} onClick={() => onRemove(done)}>
            {t('family.remove', { name })}
          </Button>
          <Button variant="ghost" onClick={done}>
            {t('common.cancel')}
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
  const t = useT();

  return (
    <div className="invitations">
      <div className="invite-form">
        <Select label={t('family.inviteAs')} value={role} options={roleOptions()} onChange={(event) => setRole(event.target.value as ChildRole)} />
        <Button disabled={create.isPending} onClick={() => create.mutate(role, { onSuccess: setCreated })}>
          {t('family.invite')}
        </Button>
      </div>
      <FormError message={create.error || revoke.error ? errorMessage(create.error ?? revoke.error, t('family.failed')) : null} />
      {created && <InvitationCard invitation={created} />}
      {pending.data && pending.data.length > 0 && (
        <>
          <h5 className="invitations-title">{t('family.pending')}</h5>
          <ul className="invitation-list">
            {pending.data.map((invitation) => (
              <li key={invitation.code} className="invitation">
                <span>
                  <code>{invitation.code}</code> · {roleName(invitation.role)} · {t('family.until', { date: formatInstantDate(invitation.expiresAt) })}
                </span>
                <Button variant="ghost" onClick={() => revoke.mutate(invitation.code)} aria-label={t('family.revokeCode', { code: invitation.code })}>
                  {t('family.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
