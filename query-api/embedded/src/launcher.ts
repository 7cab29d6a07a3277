/**
 * What `npm start` (query-api/build/start.mjs) needs before the server's bundle loads, bundled on
 * its own: the process that only waits on the server stays small.
 */
export { heapFlagsFor } from './heap-growth';
export { runWithFlags } from './flagged-process';
