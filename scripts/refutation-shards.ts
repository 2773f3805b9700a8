/**
 * A refutation's shards on worker threads (scripts/depth-refutation.ts `--threads T`): T copies
 * of the script, each with the same flags and `--shard I/T`, which read the one score table the
 * main thread built, in shared memory (1 GiB for Super Mastermind, where T processes took T + 1).
 * The main thread searches nothing itself: it waits for them, and a Ctrl-C or SIGTERM asks them
 * to stop, each dropping the guess it is on (every line of the log is appended whole). Their CPU
 * time is the process's; each says, as it ends, the nodes it searched.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { SharedTable } from '../src/cli/proofs/shared-table.js';

/** A share of the work: the I-th of N (`--shard I/N`). */
export interface ShardOf {
  readonly index: number;
  readonly count: number;
}

/** What a shard on a worker thread is given: the score table, and where a stop is asked. */
interface ShardData {
  readonly table: SharedTable;
  /** The share of the process its thread is one of (every thread's, `--shard` or 0/1). */
  readonly group: ShardOf;
  /** Set to 1 (`Atomics.store`) by the main thread at a Ctrl-C or SIGTERM. */
  readonly stop: Int32Array;
  /** 1 while a shard appends to the log (`withLogLock`), else 0. */
  readonly lock: Int32Array;
}

/** On a shard's thread, what the main thread gave it; undefined on the main thread. */
export const shardData = (): ShardData | undefined =>
  isMainThread ? undefined : (workerData as ShardData);

/** Whether the main thread has asked this shard to stop. */
export const shardAsked = (data: ShardData): boolean => Atomics.load(data.stop, 0) === 1;

/**
 * `append` (reading the log and appending a line to it), one shard at a time where `data` says
 * the shards are threads of one process: two that settle one second guess at once then append
 * one line, not two. A shard of its own (`--shard` on another machine) runs it as it is.
 */
export function withLogLock<T>(data: ShardData | undefined, append: () => T): T {
  if (data === undefined) return append();
  const lock = data.lock;
  while (Atomics.compareExchange(lock, 0, 0, 1) !== 0) Atomics.wait(lock, 0, 1);
  try {
    return append();
  } finally {
    Atomics.store(lock, 0, 0);
    Atomics.notify(lock, 0, 1);
  }
}

/** A shard's last word to the main thread: the nodes it searched. */
export function shardDone(nodes: number): void {
  parentPort?.postMessage({ nodes });
}

/** How the shards ended. */
export interface ShardsEnd {
  /** Some shard ended with a status other than 0: nothing is concluded. */
  readonly failed: boolean;
  /** A Ctrl-C or SIGTERM asked them to stop. */
  readonly stopped: boolean;
  /** The nodes they searched, the guesses they dropped included. */
  readonly nodes: number;
}

/**
 * A worker's code that loads the source `script` through tsx (a bundle, in dist/scripts, is plain
 * JavaScript and needs no loader).
 */
function throughTsx(script: string): string {
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
  return `import(${JSON.stringify(api)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(script)}))`;
}

/**
 * Runs `threads` shards of the script at `script` (its `import.meta.url`), loaded as this one was
 * (its bundle, or its source through tsx), with this process's flags but `--threads`, `--shard`
 * and `--json`, sharing `table`. The process's share, `group` (`--shard I/N`, or all of it), is
 * split between them: thread t is shard t·N + I of T·N, so that together they take just what
 * the process would.
 */
export async function runShards(
  script: string,
  threads: number,
  table: SharedTable,
  group: ShardOf,
): Promise<ShardsEnd> {
  const flags = process.argv
    .slice(2)
    .filter((flag) => flag !== '--json' && !/^--(threads|shard)=/.test(flag));
  for (const name of ['--threads', '--shard']) {
    const at = flags.indexOf(name);
    if (at >= 0) flags.splice(at, 2);
  }
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const lock = new Int32Array(new SharedArrayBuffer(4));
  let stopped = false;
  const asked = (): void => {
    stopped = true;
    Atomics.store(stop, 0, 1);
  };
  process.on('SIGINT', asked);
  process.on('SIGTERM', asked);
  const data: ShardData = { table, group, stop, lock };
  const start = script.endsWith('.ts') ? throughTsx(script) : `import(${JSON.stringify(script)})`;
  let nodes = 0;
  const ends = Array.from({ length: threads }, (_, index) => {
    const worker = new Worker(start, {
      eval: true,
      argv: [...flags, '--shard', `${index * group.count + group.index}/${threads * group.count}`],
      workerData: data,
    });
    return new Promise<number>((resolve) => {
      worker.on('error', (error) => {
        console.error(`depth-refutation.ts: shard ${index}: ${error.message}`);
      });
      worker.on('message', (message: { nodes: number }) => {
        nodes += message.nodes;
      });
      worker.on('exit', resolve);
    });
  });
  const done = await Promise.all(ends);
  const failed = done.some((status) => status !== 0);
  if (failed) console.error(`depth-refutation.ts: the shards ended with ${done.join(', ')}`);
  return { failed, stopped, nodes };
}
