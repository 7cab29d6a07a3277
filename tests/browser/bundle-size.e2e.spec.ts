import { describe, expect, it } from 'vitest';
import {
  DIST_DIR,
  INITIAL_JS_BUDGET_BYTES,
  measureRoute,
  readManifest,
  ROUTE_MODULES,
  staticClosure,
} from '../../web/scripts/bundle-size';

// Measures the production build the global setup made for the browser tests, so a change that
// makes the first screens heavier fails `npm test`. web/README.md records the figures.
describe('initial JavaScript of the built web app', () => {
  const manifest = readManifest(DIST_DIR);

  it.each(Object.keys(ROUTE_MODULES))('%s loads at most 200 KB gzipped', (route) => {
    const size = measureRoute(route, DIST_DIR, manifest);
    console.log(`${route}: ${(size.gzipBytes / 1024).toFixed(1)} KB gzipped in ${size.chunks.length} chunks`);

    expect(size.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
    // React and the router alone weigh more than this: a smaller figure would mean nothing was measured.
    expect(size.gzipBytes).toBeGreaterThan(50 * 1024);
    expect(size.chunks.map((chunk) => chunk.file)).toContain(manifest[ROUTE_MODULES[route]!]!.file);
  });

  it('leaves the charts of /insights out of the dashboard', () => {
    const charts = manifest['src/features/insights/components/weekly-charts.tsx'];
    expect(charts).toBeDefined();
    expect(measureRoute('/', DIST_DIR, manifest).chunks.map((chunk) => chunk.file)).not.toContain(charts!.file);
  });

  it.each(Object.keys(ROUTE_MODULES))('%s loads no catalog but the English one: each other language is a chunk of its own', (route) => {
    const initial = measureRoute(route, DIST_DIR, manifest).chunks.map((chunk) => chunk.file);
    for (const locale of ['es', 'de', 'fr']) {
      const catalog = manifest[`src/lib/i18n/catalogs/${locale}.json`];
      expect(catalog?.file, locale).toMatch(/\.js$/);
      expect(initial, locale).not.toContain(catalog!.file);
    }
  });

  it('follows static imports through shared chunks, each once, and not dynamic ones', () => {
    const closure = staticClosure(
      {
        'index.html': { file: 'a.js', isEntry: true, imports: ['_b.js', '_c.js'], dynamicImports: ['lazy.tsx'] },
        '_b.js': { file: 'b.js', imports: ['_c.js'] },
        '_c.js': { file: 'c.js' },
        'lazy.tsx': { file: 'lazy.js', imports: ['_d.js'] },
        '_d.js': { file: 'd.js' },
      },
      ['index.html'],
    );
    expect(closure).toEqual(['index.html', '_b.js', '_c.js']);
  });
});
