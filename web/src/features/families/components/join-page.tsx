import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { InvitationPreview } from '../../../types/api.ts';
import { useAcceptInvitation, useInvitationPreview } from '../api/family-api.ts';
import { formatInstantDate } from '../../../lib/local-date.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/**
 * /join/:code, the link an invitation is sent as: who invited whom to which family, signed in or
 * not. Signed in: Accept, one tap to the child's dashboard. Signed out: create an account with the
 * invitation as its sign-up code, or sign in and come back here.
 */
export function JoinPage() {
  const code = useParams().code ?? '';
  const signedIn = useAuthStore((state) => state.isSessionValid());
  const preview = useInvitationPreview(code);
  const t = useT();

  let body;
  if (preview.isPending) body = <LoadingState message={t('join.opening')} />;
  else if (preview.isError) body = <FormError message={errorMessage(preview.error, t('join.cannotOpen'))} />;
  else body = signedIn ? <SignedInJoin code={code} invitation={preview.data} /> : <SignedOutJoin code={code} invitation={preview.data} />;

  return (
    <AuthLayout title={t('join.title')} subtitle={t('join.subtitle')}>
      {body}
    </AuthLayout>
  );
}

/** 'Maya invited you to join Pip's family as a parent.' and until when. */
function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  const { childDisplayName, role, invitedBy, expiresAt } = invitation;
  const t = useT();
  return (
    <>
      <p className="join-summary">{childDisplayName ? t('join.summary', { invitedBy, child: childDisplayName, role }) : t('join.summaryBaby', { invitedBy, role })}</p>
      <p className="join-expiry">{t('join.validUntil', { date: formatInstantDate(expiresAt) })}</p>
    </>
  );
}

function SignedOutJoin({ code, invitation }: { code: string; invitation: InvitationPreview }) {
  const here = encodeURIComponent(`/join/${code}`);
  const t = useT();
  return (
    <>
      <InvitationSummary invitation={invitation} />
      <Link className="btn btn-primary btn-block" to={`/auth/register?invitation=${encodeURIComponent(code)}`}>
        {t('join.createAccount')}
      </Link>
      <p className="auth-switch">
        {t('register.haveAccount')} <Link to={`/auth/login?next=${here}`}>{t('register.signIn')}</Link>
      </p>
    </>
  );
}

function SignedInJoin({ code, invitation }: { code: string; invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const t = useT();
  return (
    <>
      <InvitationSummary invitation={invitation} />
      <FormError message={accept.isError ? errorMessage(accept.error, t('join.failed')) : null} />
      <Button
        fullWidth
        disabled={accept.isPending}
        onClick={() => accept.mutate(code, { onSuccess: (child) => void navigate('/', { replace: true, state: { childId: child.id } }) })}
      >
        {accept.isPending ? t('join.joining') : t('join.accept')}
      </Button>
    </>
  );
}
