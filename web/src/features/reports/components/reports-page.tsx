import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Select } from '../../../components/select.tsx';
import { useLiveUpdates } from '../../../hooks/use-live-updates.ts';
import { useUnits } from '../../../hooks/use-units.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { todayIn } from '../../../lib/local-date.ts';
import { useReport } from '../api/get-report.ts';
import { useReportChildren } from '../api/get-report-children.ts';
import { customRangeProblem, presetRange, type DateRange, type RangeChoice } from '../lib/report-range.ts';
import { RangePicker } from './range-picker.tsx';
import { ReportSheet } from './report-sheet.tsx';
import '../../../styles/reports.css';
import '../../../styles/print.css';
import { useT } from '../../../lib/i18n/i18n-store.ts';

// This page draws its buttons with the shared Button's classes rather than importing it (or the
// states built on it): the sign-in page's chunk holds Button beside the form helpers every other
// importer also uses, and one importer without them would split it off and make that first load heavier.

/** The shared error state's look: a title, the server's message, and a retry. */
function ReportError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="state state-error" role="alert">
      <h2 className="state-title">{t('report.errorTitle')}</h2>
      <p>{message}</p>
      {onRetry && (
        <div className="state-actions">
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </div>
      )}
    </div>
  );
}

/** What the child screens show a parent who has not added a child yet. */
function NoChildren() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <div className="state" role="status">
      <h2 className="state-title">{t('noChildren.title')}</h2>
      <p>{t('noChildren.text')}</p>
      <div className="state-actions">
        <button type="button" className="btn btn-primary" onClick={() => void navigate('/onboarding')}>
          {t('child.add')}
        </button>
      </div>
    </div>
  );
}

/** '/reports': a child and a range picked on screen; the sheet below is what prints. */
export function ReportsPage() {
  const children = useReportChildren();
  const [childId, setChildId] = useState<string | null>(null);
  const [choice, setChoice] = useState<RangeChoice>('Last 7 days');
  const [custom, setCustom] = useState<DateRange>({ from: '', to: '' });
  const { volume } = useUnits();
  const t = useT();
  const child = children.data?.find((candidate) => candidate.id === childId) ?? children.data?.[0];
  useLiveUpdates(child?.id);

  // The child's own dates: a report of a child in New York read in Tokyo ends on New York's yesterday.
  const today = child ? todayIn(child.timezone) : '';
  const range = !child ? null : choice === 'Custom' ? custom : presetRange(choice, today);
  const problem = choice === 'Custom' ? customRangeProblem(custom) : null;
  const report = useReport(child && range && !problem ? { childId: child.id, ...range } : null);

  function choose(next: RangeChoice) {
    // Custom starts from the range on screen, so one date can be moved without typing both.
    if (next === 'Custom' && choice !== 'Custom' && child) setCustom(presetRange(choice, today));
    setChoice(next);
  }

  let body;
  if (children.isPending) body = <LoadingState message={t('report.loading')} />;
  else if (children.isError) body = <ReportError message={errorMessage(children.error, t('insights.noData'))} />;
  else if (!child) body = <NoChildren />;
  else if (problem) body = null;
  else if (report.isPending) body = <LoadingState message={t('report.loading')} />;
  else if (report.isError) body = <ReportError message={errorMessage(report.error, t('report.loadFailed'))} onRetry={() => void report.refetch()} />;
  else body = <ReportSheet report={report.data} unit={volume} />;

  return (
    <div className="page reports-page">
      <div className="report-controls">
        <div className="page-header">
          <h1 className="page-title">{t('route.reports')}</h1>
          <p className="page-subtitle">{t('report.subtitle')}</p>
        </div>
        {children.data && children.data.length > 1 && child && (
          <Select label={t('child.label')} value={child.id} options={children.data.map((c) => ({ value: c.id, label: c.displayName || t('child.baby') }))} onChange={(event) => setChildId(event.target.value)} />
        )}
        {child && <RangePicker choice={choice} onChoice={choose} custom={custom} onCustom={setCustom} problem={problem} today={today} />}
        {child && (
          <div className="report-actions">
            <button type="button" className="btn btn-primary" onClick={() => window.print()} disabled={!report.data || problem !== null}>
              {t('report.print')}
            </button>
          </div>
        )}
      </div>
      {body}
    </div>
  );
}
