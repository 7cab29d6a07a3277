import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { allProjections, PERSONAL_READ_MODELS } from '@nightlight/projector/all-projections';
import { startEmbeddedReadModels } from '@nightlight/projector/embedded-read-models';

/** What a replay measured, sent to the parent process. */
export interface ReplayFigures {
  events: number;
  seconds: number;
  cpuSeconds: number;
  peakRssBytes: number;
  timelineEntries: number;
  dailyDocuments: number;
}

/**
 * Replays the log in DATA_DIR into fresh embedded read models (READ_STORE: sqlite, the default, or
 * memory) and reports to the parent process:
 * run in a process of its own by rebuild.bench.ts, as the replay runs at every `npm start`, so that
 * neither the generator's heap nor its peak memory is counted.
 */
const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, READ_STORE: process.env.READ_STORE });
const reader = await createAdapters(config);
const events = await reader.eventStore.headPosition();
// CPU time as well as wall time: on a shared machine the wall clock also counts other processes' turns.
const cpuBefore = process.cpuUsage();
const started = performance.now();
const readModels = await startEmbeddedReadModels({
  config,
  eventStore: reader.eventStore,
  projections: allProjections,
  personalCollections: PERSONAL_READ_MODELS,
  cipher: reader.cipher,
});
await readModels.projector.caughtUp;
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
// The catch-up hardly yields to the event loop, so a timer cannot sample the RSS during it; the kernel's high-water mark can.
const figures: ReplayFigures = {
  events,
  seconds,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
  timelineEntries: await readModels.readStore.collection('timeline').countDocuments({}),
  dailyDocuments: await readModels.readStore.collection('daily_insights').countDocuments({}),
};
await readModels.close();
await reader.close();
process.send!(figures);
