import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import type { Child } from '../../../types/api.ts';
import { useChildrenSettings } from '../api/get-children-settings.ts';
import { ChildEditForm } from './child-edit-form.tsx';
import { ChildSummary } from './child-summary.tsx';
import { DeleteChildDialog } from './delete-child-dialog.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

export function ChildrenCard({ childExtras }: { childExtras?: ((child: Child) => ReactNode) | undefined }) {
  const navigate = useNavigate();
  const children = useChildrenSettings();
  // One child is edited at a time.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Child | null>(null);

  const addChild = () => void navigate('/onboarding');
  const t = useT();

  return (
    <Card title={t('settings.children')}>
      {children.isPending ? (
        <LoadingState message={t('settings.loadingChildren')} />
      ) : children.isError ? (
        <p className="form-error" role="alert">
          {t('settings.childrenFailed')}
        </p>
      ) : children.data.length === 0 ? (
        <div className="empty-state">
          <p>{t('settings.noChildren')}</p>
          <Button onClick={addChild}>{t('onboarding.firstChild')}</Button>
        </div>
      ) : (
        <>
          <ul className="child-list">
            {children.data.map((child) => (
              <li key={child.id} className="child-item">
                {editingId === child.id ? (
                  <ChildEditForm child={child} onDone={() => setEditingId(null)} />
                ) : (
                  <ChildSummary
                    child={child}
                    onEdit={() => setEditingId(child.id)}
                    onDelete={() => setDeleting(child)}
                  />
                )}
                {childExtras?.(child)}
              </li>
            ))}
          </ul>
          <Button variant="secondary" fullWidth onClick={addChild}>
            {`+ ${t('settings.addAnother')}`}
          </Button>
        </>
      )}
      <DeleteChildDialog child={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
