/**
 * Bundles the built command-line program (dist/cli/main.js and every module it imports) into
 * that one file, the `codebreaker` executable. Node loads each ES module file on its own (resolve,
 * read, compile), so one file starts about 40 ms sooner: a large part of a command that itself
 * takes a third of a second. The bundle takes the place of the entry `tsc` wrote, beside the
 * modules it was made from, so paths it resolves from its own address (the worker threads'
 * modules, the web app) are the same, and so is the path `bin` names. Run after `tsc`.
 *
 * The thread a long proof runs on (dist/cli/proof-worker.js) imports modules of the command
 * line, which the package does not ship apart from the bundle: they are bundled into it too.
 * The library's modules (outside dist/cli) it imports from the package, as the other worker
 * threads do, rather than ship them a second time.
 */
import { chmod, readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const main = 'dist/cli/main.js';
const worker = 'dist/cli/proof-worker.js';
const banner =
  "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);";
/** Leaves the imports of the library (`../…` from dist/cli) to Node, from the package. */
const library = {
  name: 'library',
  setup(bundler) {
    bundler.onResolve({ filter: /^\.\.\// }, ({ path }) => ({ path, external: true }));
  },
};
for (const entry of [main, worker]) {
  // Already bundled (run twice without `tsc` in between): bundling a bundle would repeat the banner.
  if ((await readFile(entry, 'utf8')).includes(banner)) continue;
  await build({
    entryPoints: [entry],
    outfile: entry,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Loaded only by the commands that need them, and large: left to Node to load when used.
    external: ['@hpcc-js/wasm-graphviz', 'bullmq', 'cli-progress', 'ioredis', 'tsx'],
    // commander is CommonJS and requires Node's built-in modules; an ES module has no `require`.
    banner: { js: banner },
    plugins: entry === worker ? [library] : [],
    logLevel: 'warning',
  });
}
// An executable (it starts with #!), whoever links it.
await chmod(main, 0o755);
