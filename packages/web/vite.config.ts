import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { routeBudgets } from './build/route-budgets.ts';

/** Where `npm run dev` forwards `/api`; the API server listens on 3000 unless told otherwise. */
const apiTarget = process.env.AUTOMATE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Every asset also as .br and .gz: the server sends the smallest the browser takes, compressed once here.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json|txt|map)$/,
      threshold: 512,
    }),
    routeBudgets(),
    // `npm run size`: dist/stats.html shows which modules make up each chunk (it takes seconds, so only then).
    process.env.BUNDLE_STATS ? visualizer({ filename: 'dist/stats.html', gzipSize: true, brotliSize: true }) : null,
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
  },
});
