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
import { isBadInput } from '../../errors.js';
import type { JobAnswer, ProofJob } from '../../search/jobs.js';
import { milliseconds } from '../clock.js';
import { type Io, safeText } from '../io.js';
import { workerPool } from '../proofs/optimal-pool.js';
import { REDIS_OPTIONS, type RedisFlags } from '../queue/queue-options.js';
import type { WorkerBeat } from '../queue/queue.js';
import {
  MIN_CACHE_BYTES,
  THREAD_OVERHEAD_BYTES,
  memoryLimitFlag,
  secondsFlag,
  threadsFlag,
} from '../rules-options.js';
import { onStop } from '../signals.js';

interface WorkerFlags extends RedisFlags {
  queue: string;
  keyFile?: string;
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
/** How long a worker told to stop waits for BullMQ and Redis to close before it exits anyway. */
const STOP_GRACE_MS = 3000;
/**
 * How long a job this worker leaves to others (the second copy of one it solved, or one that
 * failed here) waits before any worker may take it again.
 */
const HAND_ON_MS = 500;
/**
 * How often this worker leaves such a job to others before it runs it anyway, while a worker it
 * may go to is alive (with none, it runs it at once).
 */
const HAND_ON_TIMES = 6;

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
      const {
        PROOFS_KEY,
        WORKER_BEAT_MS,
        WORKER_PREFIX,
        WORKER_TTL_MS,
        aliveWorkers,
        connectRedis,
        jobSigned,
        readQueueUrl,
        signAnswer,
      } = await import('../queue/queue.js');
      const { answerToQueue, jobEnvelopeSchema, jobFromQueue, problemOf } = await import(
        '../queue/records.js'
      );
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
      const redis = await connectRedis(address);
      const { Worker, DelayedError } = await import('bullmq');
      const pool = workerPool(threads, cacheBytes);
      const id = `${hostname()}-${process.pid}-${Date.now().toString(36)}`;
      const solving = new Set<string>();
      /** How often this worker has left each job to others since it last took it. */
      const handedOn = new Map<string, number>();
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

      /** Whether a worker other than this one and those in `avoid` has a heartbeat in Redis. */
      const othersAlive = async (avoid: readonly string[]): Promise<boolean> =>
        (await aliveWorkers(redis)).some((other) => other.id !== id && !avoid.includes(other.id));

      /** Refuses `job`: one line here, and BullMQ fails it with why, naming this worker. */
      const refuse = (job: Job, why: string): never => {
        io.err(`refused job ${safeText(String(job.id).slice(0, 80))}: ${safeText(why)}\n`);
        throw new Error(`${why} (worker ${id})`);
      };

      const solve = async (job: Job, token?: string): Promise<unknown> => {
        const envelope = jobEnvelopeSchema.safeParse(job.data);
        if (!envelope.success) return refuse(job, `not a job (${problemOf(envelope.error)})`);
        const { signature, avoid = [] } = envelope.data;
        // A job the coordinator would rather another worker solved (it failed here, or it is
        // the second copy of one solved here) is handed on for a while if a worker it may go
        // to is alive; alone, this worker takes it (at once, or in the end), and the
        // coordinator says what it found.
        const base = String(job.id);
        const times = handedOn.get(base) ?? 0;
        if (avoid.includes(id) && times < HAND_ON_TIMES && (await othersAlive(avoid))) {
          handedOn.set(base, times + 1);
          await job.moveToDelayed(Date.now() + HAND_ON_MS, token);
          throw new DelayedError();
        }
        // Taken: handed on again from the start if it comes back.
        handedOn.delete(base);
        if (!jobSigned(key, job.queueName, String(job.id), envelope.data.job, signature)) {
          refuse(
            job,
            `its signature does not match this worker's key (from ${key.source}): the coordinator and its workers need the same key`,
          );
        }
        let task: ProofJob;
        try {
          task = jobFromQueue(envelope.data.job);
        } catch (error) {
          if (!isBadInput(error)) throw error;
          return refuse(job, error.message);
        }
        await thread();
        solving.add(task.key);
        const started = milliseconds();
        io.err(`solving ${task.key}: ${task.candidates.length} secrets\n`);
        let reported = 0;
        try {
          const answer: JobAnswer = await pool.run(task, (nodes) => {
            const now = milliseconds();
            if (now - reported >= PROGRESS_EVERY_MS) {
              reported = now;
              void job.updateProgress(nodes).catch(() => {});
            }
            return false;
          });
          const seconds = ((milliseconds() - started) / 1000).toFixed(1);
          io.err(`solved  ${task.key}: ${answer.nodes} nodes in ${seconds} s\n`);
          const queued = answerToQueue(answer, id);
          return { answer: queued, signature: signAnswer(key, signature, queued) };
        } catch (error) {
          const why = (error as Error).message;
          io.err(`failed  ${task.key}: ${safeText(why)}\n`);
          throw new Error(`${why} (worker ${id})`);
        } finally {
          solving.delete(task.key);
          release();
        }
      };

      const workers = new Map<string, BullWorker>();
      const follow = async (): Promise<void> => {
        const proofs = new Set(await redis.smembers(PROOFS_KEY));
        for (const name of proofs) {
          if (workers.has(name) || !/^codebreaker-[0-9a-f]{8}$/.test(name)) continue;
          const connection = await connectRedis(address, true);
          const worker = new Worker(name, solve, {
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
          void worker.close().catch(() => {});
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
      // Ctrl-C or SIGTERM (heard from the program's first moment: signals.ts) stops it; a
      // second signal, or closing that takes too long (a connection that hangs), ends it.
      let signals = 0;
      let stopped: () => void = () => {};
      let again: () => void = () => {};
      onStop(() => {
        signals++;
        if (signals === 1) stopped();
        else again();
      });
      if (signals === 0) {
        await new Promise<void>((resolve) => {
          stopped = resolve;
        });
      }
      for (const timer of timers) clearInterval(timer);
      io.err('worker stopping: its unfinished jobs go back to the queue\n');
      const deadline = new Promise<void>((resolve) => {
        setTimeout(resolve, STOP_GRACE_MS).unref();
        again = resolve;
      });
      const closing = (async () => {
        await Promise.all(
          [...workers.values()].map((worker) => worker.close(true).catch(() => {})),
        );
        await redis.del(`${WORKER_PREFIX}${id}`).catch(() => 0);
        redis.disconnect();
        await pool.close();
      })();
      await Promise.race([closing, deadline]);
      // Whatever is still open (BullMQ's blocked connections) must not keep the process alive.
      process.exit(process.exitCode ?? 0);
    });
}
