/** Feed-size buckets of the "Feed Size & Nap Length" pattern insight. */

export type FeedBucket = '<2' | '2-3.9' | '4+';

export const FEED_BUCKETS: readonly FeedBucket[] = ['<2', '2-3.9', '4+'];

/** A nap is bucketed by the feeding with an amount that started at most this long before it. */
export const NAP_FEED_LOOKBACK_MINS = 90;

export function feedBucketOf(amountOz: number): FeedBucket {
  if (amountOz < 2) return '<2';
  if (amountOz < 4) return '2-3.9';
  return '4+';
}
