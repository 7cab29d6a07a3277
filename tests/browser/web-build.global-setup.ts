import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../api/support/service-process';

/** The browser tests drive the built app; build it once when a fresh clone has none. */
export default function setup(): void {
  if (existsSync(path.join(REPO_ROOT, 'web/dist/index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web app did not build');
}
