#!/usr/bin/env node
/**
 * The `codebreaker` executable (the build puts it at dist/cli/main.js, and as CommonJS at
 * dist/cli/main.cjs, the path `bin` names): it runs the bundled
 * program, codebreaker.js beside it (scripts/bundle.mjs), with V8's code cache, codebreaker.cache,
 * which the build writes by running a short proof and short analyses. The cache holds the
 * bytecode of every function those runs compiled, so a command starts without parsing and
 * compiling them again (what it saves: docs/performance.md). V8 checks a cache against the
 * source, its own version and its settings, and compiles as usual when one does not match
 * (another Node, an edited bundle), so a stale cache costs only the time to read it.
 *
 * The bundle is a classic script, not a module: a script can be compiled with a cache in Node 20,
 * a module cannot. It gets `require`, its own file name and its URL (for `import.meta.url`) from
 * the function it is wrapped in.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/**
 * A signal heard before the program is loaded and listens itself (signals.ts takes it over): the
 * first thing the executable does, so that a Ctrl-C at any moment is heard, never a silent kill.
 */
const early: { signal?: NodeJS.Signals; stop(): void } = {
  stop() {
    process.off('SIGINT', record);
    process.off('SIGTERM', record);
  },
};
function record(signal: NodeJS.Signals): void {
  early.signal ??= signal;
}
process.on('SIGINT', record);
process.on('SIGTERM', record);
(globalThis as Record<symbol, unknown>)[Symbol.for('codebreaker.early-signal')] = early;

const bundleUrl = new URL('./codebreaker.js', import.meta.url);
const bundle = fileURLToPath(bundleUrl);
const cacheFile = fileURLToPath(new URL('./codebreaker.cache', import.meta.url));
/**
 * Set by the build: run without the cache and write it when the process ends, after the
 * commands of CODEBREAKER_CODE_CACHE_RUNS (a JSON list of argument lists), one after another,
 * if it is set, else after the command line's.
 */
const writing = process.env.CODEBREAKER_CODE_CACHE === 'write';

/**
 * The cache's V8 data if the file holds it whole: V8 checks a cache's header (version, source,
 * settings, length) but, in release builds, not its content, and crashes on a damaged one. So the
 * file starts with the CRC-32 of the data (4 bytes, little-endian), checked here.
 */
function readCache(): Buffer | undefined {
  try {
    const file = readFileSync(cacheFile);
    const data = file.subarray(4);
    return file.length > 4 && file.readUInt32LE(0) === crc32(data) ? data : undefined;
  } catch {
    return undefined; // No cache (a build that skipped it): the program compiles as usual.
  }
}

const cachedData = writing ? undefined : readCache();
const wrapped = `(function (require, __filename, __bundleUrl) {${readFileSync(bundle, 'utf8')}\n})`;
// No `importModuleDynamically`: the bundle has no import() (a script compiled with a cache
// loses the callback in Node 20), it requires what it loads late.
const script = new Script(wrapped, { filename: bundle, cachedData });
if (writing) {
  // A cache is taken only under the V8 settings it was made with: the proof keeps the defaults.
  process.env.CODEBREAKER_V8_DEFAULTS = '1';
  process.once('exit', () => {
    const data = script.createCachedData();
    const file = Buffer.alloc(4 + data.length);
    file.writeUInt32LE(crc32(data), 0);
    data.copy(file, 4);
    writeFileSync(`${cacheFile}.part`, file);
    renameSync(`${cacheFile}.part`, cacheFile);
  });
}
type Program = (require: NodeJS.Require, filename: string, url: string) => void;
const program = script.runInThisContext() as Program;
if (writing && process.env.CODEBREAKER_CODE_CACHE_RUNS) {
  const runs: string[][] = JSON.parse(process.env.CODEBREAKER_CODE_CACHE_RUNS);
  const [node, executable] = process.argv;
  void (async () => {
    for (const args of runs) {
      process.argv = [node, executable, ...args];
      program(createRequire(bundle), bundle, bundleUrl.href);
      // main.ts leaves its command's promise here.
      await (globalThis as Record<symbol, unknown>)[Symbol.for('codebreaker.done')];
    }
  })();
} else {
  program(createRequire(bundle), bundle, bundleUrl.href);
}
