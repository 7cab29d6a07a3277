import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { ReportView } from '@nightlight/domain/reports/report';
import { LoadingState } from '../../../components/loading-state.tsx';
import type { VolumeUnit } from '../../../types/api.ts';
import { measurementText } from '../../../lib/measurement-text.ts';
import { ageLine, dateText, figureRows, figuresCaption, longestStretchText, measuredAgeText, rangeLine } from '../lib/report-format.ts';
import { formatFigure, t as tText, useT } from '../../../lib/i18n/i18n-store.ts';

// apexcharts is the largest library of the app: it loads with the charts, never before.
const ReportCharts = lazy(() => import('./report-charts.tsx'));

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
  const t = useT();
  return (
    <table className="report-table" aria-label={t('report.figuresLabel')}>
      <caption>{figuresCaption(report.range)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('report.perDay')}</th>
          <th scope="col">{t('report.average')}</th>
          <th scope="col">{t('report.lowestHighest')}</th>
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
  const t = useT();
  if (measurements.length === 0) return <p className="report-note">{t('report.noMeasurements')}</p>;
  return (
    <>
      <table className="report-table" aria-label={t('report.growthLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('daily.date')}</th>
            <th scope="col">{t('growth.age')}</th>
            <th scope="col">{t('growth.weight')}</th>
            <th scope="col">{t('growth.length')}</th>
            <th scope="col">{t('growth.head')}</th>
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
      <p className="report-note">{t('report.whoNote')}</p>
    </>
  );
}

function FeedingGuide({ milestone }: { milestone: NonNullable<ReportView['milestone']> }) {
  const t = useT();
  return (
    <>
      <dl className="report-guide">
        <dt>{t('report.ageGroup')}</dt>
        <dd>{milestone.label}</dd>
        <dt>{t('report.amountPerFeeding')}</dt>
        <dd>{milestone.amountPerFeeding}</dd>
        <dt>{t('report.feedingsPerDay')}</dt>
        <dd>{milestone.feedingsPerDay}</dd>
        <dt>{t('report.source')}</dt>
        <dd>
          {/* A citation keeps the words of what it cites. */}
          <cite>{milestone.source}</cite>
        </dd>
      </dl>
      <p className="report-note">{t('report.formulaNote')}</p>
    </>
  );
}

/** The solid foods of the range, each with the day it was first given and how many meals reacted. */
function FoodsTable({ foods }: { foods: ReportView['foods'] }) {
  const t = useT();
  return (
    <table className="report-table" aria-label={t('report.foodsTried')}>
      <thead>
        <tr>
          <th scope="col">{t('report.food')}</th>
          <th scope="col">{t('report.firstGiven')}</th>
          <th scope="col">{t('report.meals')}</th>
          <th scope="col">{t('report.reactions')}</th>
        </tr>
      </thead>
      <tbody>
        {foods.map((tried) => (
          <tr key={tried.food}>
            <th scope="row">{tried.food}</th>
            <td>{dateText(tried.firstDate)}</td>
            <td>{tried.meals}</td>
            <td>{tried.reactions === 0 ? t('report.noReactions') : tried.reactions}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** '3 readings; the highest 38.5 °C (101.3 °F) on Jun 3, 2026'. */
const temperaturesText = ({ readings, highestC, highestF, highestDate }: NonNullable<ReportView['temperatures']>): string =>
  tText('report.temperaturesLine', { readings, celsius: formatFigure(highestC, 1), fahrenheit: formatFigure(highestF, 1), date: dateText(highestDate) });

/** The medicines given in the range, each with its doses and the last day one was given. */
function MedicinesTable({ medicines }: { medicines: ReportView['medicines'] }) {
  const t = useT();
  return (
    <table className="report-table" aria-label={t('report.medicinesGiven')}>
      <thead>
        <tr>
          <th scope="col">{t('report.medicine')}</th>
          <th scope="col">{t('report.doses')}</th>
          <th scope="col">{t('report.lastGiven')}</th>
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
  const t = useT();
  return (
    <article className="report-sheet" aria-labelledby={titleId}>
      <header className="report-header">
        <h2 id={titleId} className="report-title">{t('report.title', { name: report.child.displayName || t('child.baby') })}</h2>
        <p>{ageLine(report)}</p>
        <p>{rangeLine(report.range)}</p>
      </header>
      <ReportSection title={t('report.figures')}>
        <FiguresTable report={report} unit={unit} />
        <p className="report-longest">{longestStretchText(report.sleep.longestNightStretch)}</p>
      </ReportSection>
      {report.range.daysWithEntries > 0 && (
        <Suspense fallback={<LoadingState message={t('insights.loadingCharts')} />}>
          <ReportCharts days={report.days} />
        </Suspense>
      )}
      <ReportSection title={t('growth.title')}>
        <GrowthTable measurements={report.growth} />
      </ReportSection>
      {report.temperatures && (
        <ReportSection title={t('report.temperatures')}>
          <p>{temperaturesText(report.temperatures)}</p>
        </ReportSection>
      )}
      {report.medicines.length > 0 && (
        <ReportSection title={t('report.medicinesGiven')}>
          <MedicinesTable medicines={report.medicines} />
        </ReportSection>
      )}
      {report.foods.length > 0 && (
        <ReportSection title={t('report.foodsTried')}>
          <FoodsTable foods={report.foods} />
        </ReportSection>
      )}
      {report.milestone && (
        <ReportSection title={t('report.guide')} className="report-guide-section">
          <FeedingGuide milestone={report.milestone} />
        </ReportSection>
      )}
      <p className="report-disclaimer">{t('report.disclaimer')}</p>
    </article>
  );
}
