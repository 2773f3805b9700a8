/**
 * Bundles the built command-line program (dist/cli/main.js and every module it imports) into
 * that one file, the `codebreaker` executable. Node loads each ES module file on its own
 * (resolve, read, compile), so one file starts about 40 ms sooner: a large part of a command
 * that itself takes a third of a second. The bundle takes the place of the entry `tsc` wrote,
 * beside the modules it was made from, so paths it resolves from its own address (the worker
 * threads' modules, the web app) are the same, and so is the path `bin` names. Run after `tsc`.
 */
import { chmod, readFile } from 'node:fs/promises';
import { build } from 'esbuild';

const entry = 'dist/cli/main.js';
const banner =
  "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);";
// Already bundled (run twice without `tsc` in between): bundling the bundle would repeat the banner.
if ((await readFile(entry, 'utf8')).includes(banner)) process.exit(0);
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
  logLevel: 'warning',
});
// An executable (it starts with #!), whoever links it.
await chmod(entry, 0o755);
