import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import type { Invitation } from '../../../types/api.ts';
import { PRODUCT_NAME } from '../../../config/constants.ts';
import { formatInstantDate } from '../../../lib/local-date.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';


/** A new invitation: its code to read out and its link to send, copied or shared in one tap. */
export function InvitationCard({ invitation }: { invitation: Invitation }) {
  const link = `${window.location.origin}${invitation.url}`;
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator.share === 'function';
  const t = useT();

  async function copy() {
    await navigator.clipboard?.writeText(link);
    setCopied(true);
  }

  return (
    <div className="invitation-card" role="status">
      <p>{t('invitation.for', { role: invitation.role, date: formatInstantDate(invitation.expiresAt) })}</p>
      <p className="invitation-code" aria-label={t('invitation.code')}>
        {invitation.code}
      </p>
      <p className="invitation-link" aria-label={t('invitation.link')}>
        {link}
      </p>
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? t('invitation.copied') : t('invitation.copy')}
      </Button>
      {canShare && (
        <Button variant="secondary" onClick={() => void navigator.share({ title: t('invitation.shareTitle', { product: PRODUCT_NAME }), url: link }).catch(() => undefined)}>
          {t('invitation.share')}
        </Button>
      )}
    </div>
  );
}
