/**
 * Builds the web app into dist/web, next to the compiled CLI that serves it (`codebreaker serve`).
 * Run from the project root as `vite build web`, which makes this directory the root.
 *
 * JSX is compiled by esbuild's own automatic runtime pointed at Preact, so no framework plugin
 * is needed; `base: './'` keeps every URL relative, so the app works under any path, offline.
 * The service worker (service-worker.js) is written last, with the list of every file the build
 * made and a digest of their contents, so that an installed app updates when any of them changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** Writes sw.js: the service worker with the app's files to cache and their digest. */
function serviceWorker(): Plugin {
  return {
    name: 'codebreaker-service-worker',
    apply: 'build',
    // After Vite's own plugins, so that index.html is in the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const digest = createHash('sha256');
      const files: string[] = [];
      for (const name of Object.keys(bundle).sort()) {
        if (name.endsWith('.map')) continue;
        const item = bundle[name];
        files.push(name);
        digest.update(name).update(item.type === 'chunk' ? item.code : item.source);
      }
      const publicDir = join(HERE, 'public');
      for (const name of filesUnder(publicDir).sort()) {
        files.push(name);
        digest.update(name).update(readFileSync(join(publicDir, name)));
      }
      const source = readFileSync(join(HERE, 'service-worker.js'), 'utf8')
        .replace('self.__PRECACHE__', JSON.stringify(['./', ...files.map((name) => `./${name}`)]))
        .replace('self.__VERSION__', JSON.stringify(digest.digest('hex').slice(0, 16)));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

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
  plugins: [serviceWorker()],
});
