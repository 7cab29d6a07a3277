import type { EntryHistoryItem } from '@nightlight/domain/read-models/timeline/entry-history';

/** '3:02 AM' today, 'Jun 14, 3:02 AM' another day: when something was recorded, on the reader's clock. */
export function recordedAtText(at: string, now: Date): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (date.toDateString() === now.toDateString()) return time;
  return `${date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}

/** 'time', 'time and amount', 'time, amount and notes'. */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function itemText({ action, by, at, changed }: EntryHistoryItem, now: Date): string {
  const when = at ? ` ${recordedAtText(at, now)}` : '';
  const who = `by ${by.displayName}${when}`;
  switch (action) {
    case 'logged':
      return `Logged ${who}`;
    case 'corrected':
      return changed.length > 0 ? `${listed(changed)} changed ${who}` : `edited ${who}`;
    case 'deleted':
      return `deleted ${who}`;
    case 'restored':
      return `restored ${who}`;
  }
}

/** An entry's history on one line: 'Logged by Maya 3:02 AM · time changed by Sam 3:15 AM'. */
export function historyText(items: readonly EntryHistoryItem[], now: Date = new Date()): string {
  return items.map((item) => itemText(item, now)).join(' · ');
}
