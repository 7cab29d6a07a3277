// Initial JavaScript of a route: what the browser must download before the screen can show,
// i.e. the entry chunk, the route's lazy module and every chunk they import statically. Chunks
// loaded later (apexcharts on /insights, dialogs' own imports are static so they count) are left
// out. Sizes are gzipped at level 9, as the size tools of the ecosystem report them.
//
//   npx tsx web/scripts/bundle-size.ts            builds web/dist, then measures
//   npx tsx web/scripts/bundle-size.ts --no-build measures the existing build
//
// Exits with 1 when a route's initial JavaScript is above the budget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The product's budget for the initial JavaScript of /auth/login and / (issue 8). */
export const INITIAL_JS_BUDGET_BYTES = 200 * 1024;

/** The lazy module each measured route loads, as src/app/router.tsx imports it. */
export const ROUTE_MODULES: Readonly<Record<string, string>> = {
  '/auth/login': 'src/features/auth/components/login-page.tsx',
  '/': 'src/app/routes/dashboard.tsx',
};

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(WEB_DIR, 'dist');

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type ChunkSize = { file: string; bytes: number; gzipBytes: number };
export type RouteSize = { route: string; chunks: ChunkSize[]; bytes: number; gzipBytes: number };

export function readManifest(distDir = DIST_DIR): Manifest {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No Vite manifest at ${manifestPath}: build with build.manifest on`);
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

/** Manifest keys of `roots` and of everything they import statically, each once. */
export function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...seen];
}

export function measureRoute(route: string, distDir = DIST_DIR, manifest = readManifest(distDir)): RouteSize {
  const routeModule = ROUTE_MODULES[route];
  if (!routeModule) throw new Error(`No route module known for ${route}`);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const chunks = staticClosure(manifest, [entry, routeModule])
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const content = readFileSync(path.join(distDir, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (pick: (chunk: ChunkSize) => number) => chunks.reduce((total, chunk) => total + pick(chunk), 0);
  return { route, chunks, bytes: sum((chunk) => chunk.bytes), gzipBytes: sum((chunk) => chunk.gzipBytes) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatRouteSize(size: RouteSize): string {
  const lines = [`${size.route}: ${kb(size.gzipBytes)} gzipped (${kb(size.bytes)} raw), budget ${kb(INITIAL_JS_BUDGET_BYTES)}`];
  for (const chunk of size.chunks) lines.push(`  ${kb(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const { build } = await import('vite');
    process.env.NODE_ENV = 'production';
    await build({ root: WEB_DIR, logLevel: 'warn' });
  }
  const manifest = readManifest();
  let overBudget = false;
  for (const route of Object.keys(ROUTE_MODULES)) {
    const size = measureRoute(route, DIST_DIR, manifest);
    console.log(formatRouteSize(size));
    if (size.gzipBytes > INITIAL_JS_BUDGET_BYTES) {
      overBudget = true;
      console.error(`${route} is over the budget by ${kb(size.gzipBytes - INITIAL_JS_BUDGET_BYTES)}`);
    }
  }
  process.exitCode = overBudget ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
