import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Select } from '../../../components/select.tsx';
import type { Child } from '../../../types/api.ts';
import { formatLocale, useT } from '../../../lib/i18n/i18n-store.ts';

// A value no child id can have: the selector's last option, '+ Add a child'.
const ADD_CHILD = '__add-child__';

type DashboardHeaderProps = {
  child: Child;
  childList: readonly Child[];
  onSelectChild: (childId: string) => void;
  now: Date;
};

export function DashboardHeader({ child, childList, onSelectChild, now }: DashboardHeaderProps) {
  // Choosing '+ Add a child' does not leave at once: on some platforms arrowing through a closed
  // select fires a change for every option passed, and the last one would carry a keyboard user
  // off to onboarding. The choice shows a link beside the selector; following it is explicit.
  const [addingChild, setAddingChild] = useState(false);
  const t = useT();
  const childName = (option: Child) => option.displayName || t('child.baby');
  const longDate = now.toLocaleDateString(formatLocale(), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const time = now.toLocaleTimeString(formatLocale(), { hour: 'numeric', minute: '2-digit' });

  return (
    <div className="dashboard-header">
      <div>
        <h1 className="page-title">{t('dashboard.title', { name: childName(child) })}</h1>
        <p className="page-subtitle">
          <time dateTime={now.toISOString()}>{`${longDate} · ${time}`}</time>
        </p>
      </div>
      <div className="child-picker">
        <Select
          label={t('child.label')}
          className="child-select"
          value={addingChild ? ADD_CHILD : child.id}
          options={[
            ...childList.map((option) => ({ value: option.id, label: childName(option) })),
            { value: ADD_CHILD, label: `+ ${t('child.add')}` },
          ]}
          onChange={(event) => {
            const chosen = event.target.value;
            setAddingChild(chosen === ADD_CHILD);
            if (chosen !== ADD_CHILD) onSelectChild(chosen);
          }}
        />
        {addingChild && (
          <Link to="/onboarding" className="btn btn-primary child-picker-add">
            {t('child.add')}
          </Link>
        )}
      </div>
    </div>
  );
}
