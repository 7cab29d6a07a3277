import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import type { InvitationPreview } from '../../../types/api.ts';
import { useAcceptInvitation, useInvitationPreview } from '../api/family-api.ts';
import { ROLE_NAMES } from './role-names.ts';

/**
 * /join/:code, the link an invitation is sent as: who invited whom to which family, signed in or
 * not. Signed in: Accept, one tap to the child's dashboard. Signed out: create an account with the
 * invitation as its sign-up code, or sign in and come back here.
 */
export function JoinPage() {
  const code = useParams().code ?? '';
  const signedIn = useAuthStore((state) => state.isSessionValid());
  const preview = useInvitationPreview(code);

  let body;
  if (preview.isPending) body = <LoadingState message="Opening the invitation..." />;
  else if (preview.isError) body = <FormError message={errorMessage(preview.error, 'This invitation cannot be opened.')} />;
  else body = signedIn ? <SignedInJoin code={code} invitation={preview.data} /> : <SignedOutJoin code={code} invitation={preview.data} />;

  return (
    <AuthLayout title="Join a family" subtitle="Follow a baby's feedings and sleep together.">
      {body}
    </AuthLayout>
  );
}

/** 'Maya invited you to join Pip's family as a parent.' and until when. */
function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  const { childDisplayName, role, invitedBy, expiresAt } = invitation;
  return (
    <>
      <p className="join-summary">
        {invitedBy} invited you to join {childDisplayName || 'a baby'}&apos;s family as a {ROLE_NAMES[role].toLowerCase()}.
      </p>
      <p className="join-expiry">This invitation is valid until {new Date(expiresAt).toLocaleDateString()}.</p>
    </>
  );
}

function SignedOutJoin({ code, invitation }: { code: string; invitation: InvitationPreview }) {
  const here = encodeURIComponent(`/join/${code}`);
  return (
    <>
      <InvitationSummary invitation={invitation} />
      <Link className="btn btn-primary btn-block" to={`/auth/register?invitation=${encodeURIComponent(code)}`}>
        Create an account
      </Link>
      <p className="auth-switch">
        Already have an account? <Link to={`/auth/login?next=${here}`}>Sign in</Link>
      </p>
    </>
  );
}

function SignedInJoin({ code, invitation }: { code: string; invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  return (
    <>
      <InvitationSummary invitation={invitation} />
      <FormError message={accept.isError ? errorMessage(accept.error, 'Joining did not work. Please try again.') : null} />
      <Button
        fullWidth
        disabled={accept.isPending}
        onClick={() => accept.mutate(code, { onSuccess: (child) => void navigate('/', { replace: true, state: { childId: child.id } }) })}
      >
        {accept.isPending ? 'Joining...' : 'Accept'}
      </Button>
    </>
  );
}
