import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// query-api serves the built app and /api on one origin; in development the proxy keeps it so.
export default defineConfig({
  plugins: [react(), precompress()],
  // The manifest lets scripts/bundle-size.ts follow each route's static imports.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
