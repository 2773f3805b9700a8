/**
 * Proofs over many machines: what the coordinator (`optimal --queue`) and the workers
 * (`codebreaker worker`) share. The proof's jobs (search/jobs.ts) go on a BullMQ queue in Redis,
 * one queue per proof (its rules, objective, depth cap and guess rule), so that two proofs on one
 * Redis never mix. Beside the queue, under the same name:
 *
 * - `NAME:done`, a hash of the jobs the coordinator has merged (the checkpoint of
 *   search/checkpoint.ts, one field per job), so that a coordinator started again goes on;
 * - `codebreaker:proofs`, the set of queues with a coordinator at work, which workers serve;
 * - `codebreaker:worker:ID`, one key per worker process, its threads and what it is solving,
 *   kept alive while the worker runs (it expires a few seconds after a worker dies).
 */
import type { Redis, RedisOptions } from 'ioredis';
import { crc32 } from '../checksum.js';
import { CodebreakerError } from '../errors.js';
import type { ProofIdentity } from '../search/checkpoint.js';
import type { JobAnswer, ProofJob } from '../search/jobs.js';

/** The set of queues with a coordinator at work. */
export const PROOFS_KEY = 'codebreaker:proofs';
/** Worker keys start with this. */
export const WORKER_PREFIX = 'codebreaker:worker:';
/** How long a worker's key lives without being renewed, in milliseconds. */
export const WORKER_TTL_MS = 6000;
/** How often a worker renews its key. */
export const WORKER_BEAT_MS = 2000;

/** Where the Redis server is, read from `redis://HOST:PORT/DB`. */
export interface RedisAddress {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly db: number;
}

/** Reads `--queue`: `redis://HOST[:PORT][/DB]`; bad input names the flag. */
export function readQueueUrl(value: string): RedisAddress {
  const match = /^redis:\/\/([^:/\s]+)(?::(\d{1,5}))?(?:\/(\d{1,2}))?\/?$/.exec(value.trim());
  const port = Number(match?.[2] ?? 6379);
  if (!match || port < 1 || port > 65535) {
    throw new CodebreakerError(
      'bad-option',
      `--queue must be a Redis address such as redis://127.0.0.1:6379/0, not '${value}'`,
    );
  }
  return { url: value.trim(), host: match[1], port, db: Number(match[3] ?? 0) };
}

/** How long to try to reach Redis before saying it cannot be reached. */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * A connection to Redis, made sure of before it is used: an unreachable server is one
 * `CodebreakerError('unreachable')`, not a hang. `blocking`: for BullMQ's workers and events,
 * which wait on Redis (they must not give up on a command).
 */
export async function connectRedis(address: RedisAddress, blocking = false): Promise<Redis> {
  const { Redis: IORedis } = await import('ioredis');
  const options: RedisOptions = {
    host: address.host,
    port: address.port,
    db: address.db,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: blocking ? null : 3,
    // The first connection is tried once: a server that is not there is said at once.
    retryStrategy: () => null,
  };
  const redis = new IORedis(options);
  let cause: Error | undefined;
  redis.on('error', (error: Error) => {
    cause ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const why = (cause ?? (error as Error)).message || 'no answer';
    throw new CodebreakerError(
      'unreachable',
      `cannot reach Redis at ${address.url} (${why}): start redis-server there or give another --queue`,
    );
  }
  // Once connected, a dropped connection is tried again for a while, then given up.
  redis.options.retryStrategy = (times) => (times > 30 ? null : Math.min(times * 200, 2000));
  return redis;
}

/** The queue of the proof `identity`: one per question, so that two proofs never mix. */
export function queueName(identity: ProofIdentity, symmetry: boolean): string {
  const question = JSON.stringify({ ...identity, symmetry });
  return `codebreaker-${crc32(new TextEncoder().encode(question))}`;
}

/** The hash of the jobs a coordinator has merged. */
export function doneKey(queue: string): string {
  return `${queue}:done`;
}

/** A job as it travels through Redis: the class as a plain array. */
export type QueuedJob = Omit<ProofJob, 'candidates'> & { readonly candidates: number[] };

/** A job for the queue. */
export function encodeJob(job: ProofJob): QueuedJob {
  return { ...job, candidates: Array.from(job.candidates) };
}

/** A job off the queue. */
export function decodeJob(queued: QueuedJob): ProofJob {
  return { ...queued, candidates: Int32Array.from(queued.candidates) };
}

/**
 * The id of a job on the queue, its key and its limit (BullMQ ids may not hold ':'): the same
 * job with the same limit is the same BullMQ job.
 */
export function queuedJobId(job: ProofJob): string {
  return `${job.key.replaceAll(':', '~')}@${job.limit ?? 'none'}`;
}

/** What a worker says of itself in its key. */
export interface WorkerBeat {
  readonly host: string;
  readonly pid: number;
  readonly threads: number;
  /** The keys of the jobs it is solving. */
  readonly solving: readonly string[];
}

/** The workers alive, by their keys. */
export async function aliveWorkers(redis: Redis): Promise<WorkerBeat[]> {
  const beats: WorkerBeat[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${WORKER_PREFIX}*`, 'COUNT', 100);
    cursor = next;
    if (keys.length === 0) continue;
    for (const value of await redis.mget(...keys)) {
      if (value) beats.push(JSON.parse(value) as WorkerBeat);
    }
  } while (cursor !== '0');
  return beats;
}

/** An answer for Redis: JSON has no ∞ (a class with no strategy within its depth), so null. */
export function encodeAnswer(answer: JobAnswer): unknown {
  return { ...answer, cost: Number.isFinite(answer.cost) ? answer.cost : null };
}

/** An answer back from Redis, checked for its shape. */
export function decodeAnswer(value: unknown): JobAnswer {
  const answer = value as Omit<JobAnswer, 'cost'> & { cost: number | null };
  if (
    (typeof answer?.cost !== 'number' && answer?.cost !== null) ||
    typeof answer.nodes !== 'number'
  ) {
    throw new Error('a worker answered a job with something that is not an answer');
  }
  return { ...answer, cost: answer.cost ?? Number.POSITIVE_INFINITY };
}
