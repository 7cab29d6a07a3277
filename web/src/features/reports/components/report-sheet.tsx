import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { ReportView } from '@nightlight/domain/reports/report';
import { LoadingState } from '../../../components/loading-state.tsx';
import type { VolumeUnit } from '../../../types/api.ts';
import { measurementText } from '@nightlight/domain/growth/percentile-text';
import { ageLine, dateText, figureRows, figuresCaption, longestStretchText, measuredAgeText, rangeLine } from '../lib/report-format.ts';

// apexcharts is the largest library of the app: it loads with the charts, never before.
const ReportCharts = lazy(() => import('./report-charts.tsx'));

export const DISCLAIMER = 'Tracking only: this is not medical advice; ask your pediatrician.';
export const FORMULA_NOTE = 'Breast-fed babies feed on cue; these amounts are for formula feeding.';

function ReportSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={['report-section', className ?? ''].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h3 id={headingId} className="report-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

function FiguresTable({ report, unit }: { report: ReportView; unit: VolumeUnit }) {
  return (
    <table className="report-table" aria-label="Figures per day">
      <caption>{figuresCaption(report.range)}</caption>
      <thead>
        <tr>
          <th scope="col">Per day</th>
          <th scope="col">Average</th>
          <th scope="col">Lowest – highest</th>
        </tr>
      </thead>
      <tbody>
        {figureRows(report, unit).map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.average}</td>
            <td>{row.range}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function GrowthTable({ measurements }: { measurements: ReportView['growth'] }) {
  if (measurements.length === 0) return <p className="report-note">No measurements in this range.</p>;
  return (
    <>
      <table className="report-table" aria-label="Growth measurements">
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
          {measurements.map((m) => (
            <tr key={m.id}>
              <th scope="row">{dateText(m.measuredOn)}</th>
              <td>{measuredAgeText(m.ageDays)}</td>
              <td>{measurementText(m.display.weight, m.percentiles.weight)}</td>
              <td>{measurementText(m.display.length, m.percentiles.length)}</td>
              <td>{measurementText(m.display.head, m.percentiles.head)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="report-note">WHO Child Growth Standards percentiles in brackets.</p>
    </>
  );
}

function FeedingGuide({ milestone }: { milestone: NonNullable<ReportView['milestone']> }) {
  return (
    <>
      <dl className="report-guide">
        <dt>Age group</dt>
        <dd>{milestone.label}</dd>
        <dt>Amount per feeding</dt>
        <dd>{milestone.amountPerFeeding}</dd>
        <dt>Feedings per day</dt>
        <dd>{milestone.feedingsPerDay}</dd>
        <dt>Source</dt>
        <dd>{milestone.source}</dd>
      </dl>
      <p className="report-note">{FORMULA_NOTE}</p>
    </>
  );
}

/** The solid foods of the range, each with the day it was first given and how many meals reacted. */
function FoodsTable({ foods }: { foods: ReportView['foods'] }) {
  return (
    <table className="report-table" aria-label="Solid foods tried">
      <thead>
        <tr>
          <th scope="col">Food</th>
          <th scope="col">First given</th>
          <th scope="col">Meals</th>
          <th scope="col">Reactions</th>
        </tr>
      </thead>
      <tbody>
        {foods.map((tried) => (
          <tr key={tried.food}>
            <th scope="row">{tried.food}</th>
            <td>{dateText(tried.firstDate)}</td>
            <td>{tried.meals}</td>
            <td>{tried.reactions === 0 ? 'None' : tried.reactions}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** '3 readings; the highest 38.5 °C (101.3 °F) on Jun 3, 2026'. */
const temperaturesText = ({ readings, highestC, highestF, highestDate }: NonNullable<ReportView['temperatures']>): string =>
  `${readings} ${readings === 1 ? 'reading' : 'readings'}; the highest ${highestC} °C (${highestF} °F) on ${dateText(highestDate)}`;

/** The medicines given in the range, each with its doses and the last day one was given. */
function MedicinesTable({ medicines }: { medicines: ReportView['medicines'] }) {
  return (
    <table className="report-table" aria-label="Medicines given">
      <thead>
        <tr>
          <th scope="col">Medicine</th>
          <th scope="col">Doses</th>
          <th scope="col">Last given</th>
        </tr>
      </thead>
      <tbody>
        {medicines.map((given) => (
          <tr key={given.name}>
            <th scope="row">{given.name}</th>
            <td>{given.doses}</td>
            <td>{dateText(given.lastDate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The one page a pediatrician reads: who and when, the figures per day, charts, growth and the guide for the age. */
export function ReportSheet({ report, unit }: { report: ReportView; unit: VolumeUnit }) {
  const titleId = useId();
  return (
    <article className="report-sheet" aria-labelledby={titleId}>
      <header className="report-header">
        <h2 id={titleId} className="report-title">{`${report.child.displayName || 'Baby'}: feeding and sleep report`}</h2>
        <p>{ageLine(report)}</p>
        <p>{rangeLine(report.range)}</p>
      </header>
      <ReportSection title="Feeding, diapers and sleep">
        <FiguresTable report={report} unit={unit} />
        <p className="report-longest">{longestStretchText(report.sleep.longestNightStretch)}</p>
      </ReportSection>
      {report.range.daysWithEntries > 0 && (
        <Suspense fallback={<LoadingState message="Loading charts..." />}>
          <ReportCharts days={report.days} />
        </Suspense>
      )}
      <ReportSection title="Growth">
        <GrowthTable measurements={report.growth} />
      </ReportSection>
      {report.temperatures && (
        <ReportSection title="Temperatures">
          <p>{temperaturesText(report.temperatures)}</p>
        </ReportSection>
      )}
      {report.medicines.length > 0 && (
        <ReportSection title="Medicines given">
          <MedicinesTable medicines={report.medicines} />
        </ReportSection>
      )}
      {report.foods.length > 0 && (
        <ReportSection title="Solid foods tried">
          <FoodsTable foods={report.foods} />
        </ReportSection>
      )}
      {report.milestone && (
        <ReportSection title="Feeding guide for this age" className="report-guide-section">
          <FeedingGuide milestone={report.milestone} />
        </ReportSection>
      )}
      <p className="report-disclaimer">{DISCLAIMER}</p>
    </article>
  );
}
