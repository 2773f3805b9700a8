/**
 * A worker's runtime (`codebreaker worker`): it serves every proof a coordinator has put on one
 * Redis, solving their jobs on its own worker threads (proofs/optimal-pool.ts), until stopped.
 * Each job runs on a thread, so the main thread stays free to keep BullMQ's lock on the jobs it
 * holds: a worker that dies (killed, machine lost) stops renewing them, and BullMQ hands its jobs
 * to another worker when the lock runs out.
 *
 * It is known by the public key of a key pair it makes when it starts (identity.ts), which its
 * heartbeat carries and which signs its answers beside the shared key: the coordinator registers
 * it by that key, never by what an answer says.
 */
import { hostname } from 'node:os';
import type { Worker as BullWorker, Job } from 'bullmq';
import { isBadInput } from '../../errors.js';
import type { JobAnswer, ProofJob } from '../../search/jobs.js';
import { milliseconds } from '../clock.js';
import { type Io, safeText } from '../io.js';
import type { SigningKey } from '../keys.js';
import { workerPool } from '../proofs/optimal-pool.js';
import { onStop } from '../signals.js';
import { newWorkerIdentity } from './identity.js';
import {
  PROOFS_KEY,
  QUEUE_NAME,
  type RedisAddress,
  WORKER_BEAT_MS,
  WORKER_PREFIX,
  WORKER_TTL_MS,
  type WorkerBeat,
  aliveWorkers,
  connectRedis,
  jobSigned,
  signAnswer,
} from './queue.js';
import { answerToQueue, jobEnvelopeSchema, jobFromQueue, problemOf } from './records.js';

/** How often the worker looks for proofs started or ended. */
const PROOFS_POLL_MS = 1000;
/** The least time between two progress reports of one job. */
const PROGRESS_EVERY_MS = 1000;
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

/** A worker as `codebreaker worker`'s flags set it up. */
export interface WorkerSetup {
  readonly address: RedisAddress;
  /** The key jobs and answers are signed with, shared with the coordinators. */
  readonly key: SigningKey;
  readonly threads: number;
  /** The cache each thread's search may take, in bytes. */
  readonly cacheBytes: number;
  /** How long a job may go unheard from a dead worker before another takes it. */
  readonly stallMs: number;
}

/** Runs a worker until Ctrl-C or SIGTERM; then exits the process (BullMQ keeps it alive). */
export async function runWorker(setup: WorkerSetup, io: Io): Promise<never> {
  const { address, key, threads, cacheBytes, stallMs } = setup;
  const redis = await connectRedis(address);
  const { Worker, DelayedError } = await import('bullmq');
  const pool = workerPool(threads, cacheBytes);
  const me = newWorkerIdentity();
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

  /** Since when Redis has not answered the heartbeat, if it has not (said once, then when back). */
  let lostSince: number | undefined;
  const beat = async (): Promise<void> => {
    const beat: WorkerBeat = {
      host: hostname(),
      pid: process.pid,
      threads,
      solving: [...solving],
      key: me.key,
    };
    try {
      await redis.set(`${WORKER_PREFIX}${id}`, JSON.stringify(beat), 'PX', WORKER_TTL_MS);
    } catch (error) {
      if (lostSince === undefined) {
        lostSince = milliseconds();
        const why = safeText(String((error as Error).message).slice(0, 120));
        io.err(`lost Redis at ${address.url} (${why}); trying again until it is back\n`);
      }
      return;
    }
    if (lostSince !== undefined) {
      io.err(`Redis at ${address.url} is back\n`);
      lostSince = undefined;
    }
  };

  /** Whether a worker other than this one and those in `avoid` has a heartbeat in Redis. */
  const othersAlive = async (avoid: readonly string[]): Promise<boolean> =>
    (await aliveWorkers(redis)).some((other) => other.key !== me.key && !avoid.includes(other.key));

  /** Refuses `job`: one line here, and BullMQ fails it with why, naming this worker. */
  const refuse = (job: Job, why: string): never => {
    io.err(`refused job ${safeText(String(job.id).slice(0, 80))}: ${safeText(why)}\n`);
    throw new Error(`${why} (worker ${me.key})`);
  };

  const solve = async (job: Job, token?: string): Promise<unknown> => {
    const envelope = jobEnvelopeSchema.safeParse(job.data);
    if (!envelope.success) return refuse(job, `not a job (${problemOf(envelope.error)})`);
    const { signature, avoid = [] } = envelope.data;
    // A job the coordinator would rather another worker solved (it failed here, or it is the
    // second copy of one solved here) is handed on for a while if a worker it may go to is
    // alive; alone, this worker takes it (at once, or in the end), and the coordinator says
    // what it found.
    const base = String(job.id);
    const times = handedOn.get(base) ?? 0;
    if (avoid.includes(me.key) && times < HAND_ON_TIMES && (await othersAlive(avoid))) {
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
      const queued = answerToQueue(answer);
      return {
        answer: queued,
        signature: signAnswer(key, signature, queued),
        worker: me.key,
        workerSignature: me.sign({ job: signature, answer: queued }),
      };
    } catch (error) {
      const why = (error as Error).message;
      io.err(`failed  ${task.key}: ${safeText(why)}\n`);
      throw new Error(`${why} (worker ${me.key})`);
    } finally {
      solving.delete(task.key);
      release();
    }
  };

  const workers = new Map<string, BullWorker>();
  const follow = async (): Promise<void> => {
    const proofs = new Set(await redis.smembers(PROOFS_KEY));
    for (const name of proofs) {
      if (workers.has(name) || !QUEUE_NAME.test(name)) continue;
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
    setInterval(() => void beat(), WORKER_BEAT_MS),
    setInterval(() => void follow().catch(() => {}), PROOFS_POLL_MS),
  ];
  // Ctrl-C or SIGTERM (heard from the program's first moment: signals.ts) stops it; a second
  // signal, or closing that takes too long (a connection that hangs), ends it.
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
    await Promise.all([...workers.values()].map((worker) => worker.close(true).catch(() => {})));
    await redis.del(`${WORKER_PREFIX}${id}`).catch(() => 0);
    redis.disconnect();
    await pool.close();
  })();
  await Promise.race([closing, deadline]);
  // Whatever is still open (BullMQ's blocked connections) must not keep the process alive.
  process.exit(process.exitCode ?? 0);
}
