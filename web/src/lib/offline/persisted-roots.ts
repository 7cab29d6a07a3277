import type { Query, QueryClient } from '@tanstack/react-query';
import { entryListRoots, queryKeyRoots } from '../query-keys.ts';

/** What the dashboard, the activity log and insights read: saved for offline use (persisted-queries.ts). */
export const PERSISTED_ROOTS: readonly string[] = [
  queryKeyRoots.me,
  queryKeyRoots.children,
  ...Object.values(entryListRoots),
  queryKeyRoots.growth,
  queryKeyRoots.insights,
  queryKeyRoots.timers,
  queryKeyRoots.glance,
];

export function isPersisted(query: Query): boolean {
  return query.state.status === 'success' && PERSISTED_ROOTS.includes(String(query.queryKey[0]));
}

/**
 * When the answers on show were read (the newest of them), or null when none is shown: offline,
 * what the parent sees is as it was then.
 */
export function savedAtOf(queryClient: QueryClient): number | null {
  const shown = queryClient.getQueryCache().findAll({ type: 'active', predicate: isPersisted });
  const times = shown.map((query) => query.state.dataUpdatedAt).filter((time) => time > 0);
  return times.length > 0 ? Math.max(...times) : null;
}
