import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <Card title={t('danger.title')} tone="danger">
      <h3 className="danger-heading">{t('danger.deleteAccount')}</h3>
      <p>{t('danger.intro')}</p>
      <ul className="danger-points">
        <li>{t('danger.credentials')}</li>
        <li>{t('danger.anonymizesData')}</li>
        <li>{t('danger.anonymizesChildren')}</li>
        <li>{t('danger.logsOut')}</li>
        <li>{t('danger.final')}</li>
      </ul>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('danger.deleteAccount')}
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
