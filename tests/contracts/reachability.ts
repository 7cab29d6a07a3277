import { inject } from 'vitest';

/** Where a server-backed adapter can be reached, or why it cannot; decided once by the global setup. */
export type Reachability = { url: string } | { skipped: string };

/**
 * The server's URL, or undefined after printing the one SKIPPED line for the suite. The caller then
 * registers no tests for that adapter, so a missing server never shows up as passing tests.
 */
export function reachableUrl(key: 'esdb' | 'mongo', suite: string): string | undefined {
  const reachability = inject(key);
  if ('url' in reachability) return reachability.url;
  console.log(`SKIPPED ${suite}: ${reachability.skipped}`);
  return undefined;
}
