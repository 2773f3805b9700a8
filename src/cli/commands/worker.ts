/**
 * `codebreaker worker --queue redis://HOST:PORT/DB`: solves the jobs of every proof a
 * coordinator (`optimal --queue`) has put on that Redis, on all this machine's cores, until
 * stopped. The flags are read here; the worker itself is queue/queue-worker.ts.
 */
import type { Command } from 'commander';
import type { Io } from '../io.js';
import { REDIS_OPTIONS, type RedisFlags } from '../queue/queue-options.js';
import {
  MIN_CACHE_BYTES,
  THREAD_OVERHEAD_BYTES,
  memoryLimitFlag,
  secondsFlag,
  threadsFlag,
} from '../rules-options.js';

interface WorkerFlags extends RedisFlags {
  queue: string;
  keyFile?: string;
  threads?: string;
  memoryLimit?: string;
  stallSeconds?: string;
}

/** The default memory for the searches' caches: 2 GiB a thread at most. */
const CACHE_BYTES_PER_THREAD = 2 * 2 ** 30;

export function workerCommand(program: Command, io: Io): void {
  const command = program
    .command('worker')
    .description('solve the jobs of proofs on a Redis queue (see optimal --queue), until stopped')
    .requiredOption(
      '--queue <url>',
      'the Redis server, e.g. redis://10.0.0.5:6379/0 or rediss://user:password@host:6380/0',
    );
  for (const [flag, help] of REDIS_OPTIONS) command.option(flag, help);
  command
    .option('--threads <n>', 'worker threads, each solving one job at a time (default: every core)')
    .option('--memory-limit <size>', 'memory for the searches, e.g. 8G (default: 2G a thread)')
    .option(
      '--stall-seconds <s>',
      'how long a job may go unheard from a dead worker before another takes it (default 30)',
    )
    .action(async (flags: WorkerFlags) => {
      // Loaded when a worker runs, not when the program lists its commands: Redis's client,
      // the records' schemas and the key each cost every other command's start-up.
      const { readQueueUrl } = await import('../queue/queue.js');
      const address = readQueueUrl(flags.queue, flags);
      const key = (await import('../keys.js')).loadKey(flags.keyFile);
      const threads = threadsFlag(flags.threads, 1, 0);
      const perThread = THREAD_OVERHEAD_BYTES + MIN_CACHE_BYTES;
      const memory = memoryLimitFlag(flags.memoryLimit, threads * perThread, threads);
      const cacheBytes =
        memory === undefined
          ? CACHE_BYTES_PER_THREAD
          : Math.floor(memory / threads) - THREAD_OVERHEAD_BYTES;
      const stallMs = 1000 * (secondsFlag(flags.stallSeconds, '--stall-seconds') ?? 30);
      const { runWorker } = await import('../queue/queue-worker.js');
      await runWorker({ address, key, threads, cacheBytes, stallMs }, io);
    });
}
