import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import type { Invitation } from '../../../types/api.ts';
import { ROLE_NAMES } from './role-names.ts';

/** A new invitation: its code to read out and its link to send, copied or shared in one tap. */
export function InvitationCard({ invitation }: { invitation: Invitation }) {
  const link = `${window.location.origin}${invitation.url}`;
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator.share === 'function';

  async function copy() {
    await navigator.clipboard?.writeText(link);
    setCopied(true);
  }

  return (
    <div className="invitation-card" role="status">
      <p>
        Invitation for a {ROLE_NAMES[invitation.role].toLowerCase()}, valid until {new Date(invitation.expiresAt).toLocaleDateString()}:
      </p>
      <p className="invitation-code" aria-label="Invitation code">
        {invitation.code}
      </p>
      <p className="invitation-link" aria-label="Invitation link">
        {link}
      </p>
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy link'}
      </Button>
      {canShare && (
        <Button variant="secondary" onClick={() => void navigator.share({ title: 'Join our family on Nightlight', url: link }).catch(() => undefined)}>
          Share
        </Button>
      )}
    </div>
  );
}
