/**
 * What the coordinator of a proof on a queue (queue-runner.ts) believes of what it reads back:
 * the workers it has registered by their own public keys (identity.ts), a worker's answer once
 * both the shared key and that worker's key have signed it, a finished-job record once the shared
 * key has, and what two workers' answers to one job agree on under `--replicas 2`.
 */
import type { Redis } from 'ioredis';
import { JOB_KEY, type JobRecord, recordOf } from '../../search/checkpoint.js';
import type { JobAnswer, ProofJob } from '../../search/jobs.js';
import { safeText } from '../io.js';
import type { SigningKey } from '../keys.js';
import { signedByKey } from './identity.js';
import { aliveWorkers, answerSigned, recordSigned } from './queue.js';
import { type AnswerEnvelope, answerFromQueue, doneSchema, problemOf } from './records.js';

/** A worker the coordinator registered: its number here, where it says it runs, its key. */
export interface Registered {
  readonly number: number;
  readonly host: string;
  readonly pid: number;
  /** Its public key (identity.ts). */
  readonly key: string;
}

/** A verified answer and the registered worker whose key signed it. */
export interface Heard {
  readonly answer: JobAnswer;
  readonly worker: Registered;
}

/**
 * The workers alive, as their heartbeats in Redis show them, each registered by its public key
 * the first time it is seen, under a number of this coordinator's own.
 */
export class Workers {
  readonly #registry = new Map<string, Registered>();
  /** Heartbeat keys already said to be no heartbeat. */
  readonly #dropped = new Set<string>();
  /** The workers alive and the jobs to hand out at once, as last counted. */
  counted = { workers: 0, threads: 0 };
  /** The public keys of the workers alive, as last counted. */
  alive: readonly string[] = [];

  /** For `redis`'s heartbeats; `replicas` copies of each job; `tell` hears what is dropped. */
  constructor(
    private readonly redis: Redis,
    private readonly replicas: number,
    private readonly tell: (line: string) => void,
  ) {}

  /** The worker registered under the public key `key`, if any. */
  registered(key: string): Registered | undefined {
    return this.#registry.get(key);
  }

  /** Counts the workers alive again, registering those seen for the first time. */
  async count(): Promise<void> {
    const beats = await aliveWorkers(this.redis, (worker, why) => {
      if (this.#dropped.has(worker)) return;
      this.#dropped.add(worker);
      this.tell(`ignored the heartbeat ${safeText(worker.slice(0, 60))} in Redis: ${why}`);
    });
    for (const { key, host, pid } of beats) {
      if (!this.#registry.has(key)) {
        this.#registry.set(key, { number: this.#registry.size + 1, host, pid, key });
      }
    }
    const threads = beats.reduce((sum, beat) => sum + beat.threads, 0);
    this.counted = { workers: beats.length, threads: Math.ceil(threads / this.replicas) };
    this.alive = beats.map((beat) => beat.key);
  }
}

/** "worker 2 (host:pid)". */
export function named(worker: Registered): string {
  return `worker ${worker.number} (${safeText(worker.host.slice(0, 60))}:${worker.pid})`;
}

/**
 * The answer two workers' answers to `job` agree on, or undefined: what the proof relies on, not
 * their bytes. Two honest searches may start their strategies with different guesses of equal
 * cost, and one warm from an earlier proof may find a higher lower bound: so both found a
 * strategy below the limit of the same cost (with `firstFound`, any cost), and then the first is
 * taken; or both found none below it, and then the lower of their bounds.
 */
export function agreement(job: ProofJob, a: JobAnswer, b: JobAnswer): JobAnswer | undefined {
  const limit = job.limit ?? Number.POSITIVE_INFINITY;
  const solved = a.cost < limit;
  if (solved !== b.cost < limit) return undefined;
  if (!solved) return a.cost <= b.cost ? a : b;
  return job.settings.firstFound || a.cost === b.cost ? a : undefined;
}

/** A finished-job record from Redis, checked; or why it is refused. */
export function readDone(
  key: SigningKey,
  queue: string,
  job: string,
  value: string,
): JobRecord | string {
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

/**
 * A worker's answer to `job` (signed `jobSignature`), checked: signed with the shared key, and
 * by the key of `worker`, the registered worker it names (undefined: none is), whose answer it
 * then is; or why it is refused.
 */
export function checkAnswer(
  key: SigningKey,
  jobSignature: string,
  job: ProofJob,
  envelope: AnswerEnvelope,
  worker: Registered | undefined,
): Heard | string {
  const { answer, signature, worker: workerKey, workerSignature } = envelope;
  const from = worker ? named(worker) : `an unregistered worker, ${workerKey.slice(0, 12)}…`;
  if (!answerSigned(key, jobSignature, answer, signature)) {
    return `its signature does not match the key (from ${from})`;
  }
  if (!worker) return `it is from a worker this coordinator has not registered (${from})`;
  if (!signedByKey(workerKey, { job: jobSignature, answer }, workerSignature)) {
    return `the key of the worker it names did not sign it (${from})`;
  }
  try {
    return { answer: answerFromQueue(answer, job), worker };
  } catch (error) {
    return `${(error as Error).message} (from ${from})`;
  }
}
