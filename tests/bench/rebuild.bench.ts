import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { allProjections } from '@nightlight/projector/all-projections';
import { startProjector } from '@nightlight/projector/projector-runner';
import { generateFamilies } from './support/generate-families';

/**
 * Rebuild of the embedded read models from the event log, as at every `npm start`.
 * `EVENTS=1000000 npx tsx tests/bench/rebuild.bench.ts`: by default each child has a year of history
 * (13 entries a day), so a million events are about 211 families' years. EVENTS_PER_CHILD overrides
 * the history per child. Add `node --cpu-prof` (via NODE_OPTIONS) to see where the time goes.
 */
const EVENTS_PER_DAY = 13;
const events = Number(process.env.EVENTS ?? 100_000);
const perChild = Number(process.env.EVENTS_PER_CHILD ?? 1 + 365 * EVENTS_PER_DAY);
const dataDir = mkdtempSync(path.join(tmpdir(), 'nightlight-rebuild-'));
const config = loadConfig({ DATA_DIR: dataDir });

const writer = await createAdapters(config);
let started = performance.now();
const appended = await generateFamilies(writer.eventStore, writer.cipher, { children: Math.ceil(events / perChild), eventsPerChild: perChild });
console.log(`generated ${appended} events (${Math.ceil(events / perChild)} children × ${perChild}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await writer.close();

const reader = await createAdapters(config);
// The catch-up hardly yields to the event loop, so a timer cannot sample the RSS during it; the
// kernel's high-water mark can (it covers the generation above too, which stays far lower).
const rssBeforeRebuild = process.memoryUsage().rss;
// CPU time as well as wall time: on a shared machine the wall clock also counts other processes' turns.
const cpuBefore = process.cpuUsage();
started = performance.now();
const projector = await startProjector({ eventStore: reader.eventStore, projections: allProjections, context: { readStore: reader.readStore, cipher: reader.cipher } });
await projector.caughtUp;
const seconds = (performance.now() - started) / 1000;
const peakRss = Math.max(rssBeforeRebuild, process.resourceUsage().maxRSS * 1024);
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const timeline = await reader.readStore.collection('timeline').countDocuments({});
const days = await reader.readStore.collection('daily_insights').countDocuments({});
console.log(`rebuilt ${appended} events in ${seconds.toFixed(2)} s: ${Math.round(appended / seconds).toLocaleString('en')} events/s (${cpuSeconds.toFixed(1)} s of CPU: ${Math.round(appended / cpuSeconds).toLocaleString('en')} events per CPU-second), peak RSS ${Math.round(peakRss / 1048576)} MiB (${timeline} timeline entries, ${days} daily documents)`);
await projector.stop();
await reader.close();
rmSync(dataDir, { recursive: true, force: true });
