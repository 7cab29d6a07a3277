import { useNavigate } from 'react-router-dom';
import { Button } from './button.tsx';
import { useT } from '../lib/i18n/i18n-store.ts';

/**
 * What the child-based screens show to a parent who has not added a child yet: not an error, a way
 * to add one. `title`: the screen's heading, for screens that have none of their own without a child.
 */
export function NoChildrenState({ title }: { title?: string }) {
  const navigate = useNavigate();
  const t = useT();
  const state = (
    <div className="state" role="status">
      <h2 className="state-title">{t('noChildren.title')}</h2>
      <p>{t('noChildren.text')}</p>
      <div className="state-actions">
        <Button onClick={() => void navigate('/onboarding')}>{t('child.add')}</Button>
      </div>
    </div>
  );
  if (!title) return state;
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      {state}
    </div>
  );
}
