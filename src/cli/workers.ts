/**
 * Starting worker threads that run the project's own modules. Built, a worker is a .js or .cjs
 * file in dist/ (the command line's sit at the top of cli/: home.ts). Run from source (tsx, vitest) the modules are .ts
 * files, which plain Node cannot load as workers, so the worker is started through tsx's
 * `tsImport`: the same code runs either way.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type * as Threads from 'node:worker_threads';
import type { Worker } from 'node:worker_threads';

/**
 * The workers the build also bundles, each with the library, into one CommonJS file beside its
 * module (scripts/bundle.mjs): started from it, a thread loads one file, without Node's ES module
 * loader. The proof's own thread (proof-worker) is an ES module bundle of the command line's
 * modules; it runs for the whole proof, so its start matters less.
 */
const BUNDLED_THREADS = new Set(['walk-worker', 'optimal-worker', 'static-worker']);

/**
 * Starts the worker module `name` (without extension) that sits next to `here` (import.meta.url).
 * A module tsx loaded in a worker thread has a query on its address (`?tsx-namespace=…`): a
 * worker that starts a worker of its own (the proof's thread starts the job threads) drops it.
 */
export function startWorker(name: string, here: string): Worker {
  // Required here, not imported: a command that starts no thread does not load the module (the
  // bundled CLI would load every module it imports at start-up).
  const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof Threads;
  const address = new URL(here);
  address.search = '';
  if (!address.pathname.endsWith('.ts')) {
    const file = BUNDLED_THREADS.has(name) ? `${name}.cjs` : `${name}.js`;
    return new Worker(new URL(`./${file}`, address));
  }
  const worker = new URL(`./${name}.ts`, address).href;
  const api = pathToFileURL(createRequire(address).resolve('tsx/esm/api')).href;
  const load = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(worker)}, ${JSON.stringify(address.href)}));`;
  return new Worker(load, { eval: true });
}
