import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// query-api serves the built app and /api on one origin; in development the proxy keeps it so.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
