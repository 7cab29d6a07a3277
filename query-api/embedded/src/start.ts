import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from '@nightlight/query-api/web-dist';

/**
 * `npm start`: builds the web app once if it has not been built, then starts the server
 * (the embedded default unless the environment configures the full stack's stores).
 */
if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { stdio: 'inherit', cwd: path.resolve(WEB_DIST, '../..') });
  if (build.status !== 0) {
    console.error('The web app did not build; see the messages above.');
    process.exit(1);
  }
}
process.env.LOG_LEVEL ??= 'warn';
await import('./server');
