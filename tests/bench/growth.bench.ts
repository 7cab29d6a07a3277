import { percentile, startSeededServer } from './support/seeded-server';

/**
 * Does a child's history slow the dashboard down? Daily-insights read latency (sequential GETs over
 * real HTTP, embedded server) for a child with one month and with three years of history.
 * Flat is the goal. `npx tsx tests/bench/growth.bench.ts` (READS to resize).
 */
const READS = Number(process.env.READS ?? 500);
const WARM_UP = 50;

async function measure(days: number): Promise<{ p50: number; p99: number }> {
  const seeded = await startSeededServer({ days });
  const url = `${seeded.url}/api/children/${seeded.childId}/insights/daily`;
  const headers = { authorization: `Bearer ${seeded.token}` };
  const times: number[] = [];
  try {
    for (let i = 0; i < WARM_UP + READS; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { days: unknown[] };
      if (response.status !== 200 || body.days.length !== 7) throw new Error(`daily insights answered ${response.status}`);
      if (i >= WARM_UP) times.push(performance.now() - started);
    }
  } finally {
    await seeded.close();
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const month = await measure(30);
const years = await measure(3 * 365);
console.log(`${READS} sequential GET insights/daily (7 days) after ${WARM_UP} warm-up reads each:`);
console.log(`  1 month of history  (${30 * 13} entries): p50 ${month.p50.toFixed(2)} ms, p99 ${month.p99.toFixed(2)} ms`);
console.log(`  3 years of history (${3 * 365 * 13} entries): p50 ${years.p50.toFixed(2)} ms, p99 ${years.p99.toFixed(2)} ms`);
console.log(`  3 years / 1 month: p50 ×${(years.p50 / month.p50).toFixed(2)}, p99 ×${(years.p99 / month.p99).toFixed(2)}`);
