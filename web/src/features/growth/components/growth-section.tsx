import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Card } from '../../../components/card.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { PencilIcon, TrashIcon } from '../../../components/icons.tsx';
import { createIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { formatLocalDate } from '../../../lib/local-date.ts';
import type { Child, GrowthMeasurement } from '../../../types/api.ts';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { useGrowth, useGrowthCurves } from '../api/get-growth.ts';
import { useDeleteGrowth, useRestoreGrowth } from '../api/record-growth.ts';
import { GrowthForm } from './growth-form.tsx';
import { MEASURES, type Measure } from '../lib/measures.ts';
import { measurementText } from '../../../lib/measurement-text.ts';
import '../../../styles/growth.css';
import { t, useT } from '../../../lib/i18n/i18n-store.ts';

// apexcharts loads with the chart, as the weekly charts do.
const GrowthChart = lazy(() => import('./growth-chart.tsx'));

/** '82 days', '5 mo', '1 y 2 mo': the age a row was measured at. */
export function ageText(days: number): string {
  if (days < 60) return t('report.days', { count: days });
  const months = Math.floor(days / 30.4375);
  return months < 12 ? t('growth.ageMonthsShort', { months }) : t('growth.ageYearsMonths', { years: Math.floor(months / 12), months: months % 12 });
}

/** How long a deleted measurement can be brought back with Undo. */
const UNDO_MS = 10_000;

/**
 * Deleting a measurement, recoverably: one request per measurement however often it is tapped,
 * then 'Deleted · Undo' for ten seconds.
 */
function useUndoableDelete(childId: string) {
  const deletion = useDeleteGrowth();
  const restore = useRestoreGrowth();
  const tapped = useRef(new Set<string>());
  const [deleted, setDeleted] = useState<string | null>(null);
  useEffect(() => {
    if (deleted === null || restore.isPending) return;
    const timeout = setTimeout(() => setDeleted(null), UNDO_MS);
    return () => clearTimeout(timeout);
  }, [deleted, restore.isPending]);
  return {
    deleted,
    undoing: restore.isPending,
    remove(measurementId: string) {
      if (tapped.current.has(measurementId)) return;
      tapped.current.add(measurementId);
      deletion.mutate(
        { childId, measurementId, idempotencyKey: createIdempotencyKey() },
        { onSuccess: () => setDeleted(measurementId), onSettled: () => tapped.current.delete(measurementId) },
      );
    },
    undo() {
      if (deleted === null) return;
      restore.mutate({ childId, measurementId: deleted, idempotencyKey: createIdempotencyKey() }, { onSettled: () => setDeleted(null) });
    },
  };
}

type MeasurementsTableProps = { measurements: readonly GrowthMeasurement[]; onEdit: (measurement: GrowthMeasurement) => void; onDelete: (measurement: GrowthMeasurement) => void };

/** A measure in the reader's system, as the server wrote it, with its percentile; each row corrected or deleted from here. */
function MeasurementsTable({ measurements, onEdit, onDelete }: MeasurementsTableProps) {
  const t = useT();
  return (
    <table className="data-table growth-table stacked-table" aria-label={t('growth.measurements')}>
      <thead>
        <tr>
          <th scope="col">{t('daily.date')}</th>
          <th scope="col">{t('growth.age')}</th>
          <th scope="col">{t('growth.weight')}</th>
          <th scope="col">{t('growth.length')}</th>
          <th scope="col">{t('growth.head')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('growth.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {[...measurements].reverse().map((m) => {
          const date = formatLocalDate(m.measuredOn, { month: 'short', day: 'numeric', year: 'numeric' });
          return (
            <tr key={m.id}>
              <th scope="row">{date}</th>
              <td data-label={t('growth.age')}>{ageText(m.ageDays)}</td>
              <td data-label={t('growth.weight')}>{measurementText(m.display.weight, m.percentiles.weight)}</td>
              <td data-label={t('growth.length')}>{measurementText(m.display.length, m.percentiles.length)}</td>
              <td data-label={t('growth.head')}>{measurementText(m.display.head, m.percentiles.head)}</td>
              <td className="row-actions">
                <button type="button" className="icon-button" title={t('growth.edit')} aria-label={t('growth.editOf', { date })} onClick={() => onEdit(m)}>
                  <PencilIcon />
                </button>
                <button type="button" className="icon-button" title={t('growth.delete')} aria-label={t('growth.deleteOf', { date })} onClick={() => onDelete(m)}>
                  <TrashIcon />
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Growth: the measurements with their WHO percentiles, a chart against the WHO curves, and a form to add one. */
export function GrowthSection({ child }: { child: Child }) {
  const measurements = useGrowth(child.id);
  const curves = useGrowthCurves(child.id);
  const [measure, setMeasure] = useState<Measure>('weight');
  const { growth: units } = useUnits();
  const [editing, setEditing] = useState<GrowthMeasurement | null>(null);
  const deletion = useUndoableDelete(child.id);
  const t = useT();

  let body;
  if (measurements.isPending || curves.isPending) body = <LoadingState message={t('growth.loading')} />;
  else if (measurements.isError || curves.isError) body = <p className="growth-note">{t('growth.loadFailed')}</p>;
  else {
    body = (
      <>
        {child.sex === 'Unknown' && <p className="growth-note">{t('growth.needsSex')}</p>}
        {measurements.data.length > 0 ? (
          <>
            <ChoiceGroup legend={t('growth.chart')} name="growth-measure" options={Object.keys(MEASURES) as Measure[]} labelOf={(m) => t(MEASURES[m].label)} value={measure} onChange={setMeasure} />
            <Suspense fallback={<LoadingState message={t('growth.loadingChart')} />}>
              <GrowthChart measure={measure} measurements={measurements.data} curves={curves.data} units={units} />
            </Suspense>
            <MeasurementsTable measurements={measurements.data} onEdit={setEditing} onDelete={(m) => deletion.remove(m.id)} />
          </>
        ) : (
          <p className="growth-note">{t('growth.empty')}</p>
        )}
      </>
    );
  }

  return (
    <Card title={t('growth.title')} className="growth-card">
      {body}
      <GrowthForm childId={child.id} timezone={child.timezone} />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={t('growth.editTitle')} className="entry-dialog">
        {editing && <GrowthForm childId={child.id} timezone={child.timezone} measurement={editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <div className="toast-region" role="status">
        {deletion.deleted && (
          <div className="toast">
            <span>{t('entry.deleted')}</span>
            <span aria-hidden="true">·</span>
            <button type="button" className="toast-action" disabled={deletion.undoing} onClick={deletion.undo}>
              {t('entry.undo')}
            </button>
          </div>
        )}
      </div>
    </Card>
  );
}
