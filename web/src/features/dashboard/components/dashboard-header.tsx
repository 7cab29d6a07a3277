import { useNavigate } from 'react-router-dom';
import { Select } from '../../../components/select.tsx';
import type { Child } from '../../../types/api.ts';

// A value no child id can have: choosing it leaves the dashboard for onboarding.
const ADD_CHILD = '__add-child__';

type DashboardHeaderProps = {
  child: Child;
  childList: readonly Child[];
  onSelectChild: (childId: string) => void;
  now: Date;
};

export function DashboardHeader({ child, childList, onSelectChild, now }: DashboardHeaderProps) {
  const navigate = useNavigate();
  const longDate = now.toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const time = now.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

  return (
    <div className="dashboard-header">
      <div>
        <h1 className="page-title">{`${child.displayName || 'Baby'} Dashboard`}</h1>
        <p className="page-subtitle">
          <time dateTime={now.toISOString()}>{`${longDate} · ${time}`}</time>
        </p>
      </div>
      <Select
        label="Child"
        className="child-select"
        value={child.id}
        options={[
          ...childList.map((option) => ({ value: option.id, label: option.displayName || 'Baby' })),
          { value: ADD_CHILD, label: '+ Add a child' },
        ]}
        onChange={(event) => {
          if (event.target.value === ADD_CHILD) void navigate('/onboarding');
          else onSelectChild(event.target.value);
        }}
      />
    </div>
  );
}
