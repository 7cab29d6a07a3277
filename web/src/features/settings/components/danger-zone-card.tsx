import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card title="Danger Zone" tone="danger">
      <h3 className="danger-heading">Delete Account</h3>
      <p>Deleting your account:</p>
      <ul className="danger-points">
        <li>Permanently deletes your account and login credentials</li>
        <li>Anonymizes your feeding, sleep and activity data and keeps it for research</li>
        <li>Anonymizes your children&apos;s personal information</li>
        <li>Logs you out of all devices</li>
        <li>Cannot be undone</li>
      </ul>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
