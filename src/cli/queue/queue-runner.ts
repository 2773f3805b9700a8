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
import { CodebreakerError, isBadInput } from '../../errors.js';
import {
  Checkpoint,
  JOB_KEY,
  type JobRecord,
  type ProofIdentity,
  recordJson,
  recordOf,
} from '../../search/checkpoint.js';
import type { JobAnswer, JobRunner, ProofJob } from '../../search/jobs.js';
import { safeText } from '../io.js';
import type { SigningKey } from '../keys.js';
import {
  PROOFS_KEY,
  type RedisAddress,
  aliveWorkers,
  answerSigned,
  connectRedis,
  doneKey,
  queuedJobId,
  recordSigned,
  signJob,
  signRecord,
} from './queue.js';
import { answerEnvelopeSchema, answerFromQueue, doneSchema, problemOf } from './records.js';

/** How often the coordinator counts the workers alive. */
const WORKERS_POLL_MS = 1000;
/** How often one job may fail on workers before the proof stops. */
const MAX_JOB_FAILURES = 3;
/** How often replicas may disagree, or come from one worker, before the proof stops. */
const MAX_REPLICA_ROUNDS = 3;

/** How the coordinator runs a proof's jobs on the queue. */
interface QueueOptions {
  /** The key jobs, answers and records are signed with. */
  readonly key: SigningKey;
  /** Hears one line for each record dropped, job failed or answer refused. */
  readonly tell: (line: string) => void;
  /** How many different workers solve each job (1, or 2 to compare their answers). */
  readonly replicas: number;
}

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

/** A verified answer and the worker it says it came from. */
interface Heard {
  readonly answer: JobAnswer;
  readonly worker: string;
}

/** Why a job gave no answer to take: it failed on a worker (named, if it said), or was refused here. */
interface Refusal {
  readonly failed: boolean;
  readonly why: string;
  readonly worker?: string;
}

/** Opens the queue `name` on Redis at `address` for the proof `identity`. */
export async function openQueueProof(
  address: RedisAddress,
  name: string,
  identity: ProofIdentity,
  { key, tell, replicas }: QueueOptions,
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
  for (const [job, value] of Object.entries(await redis.hgetall(doneKey(name)))) {
    const record = readDone(key, name, job, value);
    if (typeof record === 'string') {
      tell(
        `dropped the finished-job record ${safeText(job.slice(0, 80))} in Redis: ${record}; the job runs again`,
      );
      continue;
    }
    checkpoint.put(job, record);
    written.set(job, record);
  }
  const found = checkpoint.size;
  await redis.sadd(PROOFS_KEY, name);
  await redis.hset(`${name}:coordinator`, { host: hostname(), pid: process.pid });

  // Progress of running jobs, by BullMQ job id.
  const listeners = new Map<string, (nodes: number) => void>();
  queueEvents.on('progress', ({ jobId, data }) => {
    if (typeof data === 'number' && Number.isFinite(data)) listeners.get(jobId)?.(data);
  });

  let counted = { workers: 0, threads: 0 };
  /** The ids of the workers alive, as last counted. */
  let alive: readonly string[] = [];
  let wake: () => void = () => {};
  const dropped = new Set<string>();
  const count = async (): Promise<void> => {
    const beats = await aliveWorkers(redis, (worker, why) => {
      if (dropped.has(worker)) return;
      dropped.add(worker);
      tell(`ignored the heartbeat ${safeText(worker.slice(0, 80))} in Redis: ${why}`);
    });
    const threads = beats.reduce((sum, beat) => sum + beat.threads, 0);
    counted = { workers: beats.length, threads: Math.ceil(threads / replicas) };
    alive = beats.map((beat) => beat.id);
    wake();
  };
  await count();
  const poll = setInterval(() => void count().catch(() => {}), WORKERS_POLL_MS);
  poll.unref();

  /** Set once the proof is over: what its jobs still hear is for nobody. */
  let closed = false;
  /** What a job still running hears once the queue is closed: nothing, ever. */
  const never = new Promise<never>(() => {});

  /**
   * Solves `job` once on the queue under the BullMQ id `id`: its answer, checked, or why there
   * is none to take. A job already on the queue under this id (put there by a coordinator
   * that stopped) is that job: its answer, if it has one, is heard at once, and checked as any.
   */
  const solveOnce = async (
    job: ProofJob,
    id: string,
    avoid: readonly string[],
    report: (nodes: number) => boolean,
  ): Promise<Heard | Refusal> => {
    const envelope = { ...signJob(key, name, id, job), avoid: [...avoid] };
    listeners.set(id, (nodes) => report(nodes));
    let value: unknown;
    try {
      const queued: Job = await queue.add('solve', envelope, {
        jobId: id,
        removeOnComplete: false,
        removeOnFail: false,
      });
      value = await queued.waitUntilFinished(queueEvents);
    } catch (error) {
      if (closed) return never;
      await queue.remove(id).catch(() => 0);
      if (isBadInput(error)) throw error;
      // Its start says why, its end which worker (as worker.ts writes it): a long one keeps both.
      const why = String((error as Error).message);
      const short = why.length > 500 ? `${why.slice(0, 300)}…${why.slice(-150)}` : why;
      const worker = /\(worker ([^()\s]{1,300})\)$/.exec(why)?.[1];
      return { failed: true, why: `failed on a worker: ${safeText(short)}`, worker };
    } finally {
      listeners.delete(id);
    }
    const heard = checkAnswer(key, envelope.signature, job, value);
    if (typeof heard !== 'string') return heard;
    // A refused answer goes, so that the job can be put on the queue again.
    await queue.remove(id).catch(() => 0);
    return { failed: false, why: heard };
  };

  /**
   * Solves `job` until a worker's answer is accepted, or it has failed too often; a job that
   * failed on a worker goes to another one if another takes it, and so does one first sent to
   * any but `others`.
   */
  const solve = async (
    job: ProofJob,
    id: string,
    report: (nodes: number) => boolean,
    others: readonly string[] = [],
  ): Promise<Heard> => {
    let failures = 0;
    const avoid = [...others];
    for (;;) {
      const outcome = await solveOnce(job, id, avoid, report);
      if ('answer' in outcome) return outcome;
      const { failed, why, worker } = outcome;
      // A worker that failed the job before took it again because the others were busy: while
      // one of them is alive the job waits for it, and only a new worker's failure counts.
      const again = worker !== undefined && avoid.includes(worker);
      const waits = again && alive.some((other) => !avoid.includes(other));
      if (worker && !again) avoid.push(worker);
      if (failed && !waits) failures++;
      if (failures >= MAX_JOB_FAILURES) {
        throw new CodebreakerError(
          'bad-option',
          `job ${job.key} ${why} (${failures} times): the proof stops; its finished jobs are kept in Redis, and the same command goes on from them`,
        );
      }
      if (!waits)
        tell(`job ${job.key}: ${failed ? why : `dropped an answer: ${why}`}; it runs again`);
    }
  };

  const runner: JobRunner = {
    external: true,
    get concurrency() {
      return counted.threads;
    },
    watch(callback) {
      wake = callback;
    },
    async run(job: ProofJob, report: (nodes: number) => boolean): Promise<JobAnswer> {
      const id = queuedJobId(job);
      if (replicas === 1) return (await solve(job, id, report)).answer;
      for (let round = 1; ; round++) {
        // The second copy after the first, left to the other workers for a while.
        const a = await solve(job, id, report);
        const b = await solve(job, `${id}~r2`, () => false, [a.worker]);
        const agree = a.answer.cost === b.answer.cost && a.answer.first === b.answer.first;
        if (agree && a.worker !== b.worker) return a.answer;
        const why = agree
          ? `both replicas were solved by one worker (${safeText(a.worker)})`
          : `two workers disagree (${safeText(a.worker)} and ${safeText(b.worker)})`;
        await queue.remove(`${id}~r2`).catch(() => 0);
        if (!agree) await queue.remove(id).catch(() => 0);
        if (round >= MAX_REPLICA_ROUNDS) {
          throw new CodebreakerError(
            'bad-option',
            `job ${job.key}: ${why}, ${round} times: --replicas 2 needs two honest workers; the proof stops, its finished jobs kept in Redis`,
          );
        }
        tell(`job ${job.key}: ${why}; it runs again`);
      }
    },
    async close() {},
  };

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
      for (const [job, record] of checkpoint.entries()) {
        if (written.get(job) === record) continue;
        const json = recordJson(record);
        const signature = signRecord(key, name, job, json);
        fields[job] = JSON.stringify({ record: json, signature });
        written.set(job, record);
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

/** A finished-job record from Redis, checked; or why it is refused. */
function readDone(key: SigningKey, queue: string, job: string, value: string): JobRecord | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'not JSON';
  }
  const done = doneSchema.safeParse(parsed);
  if (!done.success) return `not a record (${problemOf(done.error)})`;
  if (!JOB_KEY.test(job)) return 'not a job key';
  if (!recordSigned(key, queue, job, done.data.record, done.data.signature)) {
    return 'its signature does not match the key';
  }
  return recordOf(done.data.record);
}

/** A worker's answer to `job` (signed `jobSignature`), checked; or why it is refused. */
function checkAnswer(
  key: SigningKey,
  jobSignature: string,
  job: ProofJob,
  value: unknown,
): Heard | string {
  const envelope = answerEnvelopeSchema.safeParse(value);
  if (!envelope.success) return `not an answer (${problemOf(envelope.error)})`;
  const { answer, signature } = envelope.data;
  const worker = answer.worker;
  if (!answerSigned(key, jobSignature, answer, signature)) {
    return `its signature does not match the key (it says it is from ${safeText(worker)})`;
  }
  try {
    return { answer: answerFromQueue(answer, job), worker };
  } catch (error) {
    return `${(error as Error).message} (from ${safeText(worker)})`;
  }
}
