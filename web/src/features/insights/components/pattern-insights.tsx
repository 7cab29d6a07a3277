import type { ReactNode } from 'react';
import type { Correlations } from '../../../types/api.ts';
import { feedBucketRows, formatSignedMinutes } from '../lib/insights-format.ts';
import { formatWallClockTime } from '../../../lib/local-date.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

function InsightCard({ title, explanation, children }: { title: string; explanation: string; children: ReactNode }) {
  return (
    <article className="insight-card" aria-label={title}>
      <h3 className="insight-title">{title}</h3>
      <p className="insight-explanation">{explanation}</p>
      {children}
    </article>
  );
}

function Insufficient({ children }: { children: string }) {
  return <p className="insight-empty">{children}</p>;
}

function Delta({ minutes }: { minutes: number }) {
  const tone = minutes > 0 ? 'positive' : minutes < 0 ? 'negative' : 'neutral';
  return <span className={`insight-delta insight-delta-${tone}`}>{formatSignedMinutes(minutes)}</span>;
}

const hasValue = (value: number | null | undefined): value is number => typeof value === 'number';

export function PatternInsights({ correlations }: { correlations: Correlations }) {
  const buckets = feedBucketRows(correlations.napLengthDeltaByFeedBucket);
  const highNap = correlations.longNightStretchDeltaOnHighNapDays;
  const lateFeed = correlations.firstNightStretchDeltaWhenLastFeedInLateWindow;
  const t = useT();

  return (
    <div className="insight-grid">
      <InsightCard title={t('pattern.feedSize')} explanation={t('pattern.feedSizeText')}>
        {buckets.length > 0 ? (
          <ul className="insight-rows">
            {buckets.map((row) => (
              <li key={row.bucket}>
                <span>{row.label}</span> <Delta minutes={row.minutes} />
              </li>
            ))}
          </ul>
        ) : (
          <Insufficient>{t('pattern.feedSizeEmpty')}</Insufficient>
        )}
      </InsightCard>
      <InsightCard
        title={t('pattern.highNap')}
        explanation={t('pattern.highNapText')}
      >
        {hasValue(highNap) ? (
          <p className="insight-value">
            <Delta minutes={highNap} />
          </p>
        ) : (
          <Insufficient>{t('pattern.highNapEmpty')}</Insufficient>
        )}
      </InsightCard>
      <InsightCard
        title={t('pattern.lateFeed')}
        explanation={t('pattern.lateFeedText', { from: formatWallClockTime('21:00'), to: formatWallClockTime('22:00') })}
      >
        {hasValue(lateFeed) ? (
          <p className="insight-value">
            <Delta minutes={lateFeed} />
          </p>
        ) : (
          <Insufficient>{t('pattern.lateFeedEmpty')}</Insufficient>
        )}
      </InsightCard>
    </div>
  );
}
