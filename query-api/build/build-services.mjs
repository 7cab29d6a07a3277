// Builds every service of the API into plain JavaScript, one bundle each, so production runs them
// with `node` alone: no TypeScript loader at run time (tsx stays for development and tests).
// Third-party packages stay in node_modules; the workspace packages (@nightlight/*) are bundled in.
import { copyFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Each entry point and the bundle it becomes. */
export const SERVICES = [
  { entry: 'query-api/embedded/src/start.ts', out: 'query-api/dist/start.js' },
  // What `npm start` runs before the server: the heap's flags, and the process that starts it with them.
  { entry: 'query-api/embedded/src/launcher.ts', out: 'query-api/dist/launcher.js' },
  { entry: 'query-api/src/server.ts', out: 'query-api/dist/server.js' },
  { entry: 'command-api/src/server.ts', out: 'command-api/dist/server.js' },
  { entry: 'projector/src/server.ts', out: 'projector/dist/server.js' },
  // The embedded read models' rebuild job runs in a thread started from the query-api bundles, beside them.
  { entry: 'projector/src/rebuild-worker.ts', out: 'query-api/dist/rebuild-worker.js' },
  // And so does the live projector of the embedded SQLite read models.
  { entry: 'projector/src/projector-worker.ts', out: 'query-api/dist/projector-worker.js' },
];

const SOURCE_DIRS = ['domain/src', 'domain/infrastructure/src', 'command-api/src', 'projector/src', 'query-api/src', 'query-api/embedded/src'];
// The event store's writer thread and the read models' checkpointer are loaded by their paths beside the code that starts them: they go beside each bundle.
const THREADS = ['domain/infrastructure/src/event-store/sqlite-writer.thread.js', 'domain/infrastructure/src/read-store/sqlite-checkpointer.thread.js'];

function thirdPartyPackages() {
  const manifests = ['package.json', 'domain/package.json', 'domain/infrastructure/package.json', 'command-api/package.json', 'projector/package.json', 'query-api/package.json'];
  const names = new Set();
  for (const manifest of manifests) {
    const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(path.join(ROOT, manifest), 'utf8'));
    for (const name of [...Object.keys(dependencies), ...Object.keys(devDependencies)]) if (!name.startsWith('@nightlight/')) names.add(name);
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

function newestSource(dir) {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    newest = Math.max(newest, stat.isDirectory() ? newestSource(file) : stat.mtimeMs);
  }
  return newest;
}

/** True when a bundle is missing or older than a source file (a checkout or an edit since). */
export function servicesOutdated() {
  const sources = Math.max(...SOURCE_DIRS.map((dir) => newestSource(path.join(ROOT, dir))));
  return SERVICES.some(({ out }) => {
    try {
      return statSync(path.join(ROOT, out)).mtimeMs < sources;
    } catch {
      return true;
    }
  });
}

export async function buildServices() {
  // Loaded only to build: `npm start` imports this module at every start to see whether it must.
  const { build } = await import('esbuild');
  const external = thirdPartyPackages();
  for (const { entry, out } of SERVICES) {
    await build({
      entryPoints: [path.join(ROOT, entry)],
      outfile: path.join(ROOT, out),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      external,
      sourcemap: true,
      logLevel: 'warning',
    });
    for (const thread of THREADS) copyFileSync(path.join(ROOT, thread), path.join(ROOT, path.dirname(out), path.basename(thread)));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  await buildServices();
  console.log(`Built ${SERVICES.length} services in ${Date.now() - started} ms`);
}
