/**
 * Builds the web app into dist/web, next to the compiled CLI that serves it (`codebreaker serve`).
 * Run from the project root as `vite build web`, which makes this directory the root.
 *
 * JSX is compiled by esbuild's own automatic runtime pointed at Preact, so no framework plugin
 * is needed; `base: './'` keeps every URL relative, so the app works under any path, offline.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
  },
  worker: { format: 'es' },
});
