import { lazy, Suspense, useState } from 'react';
import { Card } from '../../../components/card.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useUnits } from '../../../hooks/use-units.ts';
import { formatLocalDate } from '../../../lib/local-date.ts';
import type { Child, GrowthMeasurement } from '../../../types/api.ts';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { useGrowth, useGrowthCurves } from '../api/get-growth.ts';
import { GrowthForm } from './growth-form.tsx';
import { MEASURES, type Measure } from '../lib/measures.ts';
import { measurementText } from '@nightlight/domain/growth/percentile-text';
import '../../../styles/growth.css';

// apexcharts loads with the chart, as the weekly charts do.
const GrowthChart = lazy(() => import('./growth-chart.tsx'));

/** '82 days', '5 mo', '1 y 2 mo': the age a row was measured at. */
export function ageText(days: number): string {
  if (days < 60) return `${days} days`;
  const months = Math.floor(days / 30.4375);
  return months < 12 ? `${months} mo` : `${Math.floor(months / 12)} y ${months % 12} mo`;
}

/** A measure in the reader's system, as the server wrote it, with its percentile. */
function MeasurementsTable({ measurements }: { measurements: readonly GrowthMeasurement[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table growth-table" aria-label="Measurements">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Age</th>
            <th scope="col">Weight</th>
            <th scope="col">Length</th>
            <th scope="col">Head</th>
          </tr>
        </thead>
        <tbody>
          {[...measurements].reverse().map((m) => (
            <tr key={m.id}>
              <th scope="row">{formatLocalDate(m.measuredOn, { month: 'short', day: 'numeric', year: 'numeric' })}</th>
              <td>{ageText(m.ageDays)}</td>
              <td>{measurementText(m.display.weight, m.percentiles.weight)}</td>
              <td>{measurementText(m.display.length, m.percentiles.length)}</td>
              <td>{measurementText(m.display.head, m.percentiles.head)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Growth: the measurements with their WHO percentiles, a chart against the WHO curves, and a form to add one. */
export function GrowthSection({ child }: { child: Child }) {
  const measurements = useGrowth(child.id);
  const curves = useGrowthCurves(child.id);
  const [measure, setMeasure] = useState<Measure>('weight');
  const { growth: units } = useUnits();

  let body;
  if (measurements.isPending || curves.isPending) body = <LoadingState message="Loading growth..." />;
  else if (measurements.isError || curves.isError) body = <p className="growth-note">Growth could not be loaded.</p>;
  else {
    body = (
      <>
        {child.sex === 'Unknown' && <p className="growth-note">Percentiles need the child’s sex: set it in Settings to compare with the WHO standards.</p>}
        {measurements.data.length > 0 ? (
          <>
            <ChoiceGroup legend="Chart" name="growth-measure" options={Object.keys(MEASURES) as Measure[]} labelOf={(m) => MEASURES[m].label} value={measure} onChange={setMeasure} />
            <Suspense fallback={<LoadingState message="Loading chart..." />}>
              <GrowthChart measure={measure} measurements={measurements.data} curves={curves.data} units={units} />
            </Suspense>
            <MeasurementsTable measurements={measurements.data} />
          </>
        ) : (
          <p className="growth-note">No measurements yet: add the weight, length or head circumference from a check-up.</p>
        )}
      </>
    );
  }

  return (
    <Card title="Growth" className="growth-card">
      {body}
      <GrowthForm childId={child.id} timezone={child.timezone} />
    </Card>
  );
}
