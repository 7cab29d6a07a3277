import { loadConfig } from '@nightlight/infrastructure/config/app-config';
import { createAdapters } from '@nightlight/infrastructure/composition/adapters';
import { allProjections } from '@nightlight/projector/all-projections';
import { startProjector } from '@nightlight/projector/projector-runner';

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
 * Replays the log in DATA_DIR into fresh embedded read models and reports to the parent process:
 * run in a process of its own by rebuild.bench.ts, as the replay runs at every `npm start`, so that
 * neither the generator's heap nor its peak memory is counted.
 */
const reader = await createAdapters(loadConfig({ DATA_DIR: process.env.DATA_DIR }));
const events = await reader.eventStore.headPosition();
// CPU time as well as wall time: on a shared machine the wall clock also counts other processes' turns.
const cpuBefore = process.cpuUsage();
const started = performance.now();
const projector = await startProjector({ eventStore: reader.eventStore, projections: allProjections, context: { readStore: reader.readStore, cipher: reader.cipher } });
await projector.caughtUp;
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
// The catch-up hardly yields to the event loop, so a timer cannot sample the RSS during it; the kernel's high-water mark can.
const figures: ReplayFigures = {
  events,
  seconds,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
  timelineEntries: await reader.readStore.collection('timeline').countDocuments({}),
  dailyDocuments: await reader.readStore.collection('daily_insights').countDocuments({}),
};
await projector.stop();
await reader.close();
process.send!(figures);
