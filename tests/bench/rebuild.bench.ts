import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_HEAP_FLAGS } from '@nightlight/embedded/heap-growth';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { generateFamilies } from './support/generate-families';
import type { ReplayFigures } from './support/replay-read-models';

/**
 * Rebuild of the embedded read models from the event log, as at every `npm start`.
 * `EVENTS=1000000 npx tsx tests/bench/rebuild.bench.ts`: by default each child has a year of history
 * (13 entries a day), so a million events are about 211 families' years. EVENTS_PER_CHILD overrides
 * the history per child. The log is generated here; the replay runs in a fresh process of its own
 * (support/replay-read-models.ts), as it does when the server starts, with the heap flags `npm start`
 * gives the server (its young generation's size changes a replay's rate by a tenth). CPU_PROF_DIR=dir profiles
 * that process (`--cpu-prof`, which Node does not take from NODE_OPTIONS) to see where the time goes.
 */
const EVENTS_PER_DAY = 13;
const events = Number(process.env.EVENTS ?? 100_000);
const perChild = Number(process.env.EVENTS_PER_CHILD ?? 1 + 365 * EVENTS_PER_DAY);
const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-rebuild-'));

const writer = await createAdapters(loadConfig({ DATA_DIR: dataDir }));
const started = performance.now();
const appended = await generateFamilies(writer.eventStore, writer.cipher, { children: Math.ceil(events / perChild), eventsPerChild: perChild });
console.log(`generated ${appended} events (${Math.ceil(events / perChild)} children × ${perChild}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await writer.close();

const profile = process.env.CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF_DIR}`] : [];
const replay = fork(new URL('./support/replay-read-models.ts', import.meta.url), { env: { ...process.env, DATA_DIR: dataDir }, execArgv: [...process.execArgv, ...SERVER_HEAP_FLAGS, ...profile] });
const figures = await new Promise<ReplayFigures>((resolve, reject) => {
  replay.once('message', (message) => resolve(message as ReplayFigures));
  replay.once('exit', (code) => reject(new Error(`the replay process ended (${code}) without figures`)));
});
rmSync(dataDir, { recursive: true, force: true });
const perSecond = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString('en');
console.log(
  `rebuilt ${figures.events} events in ${figures.seconds.toFixed(2)} s: ${perSecond(figures.events, figures.seconds)} events/s ` +
    `(${figures.cpuSeconds.toFixed(1)} s of CPU: ${perSecond(figures.events, figures.cpuSeconds)} events per CPU-second), ` +
    `peak RSS ${Math.round(figures.peakRssBytes / 1048576)} MiB (${figures.timelineEntries} timeline entries, ${figures.dailyDocuments} daily documents)`,
);
