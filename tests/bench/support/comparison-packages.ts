import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Packages a benchmark compares the project with, kept out of the project's install (one of them
 * builds a native module from C where no prebuilt binary can be fetched): installed on first use
 * into a folder of their own under the system's temporary directory, and imported from there.
 * `packages`: name → exact version; `allowScripts`: those whose install scripts must run.
 */
export async function importComparisonPackage<Module>(entry: string, packages: Record<string, string>, allowScripts: string[]): Promise<Module> {
  const specifiers = Object.entries(packages).map(([name, version]) => `${name}@${version}`);
  const folder = path.join(tmpdir(), `nightlight-comparison-${specifiers.join('+').replace(/[^a-z0-9.+-]+/gi, '_')}`);
  const installed = path.join(folder, 'node_modules', entry, 'package.json');
  if (!existsSync(installed)) {
    console.log(`Installing ${specifiers.join(', ')} for this comparison into ${folder} (once; not part of the project's install)…`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true, dependencies: packages, allowScripts: Object.fromEntries(allowScripts.map((name) => [name, true])) }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
  }
  const require = (await import('node:module')).createRequire(path.join(folder, 'package.json'));
  return (await import(pathToFileURL(require.resolve(entry)).href)) as Module;
}
