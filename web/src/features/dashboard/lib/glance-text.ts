import { humanDuration } from '@nightlight/domain/insights/human-forms';
import type { Glance, NextNap } from '../../../types/api.ts';
import { formatLocale, t } from '../../../lib/i18n/i18n-store.ts';

const MINUTE_MS = 60_000;

/** Whole minutes from `from` to `now`, never below zero (a phone clock a little behind the server's). */
const minutesSince = (from: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / MINUTE_MS));

/**
 * 'Last feed ended 2h 5m ago', or 'No feeds logged yet'. A feeding logged as it starts ends in the
 * next minutes (no end given means 15 minutes): until then it ended 'just now' rather than '0m ago'.
 */
export function lastFeedText(lastFeedingEndedAt: string | null, now: Date): string {
  if (lastFeedingEndedAt === null) return t('glance.noFeeds');
  const minutes = minutesSince(lastFeedingEndedAt, now);
  return minutes === 0 ? t('glance.lastFeedJustNow') : t('glance.lastFeedAgo', { duration: humanDuration(minutes) });
}

/** 'Asleep for 45m' while a sleep timer runs, 'Awake for 1h 10m' since the last sleep, nothing before the first. */
export function wakeText(glance: Pick<Glance, 'asleepSince' | 'lastWokeAt'>, now: Date): string | null {
  if (glance.asleepSince !== null) return t('glance.asleepFor', { duration: humanDuration(minutesSince(glance.asleepSince, now)) });
  if (glance.lastWokeAt !== null) return t('glance.awakeFor', { duration: humanDuration(minutesSince(glance.lastWokeAt, now)) });
  return null;
}

/** The top line: both parts joined with ' · '. */
export function sinceLastText(glance: Glance, now: Date): string {
  return [lastFeedText(glance.lastFeedingEndedAt, now), wakeText(glance, now)].filter((part) => part !== null).join(' · ');
}

/** A time of day as the app shows times: the phone's clock, in the reader's locale ('10:30 AM', '10:30'). */
const clockTime = (instant: string) => new Date(instant).toLocaleTimeString(formatLocale(), { hour: 'numeric', minute: '2-digit' });

/** 'Next nap likely between 10:30 AM and 11:00 AM'; once the window has passed, that it is due now. */
export function nextNapText(nextNap: Pick<NextNap, 'from' | 'to'>, now: Date): string {
  const window = { from: clockTime(nextNap.from), to: clockTime(nextNap.to) };
  return now.getTime() > Date.parse(nextNap.to) ? t('glance.napDueNow', window) : t('glance.napBetween', window);
}
