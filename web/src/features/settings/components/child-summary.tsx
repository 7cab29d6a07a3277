import { Button } from '../../../components/button.tsx';
import { formatLocalDate, todayLocalDate } from '../../../lib/local-date.ts';
import type { Child } from '../../../types/api.ts';
import { ageInMonths } from '../lib/child-age.ts';

type ChildSummaryProps = { child: Child; onEdit: () => void; onDelete: () => void };

/** The name shown for a child, 'Baby' when none was given, as on the dashboard and insights. */
export function childName(child: Child): string {
  return child.displayName || 'Baby';
}

export function ChildSummary({ child, onEdit, onDelete }: ChildSummaryProps) {
  const name = childName(child);
  return (
    <article className="child-summary" aria-label={name}>
      <div>
        <h3 className="child-name">{name}</h3>
        <dl className="child-facts">
          <div>
            <dt>Born</dt>
            <dd>{formatLocalDate(child.birthDate)}</dd>
          </div>
          <div>
            <dt>Sex</dt>
            <dd>{child.sex}</dd>
          </div>
          <div>
            <dt>Age</dt>
            <dd>{ageInMonths(child.birthDate, todayLocalDate())}</dd>
          </div>
        </dl>
      </div>
      {/* The profile and the child itself are a parent's; a caregiver only sees them. */}
      {child.role === 'parent' ? (
        <div className="child-actions">
          <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button variant="danger" onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </div>
      ) : (
        <p className="child-role">Caregiver</p>
      )}
    </article>
  );
}
