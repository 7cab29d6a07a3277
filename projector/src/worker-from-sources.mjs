// How a worker thread runs when the server runs from its TypeScript sources (development, tests).
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { ROOT, servicesOutdated } from '../../query-api/build/build-services.mjs';

/**
 * Runs the thread's built bundle (`query-api/dist/<bundle>.js`) when the bundles are as new as
 * every source file, as after `npm run build` (`.ci/run` builds before it tests): with tsx
 * registered in the thread and its modules transpiled, a test server (which starts a projector
 * thread) was ready in 0.7–0.8 s, and is in 0.41–0.48 s with the bundle. Otherwise, and when the
 * thread is to load TypeScript of its own (a test's projections, `projectionsModule`), it registers
 * tsx and runs the sources: Node does not pass the TypeScript loader on to a worker thread.
 */
export async function runWorker(bundle, workerData, fromSources) {
  if (!workerData?.projectionsModule && !servicesOutdated()) {
    await import(pathToFileURL(path.join(ROOT, 'query-api/dist', `${bundle}.js`)).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await fromSources();
}
