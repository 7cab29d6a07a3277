import type { ReactNode } from 'react';
import type { Correlations } from '../../../types/api.ts';
import { feedBucketRows, formatSignedMinutes } from '../lib/insights-format.ts';

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

  return (
    <div className="insight-grid">
      <InsightCard title="Feed Size & Nap Length" explanation="Nap length after a feed of each size, compared with typical naps.">
        {buckets.length > 0 ? (
          <ul className="insight-rows">
            {buckets.map((row) => (
              <li key={row.bucket}>
                <span>{row.label}</span> <Delta minutes={row.minutes} />
              </li>
            ))}
          </ul>
        ) : (
          <Insufficient>Insufficient data - need more feeding and nap records</Insufficient>
        )}
      </InsightCard>
      <InsightCard
        title="High Nap Days"
        explanation="Longest night stretch after days with more than 4 h of naps, compared with other days."
      >
        {hasValue(highNap) ? (
          <p className="insight-value">
            <Delta minutes={highNap} />
          </p>
        ) : (
          <Insufficient>Insufficient data - need more high nap days to compare</Insufficient>
        )}
      </InsightCard>
      <InsightCard
        title="Late Evening Feeds"
        explanation="First night stretch when the last feed is between 9 and 10pm, compared with other nights."
      >
        {hasValue(lateFeed) ? (
          <p className="insight-value">
            <Delta minutes={lateFeed} />
          </p>
        ) : (
          <Insufficient>Insufficient data - need more late evening feeds to compare</Insufficient>
        )}
      </InsightCard>
    </div>
  );
}
