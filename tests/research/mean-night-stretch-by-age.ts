import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createNightStretchTally, formatNightStretchTable } from './night-stretch-tally';

/**
 * Mean longest night stretch by age in weeks, from a research export:
 *   npx tsx tests/research/mean-night-stretch-by-age.ts export.ndjson
 *   npm run research -- export | npx tsx tests/research/mean-night-stretch-by-age.ts
 */
const file = process.argv[2];
const input = file ? createReadStream(file) : process.stdin;
const tally = createNightStretchTally();
for await (const line of createInterface({ input, crlfDelay: Infinity })) {
  if (line.trim()) tally.add(JSON.parse(line));
}
console.log(formatNightStretchTable(tally.rows()));
