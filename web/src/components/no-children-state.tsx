import { useNavigate } from 'react-router-dom';
import { Button } from './button.tsx';

/** What the child-based screens show to a parent who has not added a child yet. */
export function NoChildrenState() {
  const navigate = useNavigate();
  return (
    <div className="state" role="status">
      <h2 className="state-title">No Children Found</h2>
      <p>You haven&apos;t added any children yet. Please complete your onboarding first.</p>
      <div className="state-actions">
        <Button onClick={() => void navigate('/onboarding')}>Add a child</Button>
      </div>
    </div>
  );
}
