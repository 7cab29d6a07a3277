// The '/insights' route: the insights and growth features for the family's first child (children feature),
// and the way to the report for the pediatrician (/reports).
import { Link } from 'react-router-dom';
import { Card } from '../../components/card.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { NoChildrenState } from '../../components/no-children-state.tsx';
import { useLiveUpdates } from '../../hooks/use-live-updates.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useChildren } from '../../features/children/api/get-children.ts';
import { GrowthSection } from '../../features/growth/components/growth-section.tsx';
import { ChildInsights, InsightsError } from '../../features/insights/components/child-insights.tsx';
import { useT } from '../../lib/i18n/i18n-store.ts';

/** Insights are for the first child of the family. */
export function InsightsRoute() {
  const children = useChildren();
  useLiveUpdates(children.data?.[0]?.id);
  const t = useT();

  if (children.isPending) return <LoadingState message={t('insights.loading')} />;
  if (children.isError) return <InsightsError message={errorMessage(children.error, t('insights.noData'))} />;
  const child = children.data[0];
  // Not an error: a parent who has not added a child yet is offered to add one.
  if (!child) return <NoChildrenState title={t('nav.insights')} />;
  return (
    <ChildInsights child={child}>
      <GrowthSection child={child} />
      <Card title={t('insights.pediatrician')}>
        <p>{t('insights.reportLink', { link: <Link to="/reports">{t('insights.reportLinkText')}</Link> })}</p>
      </Card>
    </ChildInsights>
  );
}
