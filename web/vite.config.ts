import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompileMessages } from './build/precompile-messages';
import { precompress } from './build/precompress';

/** The header's surface colour in each scheme (--color-surface in src/styles/base.css). */
export const THEME_COLORS = { light: '#ffffff', dark: '#1c1b27' } as const;

// query-api serves the built app and /api on one origin; in development the proxy keeps it so.
export default defineConfig({
  plugins: [
    react(),
    precompileMessages(),
    // The installable app: its manifest and a Workbox service worker that precaches the shell and
    // every hashed asset, so the app opens with no signal. /api is never cached by the worker.
    VitePWA({
      // An update waits for the parent's 'Reload' (src/app/update-prompt.tsx): a form being filled in
      // at 3 a.m. is never lost to a reload nobody asked for.
      registerType: 'prompt',
      // Registered by the app itself, after the first screen has shown.
      injectRegister: false,
      includeAssets: ['icons/apple-touch-icon-180.png'],
      manifest: {
        name: 'Nightlight',
        short_name: 'Nightlight',
        description: 'Privacy-first feeding and sleep tracking for your baby.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLORS.light,
        background_color: '#f6f5fb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell, every chunk and stylesheet (not the compressed copies beside them); the plugin
        // adds the manifest, its icons and includeAssets.
        globPatterns: ['**/*.{js,css,html}'],
        // The charts of /insights are the largest chunk and are precached too, so Insights opens offline.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Every client route opens offline from the precached page; the API and the health checks never do.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/(healthz|readyz)$/],
        // One file: the edge sends it with no-cache, and nothing else has to be fetched to install it.
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        // The first worker takes the open page at once, so it works offline without a reload; a new
        // version waits for 'Reload' all the same (no skipWaiting in prompt mode).
        clientsClaim: true,
        // Hashed names already differ per version; Workbox need not add its own revision to them.
        dontCacheBustURLsMatching: /^assets\//,
      },
    }),
    // After the worker is written, so it is compressed too.
    precompress(),
  ],
  // The manifest lets scripts/bundle-size.ts follow each route's static imports.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
