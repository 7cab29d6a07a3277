import { Button } from '../../../components/button.tsx';
import { formatLocalDate, todayLocalDate } from '../../../lib/local-date.ts';
import type { Child } from '../../../types/api.ts';
import { ageInMonths } from '../lib/child-age.ts';
import { sexName } from '../../../lib/i18n/api-texts.ts';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';

type ChildSummaryProps = { child: Child; onEdit: () => void; onDelete: () => void };

/** The name shown for a child, 'Baby' when none was given, as on the dashboard and insights. */
export function childName(child: Child): string {
  return child.displayName || t('child.baby');
}

export function ChildSummary({ child, onEdit, onDelete }: ChildSummaryProps) {
  const name = childName(child);
  const tr = useT();
  return (
    <article className="child-summary" aria-label={name}>
      <div>
        <h3 className="child-name">{name}</h3>
        <dl className="child-facts">
          <div>
            <dt>{tr('child.born')}</dt>
            <dd>{formatLocalDate(child.birthDate)}</dd>
          </div>
          <div>
            <dt>{tr('child.sex')}</dt>
            <dd>{sexName(child.sex)}</dd>
          </div>
          <div>
            <dt>{tr('growth.age')}</dt>
            <dd>{ageInMonths(child.birthDate, todayLocalDate())}</dd>
          </div>
        </dl>
      </div>
      {/* The profile and the child itself are a parent's; a caregiver only sees them. */}
      {child.role === 'parent' ? (
        <div className="child-actions">
          <Button variant="secondary" onClick={onEdit} aria-label={tr('child.edit', { name })}>
            {tr('common.edit')}
          </Button>
          <Button variant="danger" onClick={onDelete} aria-label={tr('child.delete', { name })}>
            {tr('common.delete')}
          </Button>
        </div>
      ) : (
        <p className="child-role">{tr('role.caregiver')}</p>
      )}
    </article>
  );
}
