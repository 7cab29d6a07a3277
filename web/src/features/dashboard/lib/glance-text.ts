import { humanDuration } from '@nightlight/domain/insights/human-forms';
import type { Glance, NextNap } from '../../../types/api.ts';

const MINUTE_MS = 60_000;

/** Whole minutes from `from` to `now`, never below zero (a phone clock a little behind the server's). */
const minutesSince = (from: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / MINUTE_MS));

/**
 * 'Last feed ended 2h 5m ago', or 'No feeds logged yet'. A feeding logged as it starts ends in the
 * next minutes (no end given means 15 minutes): until then it ended 'just now' rather than '0m ago'.
 */
export function lastFeedText(lastFeedingEndedAt: string | null, now: Date): string {
  if (lastFeedingEndedAt === null) return 'No feeds logged yet';
  const minutes = minutesSince(lastFeedingEndedAt, now);
  return minutes === 0 ? 'Last feed ended just now' : `Last feed ended ${humanDuration(minutes)} ago`;
}

/** 'Asleep for 45m' while a sleep timer runs, 'Awake for 1h 10m' since the last sleep, nothing before the first. */
export function wakeText(glance: Pick<Glance, 'asleepSince' | 'lastWokeAt'>, now: Date): string | null {
  if (glance.asleepSince !== null) return `Asleep for ${humanDuration(minutesSince(glance.asleepSince, now))}`;
  if (glance.lastWokeAt !== null) return `Awake for ${humanDuration(minutesSince(glance.lastWokeAt, now))}`;
  return null;
}

/** The top line: both parts joined with ' · '. */
export function sinceLastText(glance: Glance, now: Date): string {
  return [lastFeedText(glance.lastFeedingEndedAt, now), wakeText(glance, now)].filter((part) => part !== null).join(' · ');
}

/** A time of day as the app shows times: the phone's clock, in its locale ('10:30 AM'). */
const clockTime = (instant: string) => new Date(instant).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/** 'Next nap likely between 10:30 AM and 11:00 AM'; once the window has passed, that it is due now. */
export function nextNapText(nextNap: Pick<NextNap, 'from' | 'to'>, now: Date): string {
  const window = `between ${clockTime(nextNap.from)} and ${clockTime(nextNap.to)}`;
  return now.getTime() > Date.parse(nextNap.to) ? `Next nap likely due now (was due ${window})` : `Next nap likely ${window}`;
}
