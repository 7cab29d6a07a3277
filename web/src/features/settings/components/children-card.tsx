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

export function ChildrenCard({ childExtras }: { childExtras?: ((child: Child) => ReactNode) | undefined }) {
  const navigate = useNavigate();
  const children = useChildrenSettings();
  // One child is edited at a time.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Child | null>(null);

  const addChild = () => void navigate('/onboarding');

  return (
    <Card title="Children Management">
      {children.isPending ? (
        <LoadingState message="Loading children..." />
      ) : children.isError ? (
        <p className="form-error" role="alert">
          Unable to load children. Please try refreshing the page.
        </p>
      ) : children.data.length === 0 ? (
        <div className="empty-state">
          <p>You haven&apos;t added any children yet.</p>
          <Button onClick={addChild}>Add Your First Child</Button>
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
            + Add Another Child
          </Button>
        </>
      )}
      <DeleteChildDialog child={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
