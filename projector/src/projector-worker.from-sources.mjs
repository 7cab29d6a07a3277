// The projector's thread when the server runs from its TypeScript sources (development, tests).
import { workerData } from 'node:worker_threads';
import { runWorker } from './worker-from-sources.mjs';

await runWorker('projector-worker', workerData, () => import('./projector-worker.ts'));
