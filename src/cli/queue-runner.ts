/**
 * The coordinator's side of a proof over many machines (`optimal --queue`): a job runner
 * (search/jobs.ts) that puts each job on the proof's BullMQ queue and hears its answer from
 * whichever worker took it, and the proof's checkpoint kept in Redis. The proof itself, how it
 * splits into jobs and how their answers merge, is search/optimal.ts's, as in a local run: only
 * where the jobs run differs.
 *
 * As many jobs are handed out at once as the workers alive have threads, so a job's budget is
 * worked out when a thread is free for it, from the best strategy found so far, as it is in a
 * local run; a job waiting on the queue would carry an older, looser budget.
 */
import { hostname } from 'node:os';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  Checkpoint,
  type ProofIdentity,
  recordFromJson,
  recordJson,
} from '../search/checkpoint.js';
import type { JobRecord } from '../search/checkpoint.js';
import type { JobAnswer, JobRunner, ProofJob } from '../search/jobs.js';
import {
  PROOFS_KEY,
  type RedisAddress,
  aliveWorkers,
  connectRedis,
  decodeAnswer,
  doneKey,
  encodeJob,
  queuedJobId,
} from './queue.js';

/** How often the coordinator counts the workers alive. */
const WORKERS_POLL_MS = 1000;

/** A proof's jobs on a queue, with its checkpoint in Redis. */
export interface QueueProof {
  readonly runner: JobRunner;
  /** The finished jobs, read from Redis, and written back as more finish (`save`). */
  readonly checkpoint: Checkpoint;
  /** Jobs it found in Redis when it started. */
  readonly found: number;
  /** Writes the jobs finished since the last call to Redis. */
  save(): Promise<void>;
  /** The workers alive and their threads, as last counted. */
  readonly workers: () => { readonly workers: number; readonly threads: number };
  /** Once the proof is over: takes it off the queue (its answers stay in `NAME:done`). */
  finish(proved: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Opens the queue `name` on Redis at `address` for the proof `identity`. */
export async function openQueueProof(
  address: RedisAddress,
  name: string,
  identity: ProofIdentity,
): Promise<QueueProof> {
  // BullMQ is large: loaded only by the proofs that use it.
  const { Queue, QueueEvents } = await import('bullmq');
  const redis = await connectRedis(address);
  const events = await connectRedis(address, true);
  const connection = await connectRedis(address, true);
  const queue = new Queue(name, { connection });
  const queueEvents = new QueueEvents(name, { connection: events });
  queue.on('error', () => {});
  queueEvents.on('error', () => {});
  await queueEvents.waitUntilReady();

  const checkpoint = new Checkpoint(identity);
  const written = new Map<string, JobRecord>();
  for (const [key, value] of Object.entries(await redis.hgetall(doneKey(name)))) {
    const record = recordFromJson(key, JSON.parse(value));
    checkpoint.put(key, record);
    written.set(key, record);
  }
  const found = checkpoint.size;
  await redis.sadd(PROOFS_KEY, name);
  await redis.hset(`${name}:coordinator`, { host: hostname(), pid: process.pid });

  // Progress of running jobs, by BullMQ job id.
  const listeners = new Map<string, (nodes: number) => void>();
  queueEvents.on('progress', ({ jobId, data }) => {
    if (typeof data === 'number') listeners.get(jobId)?.(data);
  });

  let counted = { workers: 0, threads: 0 };
  let wake: () => void = () => {};
  const count = async (): Promise<void> => {
    const beats = await aliveWorkers(redis);
    const threads = beats.reduce((sum, beat) => sum + beat.threads, 0);
    counted = { workers: beats.length, threads };
    wake();
  };
  await count();
  const poll = setInterval(() => void count().catch(() => {}), WORKERS_POLL_MS);
  poll.unref();

  const runner: JobRunner = {
    get concurrency() {
      return counted.threads;
    },
    watch(callback) {
      wake = callback;
    },
    async run(job: ProofJob, report: (nodes: number) => boolean): Promise<JobAnswer> {
      const id = queuedJobId(job);
      listeners.set(id, (nodes) => report(nodes));
      try {
        // A job already on the queue under this id (put there by a coordinator that stopped)
        // is that job: BullMQ keeps the first, and its answer, if it has one, is heard at once.
        const queued: Job = await queue.add('solve', encodeJob(job), {
          jobId: id,
          removeOnComplete: false,
          removeOnFail: false,
        });
        return decodeAnswer(await queued.waitUntilFinished(queueEvents));
      } finally {
        listeners.delete(id);
      }
    },
    async close() {},
  };

  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    clearInterval(poll);
    await queueEvents.close().catch(() => {});
    await queue.close().catch(() => {});
    for (const client of [redis, events, connection]) client.disconnect();
  };

  return {
    runner,
    checkpoint,
    found,
    workers: () => counted,
    async save() {
      const fields: Record<string, string> = {};
      let any = false;
      for (const [key, record] of checkpoint.entries()) {
        if (written.get(key) === record) continue;
        fields[key] = JSON.stringify(recordJson(record));
        written.set(key, record);
        any = true;
      }
      if (any) await redis.hset(doneKey(name), fields);
    },
    async finish(proved) {
      await redis.srem(PROOFS_KEY, name);
      await redis.del(`${name}:coordinator`);
      // The jobs' answers are all in NAME:done; the queue's copies can go.
      if (proved) await queue.obliterate({ force: true });
    },
    close,
  };
}
