/**
 * Bundles the built command-line program (dist/cli/main.js and every module it imports) into
 * one file, dist/cli/codebreaker.js, the `codebreaker` executable. Node loads each ES module
 * file on its own (resolve, read, compile), so one file starts about 40 ms sooner: a large part
 * of a command that itself takes half a second. The bundle sits beside the modules it was made
 * from, so paths it resolves from its own address (the worker threads' modules, the web app)
 * are the same. Run after `tsc`; the unbundled dist/cli/main.js still works.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/cli/main.js'],
  outfile: 'dist/cli/codebreaker.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Loaded only by the commands that need them, and large: left to Node to load when used.
  external: ['@hpcc-js/wasm-graphviz', 'cli-progress', 'tsx'],
  // commander is CommonJS and requires Node's built-in modules; an ES module has no `require`.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
