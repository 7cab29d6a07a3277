import { useNavigate } from 'react-router-dom';
import { Button } from './button.tsx';

/**
 * What the child-based screens show to a parent who has not added a child yet: not an error, a way
 * to add one. `title`: the screen's heading, for screens that have none of their own without a child.
 */
export function NoChildrenState({ title }: { title?: string }) {
  const navigate = useNavigate();
  const state = (
    <div className="state" role="status">
      <h2 className="state-title">No Children Found</h2>
      <p>You haven&apos;t added any children yet. Please complete your onboarding first.</p>
      <div className="state-actions">
        <Button onClick={() => void navigate('/onboarding')}>Add a child</Button>
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
