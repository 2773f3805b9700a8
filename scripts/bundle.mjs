/**
 * Bundles the built command-line program (dist/cli/main.js and every module it imports) into one
 * file, dist/cli/codebreaker.js, and puts the launcher (launch.ts) in main.js's place. The path
 * `bin` names, dist/cli/main.cjs, is the same launcher as a CommonJS script: Node starts one
 * without its ES module loader (and the fs/promises, readline and streams that loader brings).
 * Node loads each ES module file on its own (resolve, read, compile), so one file starts sooner:
 * a large part of a short command (figures: docs/performance.md).
 * The bundle sits beside the modules it was made from, so paths it resolves from its own address
 * (the worker threads' modules, the web app) are the same. Then it writes the launcher's code
 * cache, dist/cli/codebreaker.cache, by running a short proof. Run after `tsc`.
 *
 * The thread a long proof runs on (dist/cli/proof-worker.js) imports modules of the command
 * line, which the package does not ship apart from the bundle: they are bundled into it too.
 * The library's modules (outside dist/cli) it imports from the package, as the other worker
 * threads do, rather than ship them a second time.
 */
import { spawnSync } from 'node:child_process';
import { chmod, copyFile, readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const main = 'dist/cli/main.js';
const launcher = 'dist/cli/launch.js';
const executable = 'dist/cli/main.cjs';
const program = 'dist/cli/codebreaker.js';
const worker = 'dist/cli/proof-worker.js';
/** The worker threads started as CommonJS bundles (workers.ts, `BUNDLED_THREADS`). */
const THREADS = ['walk-worker', 'optimal-worker', 'static-worker'];
const external = ['@hpcc-js/wasm-graphviz', 'bullmq', 'cli-progress', 'ioredis', 'tsx', 'zod'];
const banner =
  "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);";
/**
 * commander requires node:child_process when it loads, for subcommands that are programs of
 * their own, which ours are not; loading it (and the network modules it brings) would cost every
 * command. commander gets a stand-in that loads it on first use.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(bundler) {
    bundler.onResolve({ filter: /^(node:)?child_process$/ }, ({ importer }) =>
      importer.includes('/commander/') ? { path: 'child_process', namespace: 'lazy' } : undefined,
    );
    bundler.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents:
        "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};
/**
 * Leaves the imports of the library (modules of dist/ outside dist/cli) to Node, from the
 * package, at their path from the bundle (which sits in dist/cli); the command line's own
 * modules, in dist/cli and its folders, are bundled. A dependency's own relative imports are
 * neither.
 */
const library = {
  name: 'library',
  setup(bundler) {
    const cli = resolve('dist/cli') + sep;
    bundler.onResolve({ filter: /^\.\.?\// }, ({ path, importer, resolveDir }) => {
      const target = resolve(resolveDir, path);
      if (importer.includes('/node_modules/') || target.startsWith(cli)) return undefined;
      return { path: relative(dirname(worker), target).split(sep).join('/'), external: true };
    });
  },
};

// Already bundled (run twice without `tsc` in between): bundling a bundle would repeat the banner.
if (!(await readFile(worker, 'utf8')).includes(banner)) {
  await build({
    entryPoints: [worker],
    outfile: worker,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Loaded only by the commands that need them, and large: left to Node to load when used.
    external,
    // commander is CommonJS and requires Node's built-in modules; an ES module has no `require`.
    banner: { js: banner },
    plugins: [library],
    logLevel: 'warning',
  });
}

// The program, a classic script for the launcher to compile with its code cache (launch.ts):
// `require`, `__filename` and the file's URL come from the function the launcher wraps it in.
if ((await readFile(main, 'utf8')) !== (await readFile(launcher, 'utf8'))) {
  await build({
    entryPoints: [main],
    outfile: program,
    bundle: true,
    platform: 'node',
    format: 'iife',
    target: 'node20',
    external,
    define: { 'import.meta.url': '__bundleUrl' },
    plugins: [lazyChildProcess],
    // A script compiled with a code cache cannot import() in Node 20 (the callback is lost):
    // what the program loads only when used (BullMQ, ioredis, Graphviz) it requires instead.
    supported: { 'dynamic-import': false },
    // About half the bytes to read, and their code cache to check.
    // Names stay, for the stack of a bug report.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  await copyFile(launcher, main);
}
/**
 * Bundles `entry` and all it imports into one CommonJS file, `outfile`, whose `import.meta.url`
 * is its own file's URL. `minify`: without the whitespace, as the program's bundle.
 */
function commonJs(entry, outfile, minify) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    define: { 'import.meta.url': '__fileUrl' },
    banner: { js: "const __fileUrl = require('node:url').pathToFileURL(__filename).href;" },
    minifyWhitespace: minify,
    minifySyntax: minify,
    logLevel: 'warning',
  });
}
// The threads of `analyze`, `tree`, `optimal` and `static`, each one CommonJS file with the library
// bundled in (workers.ts starts the .cjs): a thread started from ES module files loads Node's module
// loader and each file on its own, most of a thread's start before it does any work.
for (const name of THREADS) await commonJs(`dist/cli/${name}.js`, `dist/cli/${name}.cjs`, true);
// The launcher as CommonJS.
await commonJs(launcher, executable, false);
// Executables (they start with #!), whoever links them.
await chmod(main, 0o755);
await chmod(executable, 0o755);

// The code cache: what a short proof and short analyses compile, written when they end.
const CACHED_RUNS = [
  ['optimal', '--game', 'mastermind', '--json'],
  ['optimal', '--game', 'mastermind'],
  ['analyze', '--game', 'mastermind', '--strategy', 'minimax'],
  ['analyze', '--game', 'mastermind', '--strategy', 'entropy', '--json'],
];
const run = spawnSync(process.execPath, [main], {
  env: {
    ...process.env,
    CODEBREAKER_CODE_CACHE: 'write',
    CODEBREAKER_CODE_CACHE_RUNS: JSON.stringify(CACHED_RUNS),
  },
  encoding: 'utf8',
});
if (run.status !== 0) {
  console.error(`bundle: writing the code cache failed:\n${run.stderr}`);
  process.exit(1);
}
