import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useAcceptInvitation, useInvitationPreview } from '../api/family-api.ts';
import { ROLE_NAMES } from './role-names.ts';

/**
 * /join/:code, the link an invitation is sent as. Signed in: who invited whom to which family, and
 * Accept. Signed out: create an account with the invitation as its sign-up code, or sign in and
 * come back here.
 */
export function JoinPage() {
  const code = useParams().code ?? '';
  const signedIn = useAuthStore((state) => state.isSessionValid());
  return (
    <div className="page join-page">
      <Card title="Join a family">{signedIn ? <SignedInJoin code={code} /> : <SignedOutJoin code={code} />}</Card>
    </div>
  );
}

function SignedOutJoin({ code }: { code: string }) {
  const here = encodeURIComponent(`/join/${code}`);
  return (
    <>
      <p>You were invited to follow a baby&apos;s feedings and sleep with their family.</p>
      <Link className="btn btn-primary btn-block" to={`/auth/register?invitation=${encodeURIComponent(code)}`}>
        Create an account
      </Link>
      <p className="auth-switch">
        Already have an account? <Link to={`/auth/login?next=${here}`}>Sign in</Link>
      </p>
    </>
  );
}

function SignedInJoin({ code }: { code: string }) {
  const navigate = useNavigate();
  const preview = useInvitationPreview(code, true);
  const accept = useAcceptInvitation();

  if (preview.isPending) return <LoadingState message="Opening the invitation..." />;
  if (preview.isError) return <FormError message={errorMessage(preview.error, 'This invitation cannot be opened.')} />;
  const { childDisplayName, role, invitedBy, expiresAt } = preview.data;
  return (
    <>
      <p className="join-summary">
        {invitedBy} invited you to join {childDisplayName || 'a baby'}&apos;s family as a {ROLE_NAMES[role].toLowerCase()}.
      </p>
      <p className="join-expiry">This invitation is valid until {new Date(expiresAt).toLocaleDateString()}.</p>
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
