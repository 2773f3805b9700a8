/**
 * `codebreaker worker --queue redis://HOST:PORT/DB`: solves the jobs of every proof a
 * coordinator (`optimal --queue`) has put on that Redis, on all this machine's cores, until
 * stopped. Each job runs on a worker thread (optimal-pool.ts), so the main thread stays free to
 * keep BullMQ's lock on the jobs it holds: a worker that dies (killed, machine lost) stops
 * renewing them, and BullMQ hands its jobs to another worker when the lock runs out.
 */
import { hostname } from 'node:os';
import type { Worker as BullWorker, Job } from 'bullmq';
import type { Command } from 'commander';
import type { JobAnswer } from '../search/jobs.js';
import type { Io } from './io.js';
import { workerPool } from './optimal-pool.js';
import {
  PROOFS_KEY,
  type QueuedJob,
  WORKER_BEAT_MS,
  WORKER_PREFIX,
  WORKER_TTL_MS,
  type WorkerBeat,
  connectRedis,
  decodeJob,
  encodeAnswer,
  readQueueUrl,
} from './queue.js';
import { byteSizeFlag, secondsFlag, threadsFlag } from './rules-options.js';

interface WorkerFlags {
  queue: string;
  threads?: string;
  memoryLimit?: string;
  stallSeconds?: string;
}

/** How often the worker looks for proofs started or ended. */
const PROOFS_POLL_MS = 1000;
/** The least time between two progress reports of one job. */
const PROGRESS_EVERY_MS = 1000;
/** The default memory for the searches' caches: 2 GiB a thread at most. */
const CACHE_BYTES_PER_THREAD = 2 * 2 ** 30;

export function workerCommand(program: Command, io: Io): void {
  program
    .command('worker')
    .description('solve the jobs of proofs on a Redis queue (see optimal --queue), until stopped')
    .requiredOption('--queue <url>', 'the Redis server, e.g. redis://10.0.0.5:6379/0')
    .option('--threads <n>', 'worker threads, each solving one job at a time (default: every core)')
    .option('--memory-limit <size>', 'memory for the searches, e.g. 8G (default: 2G a thread)')
    .option(
      '--stall-seconds <s>',
      'how long a job may go unheard from a dead worker before another takes it (default 30)',
    )
    .action(async (flags: WorkerFlags) => {
      const address = readQueueUrl(flags.queue);
      const threads = threadsFlag(flags.threads, 1, 0);
      const memory = byteSizeFlag(flags.memoryLimit, '--memory-limit');
      const cacheBytes = memory ? Math.floor(memory / threads) : CACHE_BYTES_PER_THREAD;
      const stallMs = 1000 * (secondsFlag(flags.stallSeconds, '--stall-seconds') ?? 30);
      const redis = await connectRedis(address);
      const { Worker } = await import('bullmq');
      const pool = workerPool(threads, cacheBytes);
      const id = `${hostname()}-${process.pid}-${Date.now().toString(36)}`;
      const solving = new Set<string>();
      // Threads are shared by the proofs' queues: a job waits here for one.
      let free = threads;
      const waiting: (() => void)[] = [];
      const thread = async (): Promise<void> => {
        if (free > 0) {
          free--;
          return;
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      };
      const release = (): void => {
        const next = waiting.shift();
        if (next) next();
        else free++;
      };

      const beat = async (): Promise<void> => {
        const me: WorkerBeat = {
          host: hostname(),
          pid: process.pid,
          threads,
          solving: [...solving],
        };
        await redis.set(`${WORKER_PREFIX}${id}`, JSON.stringify(me), 'PX', WORKER_TTL_MS);
      };
      const solve = async (job: Job<QueuedJob>): Promise<unknown> => {
        const task = decodeJob(job.data);
        await thread();
        solving.add(task.key);
        const started = performance.now();
        io.err(`solving ${task.key}: ${task.candidates.length} secrets\n`);
        let reported = 0;
        try {
          const answer: JobAnswer = await pool.run(task, (nodes) => {
            const now = performance.now();
            if (now - reported >= PROGRESS_EVERY_MS) {
              reported = now;
              void job.updateProgress(nodes).catch(() => {});
            }
            return false;
          });
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          io.err(`solved  ${task.key}: ${answer.nodes} nodes in ${seconds} s\n`);
          return encodeAnswer(answer);
        } finally {
          solving.delete(task.key);
          release();
        }
      };

      const workers = new Map<string, BullWorker>();
      const follow = async (): Promise<void> => {
        const proofs = new Set(await redis.smembers(PROOFS_KEY));
        for (const name of proofs) {
          if (workers.has(name)) continue;
          const connection = await connectRedis(address, true);
          const worker = new Worker<QueuedJob>(name, solve, {
            connection,
            concurrency: threads,
            lockDuration: stallMs,
            stalledInterval: stallMs,
            // A job is given again however often its workers die; it fails only by its own error.
            maxStalledCount: 1000,
          });
          worker.on('error', () => {});
          workers.set(name, worker);
          io.err(`serving proof ${name}\n`);
        }
        for (const [name, worker] of workers) {
          if (proofs.has(name)) continue;
          workers.delete(name);
          void worker.close();
        }
      };
      await beat();
      await follow();
      io.err(
        `worker ${hostname()}:${process.pid} on ${address.url} with ${threads} thread${threads === 1 ? '' : 's'}; waiting for jobs (Ctrl-C to stop)\n`,
      );
      const timers = [
        setInterval(() => void beat().catch(() => {}), WORKER_BEAT_MS),
        setInterval(() => void follow().catch(() => {}), PROOFS_POLL_MS),
      ];
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      for (const timer of timers) clearInterval(timer);
      io.err('worker stopping: its unfinished jobs go back to the queue\n');
      await Promise.all([...workers.values()].map((worker) => worker.close(true)));
      await redis.del(`${WORKER_PREFIX}${id}`);
      redis.disconnect();
      await pool.close();
    });
}
