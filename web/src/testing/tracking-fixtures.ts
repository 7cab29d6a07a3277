// Answers of the feeding, sleep and insights endpoints, shaped as docs/api.md describes them.
import type {
  DailyInsights,
  DailyInsightsResponse,
  Feeding,
  InsightsSummary,
  Sleep,
  TimelineEntry,
  WeeklyRow,
} from '../types/api.ts';

/** Who logged a fixture entry: the signed-in test parent, without a display name. */
const PARENT = { memberId: 'user-1', displayName: 'Parent' };

export function makeFeeding(overrides: Omit<Partial<Feeding>, 'entry'> & { entry?: Partial<TimelineEntry> } = {}): Feeding {
  const id = overrides.id ?? 'feeding-1';
  const { entry, ...rest } = overrides;
  return {
    id,
    childId: 'child-1',
    startedAt: '2025-06-15T09:30:00.000Z',
    endedAt: '2025-06-15T09:45:00.000Z',
    amountOz: 4,
    amountMl: 118.3,
    enteredAmount: { value: 4, unit: 'oz' },
    method: 'Bottle',
    type: 'Formula',
    sides: null,
    notes: '',
    loggedBy: PARENT,
    ...rest,
    entry: {
      id,
      datetime: '2025-06-15T09:30',
      type: 'Feeding',
      icon: '🍼',
      amount: '4 oz',
      duration: '15m',
      notes: 'Bottle feeding',
      status: 'completed',
      loggedBy: PARENT,
      ...entry,
    },
  };
}

export function makeSleep(overrides: Omit<Partial<Sleep>, 'entry'> & { entry?: Partial<TimelineEntry> } = {}): Sleep {
  const id = overrides.id ?? 'sleep-1';
  const { entry, ...rest } = overrides;
  return {
    id,
    childId: 'child-1',
    startedAt: '2025-06-15T10:00:00.000Z',
    endedAt: '2025-06-15T11:05:00.000Z',
    environment: null,
    notes: '',
    loggedBy: PARENT,
    ...rest,
    entry: {
      id,
      datetime: '2025-06-15T10:00',
      type: 'Sleep',
      icon: '😴',
      amount: '-',
      duration: '1h 5m',
      notes: 'Sleep session',
      status: 'completed',
      loggedBy: PARENT,
      ...entry,
    },
  };
}

const human = (mins: number) => (mins >= 60 ? `${Math.floor(mins / 60)}h ${mins % 60}m` : `${mins}m`);

type DayFigures = {
  feedCount?: number;
  totalOz24h?: number;
  avgIntervalMins?: number | null;
  totalDayMins?: number;
  totalNightMins?: number;
  longestNightStretchMins?: number | null;
  firstNightStretchMins?: number | null;
  bedtime?: string | null;
  wetDiapers?: number;
  dirtyDiapers?: number;
};

export function makeDay(date: string, figures: DayFigures = {}): DailyInsights {
  const totalDayMins = figures.totalDayMins ?? 0;
  const totalNightMins = figures.totalNightMins ?? 0;
  const longest = figures.longestNightStretchMins ?? null;
  return {
    date,
    feeding: {
      totalOz24h: figures.totalOz24h ?? 0,
      avgIntervalMins: figures.avgIntervalMins ?? null,
      feedCount: figures.feedCount ?? 0,
    },
    sleep: {
      totalDayMins,
      totalNightMins,
      longestNightStretchMins: longest,
      firstNightStretchMins: figures.firstNightStretchMins ?? null,
      bedtimeWindow: { earliest: figures.bedtime ?? null },
      totalDayHuman: human(totalDayMins),
      totalNightHuman: human(totalNightMins),
      longestNightStretchHuman: longest === null ? null : human(longest),
    },
    diapers: {
      changeCount: (figures.wetDiapers ?? 0) + (figures.dirtyDiapers ?? 0),
      wetCount: figures.wetDiapers ?? 0,
      dirtyCount: figures.dirtyDiapers ?? 0,
    },
  };
}

/** `days` ascending, the last one being today, as the endpoint answers. */
export function makeDailyResponse(days: DailyInsights[]): DailyInsightsResponse {
  const today = days.at(-1);
  if (!today) throw new Error('makeDailyResponse needs at least one day');
  return { days, today };
}

export function makeSummary(overrides: Partial<{ feeding: Partial<InsightsSummary['feeding']>; sleep: Partial<InsightsSummary['sleep']> }> = {}): InsightsSummary {
  return {
    feeding: { avgOzPerFeed: null, avgIntervalHuman: null, lastFeed: null, ...overrides.feeding },
    sleep: { avgNapHuman: null, bedtimeWindow: { earliest: null, latest: null }, ...overrides.sleep },
  };
}

export function makeWeeklyRow(overrides: Partial<WeeklyRow> & Pick<WeeklyRow, 'day' | 'date'>): WeeklyRow {
  return {
    isToday: false,
    isWeekend: false,
    feeds: 0,
    totalOz: '0.0',
    // As the server writes it: the day's ounces in whole millilitres.
    totalMl: String(Math.round(Number(overrides.totalOz ?? 0) * 29.5735)),
    sleepHours: '0m',
    diapers: 0,
    note: 'No data',
    ...overrides,
  };
}
