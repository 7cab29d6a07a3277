// `npm start`: the embedded default (or the full stack's stores when the environment names them),
// run as built JavaScript by plain node, with the server's heap kept near what it holds. The web
// app and the server are built on the first start, and the server again whenever a source file
// changed since its bundle was made.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServices, ROOT, servicesOutdated } from './build-services.mjs';

if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) {
  console.log('Building the web app (first start only)…');
  const web = spawnSync('npm', ['run', 'build', '-w', 'web'], { stdio: 'inherit', cwd: ROOT });
  if (web.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(1);
  }
}
if (servicesOutdated()) {
  console.log('Building the server…');
  await buildServices();
}
process.env.NODE_ENV ??= 'production';
// The server runs with V8 flags that keep its heap near what it holds (heap-growth.ts in
// query-api/embedded/src), which takes a process of its own; started with heap flags of your own,
// it runs in this one.
const server = path.join(ROOT, 'query-api/dist/start.js');
const { heapFlagsFor, runWithFlags } = await import(pathToFileURL(path.join(ROOT, 'query-api/dist/launcher.js')).href);
const flags = heapFlagsFor(process.execArgv, process.env.NODE_OPTIONS);
if (flags === null) await import(pathToFileURL(server).href);
else runWithFlags(flags, server);
