import { addDays, weekdayOf, type LocalDate } from '../time/zoned-time';
import type { DailyInsightsDocument } from './daily-insights';
import { toMillilitres } from '../units/volume';
import { humanDuration, ouncesOneDecimal } from './human-forms';

export type WeeklyNote = 'No data' | 'Frequent feeds' | 'Great sleep day' | 'Short sleep' | 'Normal day';

/** A row of the dashboard's 'Last 7 Days' table. */
export interface WeeklyRow {
  day: string;
  date: LocalDate;
  isToday: boolean;
  isWeekend: boolean;
  feeds: number;
  totalOz: string;
  /** The same total in whole millilitres, for a reader who measures so. */
  totalMl: string;
  sleepHours: string;
  /** Diaper changes on the date, whatever they held. */
  diapers: number;
  note: WeeklyNote;
}

const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const FREQUENT_FEEDS_OVER = 8;
const GREAT_SLEEP_OVER_MINS = 16 * 60;
const SHORT_SLEEP_UNDER_MINS = 8 * 60;

/** Today and the six previous local dates, newest first; a date without a document is empty. */
export function weeklyRows(docs: readonly DailyInsightsDocument[], today: LocalDate): WeeklyRow[] {
  const byDate = new Map(docs.map((doc) => [doc.date, doc]));
  return [0, 1, 2, 3, 4, 5, 6].map((back) => {
    const date = addDays(today, -back);
    const doc = byDate.get(date);
    const feeds = doc?.feeding.feedCount ?? 0;
    const sleepMins = doc?.sleep.calendarDaySleepMins ?? 0;
    const weekday = weekdayOf(date);
    return {
      day: WEEKDAY_LABELS[weekday]!,
      date,
      isToday: back === 0,
      isWeekend: weekday === 0 || weekday === 6,
      feeds,
      totalOz: ouncesOneDecimal(doc?.feeding.totalOz24h ?? 0),
      totalMl: String(Math.round(toMillilitres(doc?.feeding.totalOz24h ?? 0, 'oz'))),
      sleepHours: humanDuration(sleepMins),
      diapers: doc?.diapers?.changeCount ?? 0,
      note: noteFor(feeds, sleepMins),
    };
  });
}

/** The first rule that holds wins. */
function noteFor(feeds: number, sleepMins: number): WeeklyNote {
  if (feeds === 0 && sleepMins === 0) return 'No data';
  if (feeds > FREQUENT_FEEDS_OVER) return 'Frequent feeds';
  if (sleepMins > GREAT_SLEEP_OVER_MINS) return 'Great sleep day';
  if (sleepMins < SHORT_SLEEP_UNDER_MINS) return 'Short sleep';
  return 'Normal day';
}
