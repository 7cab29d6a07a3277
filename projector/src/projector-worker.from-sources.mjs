// The projector's thread when the server runs from its TypeScript sources (development, tests):
// Node does not pass the TypeScript loader on to a worker thread, so the thread registers it itself.
import { register } from 'tsx/esm/api';

register();
await import('./projector-worker.ts');
