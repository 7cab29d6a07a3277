/**
 * The worked example's arithmetic: the longest night sleep of each child's night, averaged by the
 * child's age in weeks. Only the fields it reads are typed; see docs/research.md for all of them.
 */
export interface ResearchLine {
  stream: string;
  kind: string;
  localDate: string;
  localTime: string;
  ageDays: number | null;
  entry?: string;
  night?: boolean;
  durationMinutes?: number;
}

export interface NightStretchRow {
  ageWeeks: number;
  nights: number;
  children: number;
  meanLongestMinutes: number;
}

interface NightSleep {
  stream: string;
  night: string;
  ageDays: number;
  minutes: number;
}

const DAY_MS = 86_400_000;

/** A sleep that starts before noon belongs to the night that began the evening before. */
function nightOf(line: ResearchLine): { night: string; ageDays: number } {
  if (line.localTime >= '12:00') return { night: line.localDate, ageDays: line.ageDays! };
  const evening = new Date(Date.parse(`${line.localDate}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return { night: evening, ageDays: line.ageDays! - 1 };
}

export function createNightStretchTally() {
  // Keyed by entry: a correction replaces its sleep and a deletion removes it.
  const sleeps = new Map<string, NightSleep>();
  return {
    add(line: ResearchLine): void {
      if (!line.entry || !line.kind.startsWith('sleep-')) return;
      sleeps.delete(line.entry);
      if (line.kind === 'sleep-deleted' || !line.night || line.ageDays === null) return;
      sleeps.set(line.entry, { stream: line.stream, ...nightOf(line), minutes: line.durationMinutes! });
    },
    rows(): NightStretchRow[] {
      const longest = new Map<string, NightSleep>();
      for (const sleep of sleeps.values()) {
        const key = `${sleep.stream} ${sleep.night}`;
        if ((longest.get(key)?.minutes ?? -1) < sleep.minutes) longest.set(key, sleep);
      }
      const byWeek = new Map<number, { total: number; nights: number; children: Set<string> }>();
      for (const sleep of longest.values()) {
        const week = Math.floor(sleep.ageDays / 7);
        const row = byWeek.get(week) ?? { total: 0, nights: 0, children: new Set<string>() };
        row.total += sleep.minutes;
        row.nights += 1;
        row.children.add(sleep.stream);
        byWeek.set(week, row);
      }
      return [...byWeek.entries()]
        .sort(([a], [b]) => a - b)
        .map(([ageWeeks, row]) => ({ ageWeeks, nights: row.nights, children: row.children.size, meanLongestMinutes: Math.round(row.total / row.nights) }));
    },
  };
}

const hoursAndMinutes = (minutes: number) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

export function formatNightStretchTable(rows: readonly NightStretchRow[]): string {
  const header = 'age (weeks)  nights  children  mean longest night stretch';
  const lines = rows.map(
    (row) => `${String(row.ageWeeks).padStart(11)}  ${String(row.nights).padStart(6)}  ${String(row.children).padStart(8)}  ${hoursAndMinutes(row.meanLongestMinutes).padStart(26)}`,
  );
  return [header, ...lines].join('\n');
}
