import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../api/support/service-process';

const WEB = path.join(REPO_ROOT, 'web');
const BUILT_INDEX = path.join(WEB, 'dist/index.html');
/** What the build is made from, besides web/src: a change to any of them makes dist stale. */
const BUILD_INPUTS = ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'].map((file) => path.join(WEB, file));

// Component tests and their helpers never reach the bundle; editing them needs no rebuild.
const notBundled = (file: string) => /\.spec\.tsx?$/.test(file) || file.split(path.sep).includes('testing');

/** The newest modification time of a bundled file under `dir`, or 0 when there is none. */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !notBundled(path.relative(dir, file))) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** Why dist must be rebuilt, or null when it is newer than every source it was built from. */
export function staleBuildReason(): string | null {
  if (!existsSync(BUILT_INDEX)) return 'no build yet';
  const builtAt = statSync(BUILT_INDEX).mtimeMs;
  const newestSource = Math.max(newestMtime(path.join(WEB, 'src')), ...BUILD_INPUTS.filter(existsSync).map((file) => statSync(file).mtimeMs));
  return newestSource > builtAt ? 'sources changed since the last build' : null;
}

/**
 * The browser tests drive the built app: build it when there is none or when a source changed
 * after it was built, so a test never passes or fails against yesterday's code.
 */
export default function setup(): void {
  const reason = staleBuildReason();
  if (!reason) return;
  console.log(`Building the web app (${reason})`);
  // Vitest sets NODE_ENV=test, which would give a development build of React: the tests must
  // drive (and the bundle check must measure) what parents get.
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('The web app did not build');
}
