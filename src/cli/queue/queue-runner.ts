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
 *
 * The coordinator registers each worker by the public key its heartbeat shows (identity.ts) and
 * takes an answer as that worker's only if that key signed it; `--replicas 2` compares the
 * answers of two registered workers on what the proof relies on (queue-answers.ts).
 *
 * It never waits on Redis blindly. Once a second it looks: whether its own record is still
 * there (else Redis lost the proof, restarted empty or flushed, and it writes back the finished
 * jobs and puts the running ones on the queue again), the workers alive, and every few looks
 * the state of each job it waits for (an event lost while Redis was away). Redis that stops
 * answering is waited for, said once, for `--redis-wait`; then, or at once when Redis refuses a
 * command (out of memory), the proof stops with one line.
 */
import { hostname } from 'node:os';
import { CodebreakerError, CommandError } from '../../errors.js';
import {
  Checkpoint,
  type JobRecord,
  type ProofIdentity,
  recordJson,
} from '../../search/checkpoint.js';
import type { JobAnswer, JobRunner, ProofJob } from '../../search/jobs.js';
import { milliseconds } from '../clock.js';
import { safeText } from '../io.js';
import type { SigningKey } from '../keys.js';
import { type Heard, Workers, agreement, checkAnswer, named, readDone } from './queue-answers.js';
import { AwaitedJobs, JobFailed } from './queue-jobs.js';
import {
  PROOFS_KEY,
  type RedisAddress,
  connectRedis,
  coordinatorKey,
  doneKey,
  queuedJobId,
  refusedByRedis,
  signJob,
  signRecord,
  within,
} from './queue.js';
import { answerEnvelopeSchema, problemOf } from './records.js';

/** How often the coordinator looks at Redis: its own records there, the workers alive. */
const LOOK_MS = 1000;
/** Every so many looks, also at the state of every job it waits for (in case an event was lost). */
const JOB_LOOKS = 3;
/** A look that Redis has not answered in this long counts as Redis gone. */
const ANSWER_MS = 5000;
/** How long closing the queue waits for Redis before it lets go. */
const CLOSE_MS = 2000;
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
  /** How long Redis may go unanswering before the proof stops (`--redis-wait`). */
  readonly redisWaitMs: number;
}

/** A proof's jobs on a queue, with its checkpoint in Redis. */
export interface QueueProof {
  readonly runner: JobRunner;
  /** The finished jobs, read from Redis, and written back as more finish (`save`). */
  readonly checkpoint: Checkpoint;
  /** Jobs it found in Redis when it started. */
  readonly found: number;
  /** Writes the jobs finished since the last call to Redis (what fails is written next time). */
  save(): Promise<void>;
  /** The workers alive and their threads, as last counted. */
  readonly workers: () => { readonly workers: number; readonly threads: number };
  /** Once the proof is over: takes it off the queue (its answers stay in `NAME:done`). */
  finish(proved: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * Why a job gave no answer to take: it failed on a worker (its public key, if it said), or was
 * refused here.
 */
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
  options: QueueOptions,
): Promise<QueueProof> {
  try {
    return await openProof(address, name, identity, options);
  } catch (error) {
    throw refusedByRedis(error, address.url) ?? error;
  }
}

async function openProof(
  address: RedisAddress,
  name: string,
  identity: ProofIdentity,
  { key, tell, replicas, redisWaitMs }: QueueOptions,
): Promise<QueueProof> {
  // BullMQ is large: loaded only by the proofs that use it.
  const { Queue, QueueEvents } = await import('bullmq');
  const url = address.url;
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
        `dropped the finished-job record ${safeText(job.slice(0, 60))} in Redis: ${record}; the job runs again`,
      );
      continue;
    }
    checkpoint.put(job, record);
    written.set(job, record);
  }
  const found = checkpoint.size;
  const me = { host: hostname(), pid: process.pid };
  await redis.sadd(PROOFS_KEY, name);
  await redis.hset(coordinatorKey(name), me);

  /** Set once the proof is over: what its jobs still hear is for nobody. */
  let closed = false;
  /** What a job still running hears once the queue is closed: nothing, ever. */
  const never = new Promise<never>(() => {});
  let wake: () => void = () => {};
  const jobs = new AwaitedJobs(queue, url, () => wake());
  queueEvents.on('completed', ({ jobId }) => void jobs.look(jobId).catch(() => {}));
  queueEvents.on('failed', ({ jobId }) => void jobs.look(jobId).catch(() => {}));
  // Progress of running jobs, by BullMQ job id.
  const listeners = new Map<string, (nodes: number) => void>();
  queueEvents.on('progress', ({ jobId, data }) => {
    if (typeof data === 'number' && Number.isFinite(data)) listeners.get(jobId)?.(data);
  });

  const workers = new Workers(redis, replicas, tell);

  const save = async (): Promise<void> => {
    const fields: Record<string, string> = {};
    const saving = new Map<string, JobRecord>();
    for (const [job, record] of checkpoint.entries()) {
      if (written.get(job) === record) continue;
      const json = recordJson(record);
      const signature = signRecord(key, name, job, json);
      fields[job] = JSON.stringify({ record: json, signature });
      saving.set(job, record);
    }
    if (saving.size === 0) return;
    try {
      // A write of many records (all of them, after Redis lost them) is given longer.
      await within(ANSWER_MS + saving.size, redis.hset(doneKey(name), fields));
      for (const [job, record] of saving) written.set(job, record);
    } catch (error) {
      // Written next time; a Redis that refuses stops the proof.
      const refused = refusedByRedis(error, url);
      if (refused) jobs.stop(refused);
    }
  };

  /** Redis came back without this proof's records: they are written again, its jobs put back. */
  const restore = async (): Promise<void> => {
    tell(
      `Redis at ${url} lost this proof's records (restarted empty, or flushed): writing back its ${checkpoint.size} finished jobs and putting its ${jobs.size} running jobs on the queue again`,
    );
    written.clear();
    await save();
    await redis.sadd(PROOFS_KEY, name);
    await jobs.putBack();
    // Last: a look that finds it knows that all the rest is there.
    await redis.hset(coordinatorKey(name), me);
  };

  /** Since when Redis has not answered, if it has not. */
  let lostSince: number | undefined;
  let looks = 0;
  const lookAtRedis = async (): Promise<void> => {
    const present = await within(ANSWER_MS, redis.exists(coordinatorKey(name)));
    if (lostSince !== undefined) {
      const seconds = Math.round((milliseconds() - lostSince) / 1000);
      tell(`Redis at ${url} answers again after ${seconds} s; the proof goes on`);
      lostSince = undefined;
    }
    if (present === 0) await within(ANSWER_MS + checkpoint.size + jobs.size, restore());
    await within(ANSWER_MS, workers.count());
    if (++looks % JOB_LOOKS === 0) {
      await within(ANSWER_MS, jobs.lookAll());
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const loop = async (): Promise<void> => {
    try {
      await lookAtRedis();
    } catch (error) {
      const refused = refusedByRedis(error, url);
      if (refused) jobs.stop(refused);
      else if (lostSince === undefined) {
        lostSince = milliseconds();
        const why = safeText(
          String((error as Error).message)
            .split('\n')[0]
            .slice(0, 120),
        );
        tell(
          `lost Redis at ${url} (${why}); trying again for up to ${redisWaitMs / 1000} s (--redis-wait)`,
        );
      } else if (milliseconds() - lostSince > redisWaitMs) {
        jobs.stop(
          new CommandError(
            'unreachable',
            `Redis at ${url} has not answered for ${Math.round(redisWaitMs / 1000)} s (--redis-wait): the proof stops; run the same command again once Redis is back`,
          ),
        );
      }
    } finally {
      // A proof waiting for workers hears, at every look, whether it is asked to stop.
      wake();
    }
    if (!closed && !jobs.fatal) timer = setTimeout(() => void loop(), LOOK_MS);
  };
  await workers.count();
  timer = setTimeout(() => void loop(), LOOK_MS);

  /**
   * Solves `job` once on the queue under the BullMQ id `id`: its answer, checked, or why there
   * is none to take.
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
      value = await jobs.ended(id, envelope);
    } catch (error) {
      if (closed) return never;
      if (!(error instanceof JobFailed)) throw error;
      await within(ANSWER_MS, queue.remove(id)).catch(() => 0);
      // Its start says why, its end which worker (as queue-worker.ts writes it): a long one
      // keeps both.
      const why = error.message;
      const short = why.length > 500 ? `${why.slice(0, 300)}…${why.slice(-150)}` : why;
      const worker = /\(worker ([0-9a-f]{64})\)$/.exec(why)?.[1];
      const by = worker && workers.registered(worker);
      const shown = by ? short.replace(worker, `${by.number}`) : short;
      return { failed: true, why: `failed on a worker: ${safeText(shown)}`, worker };
    } finally {
      listeners.delete(id);
    }
    const parsed = answerEnvelopeSchema.safeParse(value);
    let heard: Heard | string;
    if (!parsed.success) heard = `not an answer (${problemOf(parsed.error)})`;
    else {
      // A worker that started since the last count is registered now.
      if (!workers.registered(parsed.data.worker)) {
        await within(ANSWER_MS, workers.count()).catch(() => {});
      }
      const worker = workers.registered(parsed.data.worker);
      heard = checkAnswer(key, envelope.signature, job, parsed.data, worker);
    }
    if (typeof heard !== 'string') return heard;
    // A refused answer goes, so that the job can be put on the queue again.
    await within(ANSWER_MS, queue.remove(id)).catch(() => 0);
    return { failed: false, why: heard };
  };

  /**
   * Solves `job` until a worker's answer is accepted, or it has failed too often; a job that
   * failed on a worker goes to another one if another takes it, and so does one first sent to
   * any but `others` (public keys).
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
      const waits = again && workers.alive.some((other) => !avoid.includes(other));
      if (worker && !again && avoid.length < 16) avoid.push(worker);
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
      // Once the proof must stop, a job is let start, to hear why at once.
      const { threads } = workers.counted;
      return jobs.fatal ? Math.max(1, threads) : threads;
    },
    watch(callback) {
      wake = callback;
    },
    async run(job: ProofJob, report: (nodes: number) => boolean): Promise<JobAnswer> {
      if (jobs.fatal) throw jobs.fatal;
      const id = queuedJobId(job);
      if (replicas === 1) return (await solve(job, id, report)).answer;
      for (let round = 1; ; round++) {
        // The second copy after the first, left to the other workers for a while.
        const a = await solve(job, id, report);
        const b = await solve(job, `${id}~r2`, () => false, [a.worker.key]);
        const same = a.worker.key === b.worker.key;
        const agreed = same ? undefined : agreement(job, a.answer, b.answer);
        if (agreed) return agreed;
        const why = same
          ? `both replicas were solved by one worker, ${named(a.worker)}`
          : `two workers disagree, ${named(a.worker)} and ${named(b.worker)}`;
        await within(ANSWER_MS, queue.remove(`${id}~r2`)).catch(() => 0);
        if (!same) await within(ANSWER_MS, queue.remove(id)).catch(() => 0);
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
    clearTimeout(timer);
    // A Redis gone leaves these waiting: they are given a moment, then let go.
    await within(CLOSE_MS, queueEvents.close()).catch(() => {});
    await within(CLOSE_MS, queue.close()).catch(() => {});
    for (const client of [redis, events, connection]) client.disconnect();
  };

  return {
    runner,
    checkpoint,
    found,
    workers: () => workers.counted,
    save,
    async finish(proved) {
      try {
        await within(CLOSE_MS, redis.srem(PROOFS_KEY, name));
        await within(CLOSE_MS, redis.del(coordinatorKey(name)));
        // The jobs' answers are all in NAME:done; the queue's copies can go.
        if (proved) await within(CLOSE_MS, queue.obliterate({ force: true }));
      } catch {
        // What is left behind is harmless: the next proof of this question reads it, checked.
      }
    },
    close,
  };
}
