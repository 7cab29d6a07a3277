import type { EntryChangedPart, EntryHistoryItem } from '@nightlight/domain/read-models/timeline/entry-history';
import { formatLocale, t } from '../../../lib/i18n/i18n-store.ts';

/** '3:02 AM' today, 'Jun 14, 3:02 AM' another day: when something was recorded, on the reader's clock. */
export function recordedAtText(at: string, now: Date): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString(formatLocale(), { hour: 'numeric', minute: '2-digit' });
  if (date.toDateString() === now.toDateString()) return time;
  return `${date.toLocaleDateString(formatLocale(), { month: 'short', day: 'numeric' })}, ${time}`;
}

/** 'time', 'time and amount', 'time, amount and notes'. */
function listed(parts: readonly EntryChangedPart[]): string {
  const names = parts.map((part) => t('history.part', { part }));
  return names.length <= 1 ? (names[0] ?? '') : t('history.list', { head: names.slice(0, -1).join(', '), last: names.at(-1)! });
}

function itemText({ action, by, at, changed }: EntryHistoryItem, now: Date): string {
  const when = at ? ` ${recordedAtText(at, now)}` : '';
  const who = { name: by.displayName, when };
  if (action === 'corrected' && changed.length > 0) return t('history.changed', { parts: listed(changed), ...who });
  return t('history.action', { action, ...who });
}

/** An entry's history on one line: 'Logged by Maya 3:02 AM · time changed by Sam 3:15 AM'. */
export function historyText(items: readonly EntryHistoryItem[], now: Date = new Date()): string {
  return items.map((item) => itemText(item, now)).join(' · ');
}
