import { createHash } from 'node:crypto';
/**
 * Proofs over many machines: what the coordinator (`optimal --queue`) and the workers
 * (`codebreaker worker`) share. The proof's jobs (search/jobs.ts) go on a BullMQ queue in Redis,
 * one queue per question, named by the SHA-256 of the question (rules with their alphabet,
 * objective, depth cap, guess rule, symmetry), so that two proofs on one Redis never mix. Beside
 * the queue, under the same name:
 *
 * - `NAME:done`, a hash of the jobs the coordinator has merged (the checkpoint of
 *   search/checkpoint.ts, one field per job), so that a coordinator started again goes on;
 * - `NAME:coordinator`, the coordinator's host and process, whose absence tells it that Redis
 *   lost what it held (restarted empty, or flushed);
 * - `codebreaker:proofs`, the set of queues with a coordinator at work, which workers serve;
 * - `codebreaker:worker:ID`, one key per worker process, its threads, what it is solving and its
 *   public key (identity.ts), kept alive while the worker runs (it expires a few seconds after a
 *   worker dies).
 *
 * Whoever can write to Redis can put anything there, so nothing read back is believed as it
 * comes: every job, answer and finished-job record carries an HMAC-SHA256 signature
 * (cli/keys.ts) bound to its queue (so to its question) and job, made with the key the
 * coordinator and its workers share, and every record is parsed against its schema (records.ts).
 * Someone without the key can delay a proof, never change its result. An answer is also signed
 * with the worker's own key, which says which registered worker gave it (identity.ts). A
 * heartbeat only says how many threads a worker has and its public key: it is parsed, not
 * signed.
 */
import type { Redis, RedisOptions } from 'ioredis';
import { CodebreakerError, CommandError, quoteInput } from '../../errors.js';
import { type ProofIdentity, identityJson } from '../../search/checkpoint.js';
import type { ProofJob } from '../../search/jobs.js';
import { readSmallFile } from '../files.js';
import { safeText } from '../io.js';
import { type SigningKey, canonicalJson } from '../keys.js';
import type { RedisFlags } from './queue-options.js';
import { type QueuedJob, beatSchema, jobToQueue } from './records.js';

/** The set of queues with a coordinator at work. */
export const PROOFS_KEY = 'codebreaker:proofs';
/** Worker keys start with this. */
export const WORKER_PREFIX = 'codebreaker:worker:';
/** How long a worker's key lives without being renewed, in milliseconds. */
export const WORKER_TTL_MS = 6000;
/** How often a worker renews its key. */
export const WORKER_BEAT_MS = 2000;

/** The files of a TLS connection (`rediss://`): the CA to trust, and a client certificate. */
interface TlsFiles {
  readonly ca?: string;
  readonly cert?: string;
  readonly key?: string;
}

/** Where the Redis server is and how to log in, read from `--queue` and its companions. */
export interface RedisAddress {
  /** The address as it may be shown: the password, if any, left out. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  /** TLS (`rediss://`), with the files it was given. */
  readonly tls?: TlsFiles;
}

/** `value` with the password of a URL, if any, left out: it may be shown. */
function withoutPassword(value: string): string {
  return safeText(value.trim().replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@'));
}

/**
 * Reads `--queue`: `redis://[USER][:PASSWORD]@HOST[:PORT][/DB]`, or `rediss://` for TLS. The
 * password comes from the URL, else `--redis-password-file`, else `$CODEBREAKER_REDIS_PASSWORD`;
 * bad input names the flag, never the password.
 */
export function readQueueUrl(value: string, flags: RedisFlags = {}): RedisAddress {
  const shown = withoutPassword(value);
  const fail = (why: string): never => {
    throw new CodebreakerError(
      'bad-option',
      `--queue must be a Redis address such as redis://127.0.0.1:6379/0 or rediss://user:password@host:6380/0, not ${quoteInput(shown)}${why ? ` (${why})` : ''}`,
    );
  };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return fail('');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') fail('');
  if (url.search || url.hash) fail('it has a query or a fragment');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) fail('it names no host');
  const port = url.port === '' ? 6379 : Number(url.port);
  if (!(port >= 1 && port <= 65535)) fail('its port is out of range');
  const path = url.pathname.replace(/^\/|\/$/g, '');
  if (path !== '' && !/^\d{1,2}$/.test(path)) fail('its database must be a number from 0 to 99');
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return fail('its user or password is not well escaped');
    }
  };
  const username = url.username ? decode(url.username) : undefined;
  const password = url.password ? decode(url.password) : passwordFrom(flags);
  const tls = url.protocol === 'rediss:' ? tlsFrom(flags) : undefined;
  if (!tls && (flags.tlsCa || flags.tlsCert || flags.tlsKey)) {
    throw new CodebreakerError(
      'bad-option',
      '--tls-ca, --tls-cert and --tls-key need a rediss:// address',
    );
  }
  const auth = username || password ? `${username ?? ''}${password ? ':***' : ''}@` : '';
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${url.protocol}//${auth}${shownHost}:${port}/${Number(path || 0)}`,
    host,
    port,
    db: Number(path || 0),
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    ...(tls ? { tls } : {}),
  };
}

/** The password of `--redis-password-file` or `$CODEBREAKER_REDIS_PASSWORD`, if any. */
function passwordFrom(flags: RedisFlags): string | undefined {
  const file = flags.redisPasswordFile;
  if (file !== undefined) {
    const text = readSmallFile(file, '--redis-password-file')!.trim();
    if (!text) throw new CodebreakerError('bad-option', `--redis-password-file ${file} is empty`);
    return text;
  }
  return process.env.CODEBREAKER_REDIS_PASSWORD || undefined;
}

/** The TLS files of the flags, else of the environment. */
function tlsFrom(flags: RedisFlags): TlsFiles {
  const env = process.env;
  const ca = flags.tlsCa ?? env.CODEBREAKER_TLS_CA;
  const cert = flags.tlsCert ?? env.CODEBREAKER_TLS_CERT;
  const key = flags.tlsKey ?? env.CODEBREAKER_TLS_KEY;
  if ((cert === undefined) !== (key === undefined)) {
    throw new CodebreakerError(
      'bad-option',
      '--tls-cert and --tls-key go together: give both or neither',
    );
  }
  return {
    ...(ca ? { ca } : {}),
    ...(cert ? { cert } : {}),
    ...(key ? { key } : {}),
  };
}

/** How long to try to reach Redis before saying it cannot be reached. */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * A connection to Redis, made sure of before it is used: an unreachable server, a refused
 * password or a failed TLS handshake is one `CommandError('unreachable')`, not a hang.
 * `blocking`: for BullMQ's workers and events, which wait on Redis (they must not give up on a
 * command).
 */
export async function connectRedis(address: RedisAddress, blocking = false): Promise<Redis> {
  const { Redis: IORedis } = await import('ioredis');
  const tls = address.tls;
  const options: RedisOptions = {
    host: address.host,
    port: address.port,
    db: address.db,
    username: address.username,
    password: address.password,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: blocking ? null : 3,
    // The first connection is tried once: a server that is not there is said at once.
    retryStrategy: () => null,
    ...(tls
      ? {
          tls: {
            ...(tls.ca ? { ca: readSmallFile(tls.ca, '--tls-ca')! } : {}),
            ...(tls.cert ? { cert: readSmallFile(tls.cert, '--tls-cert')! } : {}),
            ...(tls.key ? { key: readSmallFile(tls.key, '--tls-key')! } : {}),
          },
        }
      : {}),
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
    const message = (cause ?? (error as Error)).message || 'no answer';
    const why = safeText(message.split('\n')[0].slice(0, 200));
    throw new CommandError(
      'unreachable',
      `cannot reach Redis at ${address.url} (${why}): start redis-server there, check its password and TLS, or give another --queue`,
    );
  }
  // Once connected, a dropped connection is tried again for as long as the process runs: the
  // coordinator decides when to give up (queue-runner.ts), a worker waits for Redis to be back.
  redis.options.retryStrategy = (times) => Math.min(times * 200, 2000);
  return redis;
}

/**
 * The question a proof on a queue answers, as canonical JSON: everything its jobs' answers
 * depend on, the rules with their alphabet among them.
 */
export function questionText(identity: ProofIdentity, symmetry: boolean): string {
  return canonicalJson({ ...identityJson(identity), symmetry });
}

/**
 * The queue of the proof `identity`: `codebreaker-` and the SHA-256 of its question, so that two
 * questions never share a queue, a job or a record (a checksum's collisions are found in a
 * second; SHA-256's are not found at all).
 */
export function queueName(identity: ProofIdentity, symmetry: boolean): string {
  const digest = createHash('sha256').update(questionText(identity, symmetry), 'utf8');
  return `codebreaker-${digest.digest('hex')}`;
}

/** The name of a proof's queue, as queueName makes it. */
export const QUEUE_NAME = /^codebreaker-[0-9a-f]{64}$/;

/** The hash a coordinator at work keeps its host and process in, and tells a lost Redis by. */
export function coordinatorKey(queue: string): string {
  return `${queue}:coordinator`;
}

/** The hash of the jobs a coordinator has merged. */
export function doneKey(queue: string): string {
  return `${queue}:done`;
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
  /** Its public key (identity.ts), which the coordinator registers it by. */
  readonly key: string;
}

/** A worker alive: its heartbeat, and its id (its key without the prefix). */
export interface AliveWorker extends WorkerBeat {
  readonly id: string;
}

/**
 * The workers alive, by their keys; a key that is not a worker's heartbeat is left out, and
 * `drop` hears its name and why (once for each such key, whoever wrote it).
 */
export async function aliveWorkers(
  redis: Redis,
  drop: (key: string, why: string) => void = () => {},
): Promise<AliveWorker[]> {
  const beats: AliveWorker[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${WORKER_PREFIX}*`, 'COUNT', 100);
    cursor = next;
    if (keys.length === 0) continue;
    const values = await redis.mget(...keys);
    values.forEach((value, i) => {
      if (value === null) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        drop(keys[i], 'not JSON');
        return;
      }
      const beat = beatSchema.safeParse(parsed);
      if (beat.success) beats.push({ ...beat.data, id: keys[i].slice(WORKER_PREFIX.length) });
      else drop(keys[i], 'not a heartbeat');
    });
  } while (cursor !== '0');
  return beats;
}

/** What the coordinator signs a job with: bound to the proof's queue and the job's id. */
export function signJob(
  key: SigningKey,
  queue: string,
  id: string,
  job: ProofJob,
): {
  job: QueuedJob;
  signature: string;
} {
  const queued = jobToQueue(job);
  return { job: queued, signature: key.sign('job', { queue, id, job: queued }) };
}

/** The signature of a worker's answer: bound to the job's signature, so to that job alone. */
export function signAnswer(key: SigningKey, jobSignature: string, answer: unknown): string {
  return key.sign('answer', { job: jobSignature, answer });
}

/** Whether `signature` is that of `answer` to the job signed `jobSignature`. */
export function answerSigned(
  key: SigningKey,
  jobSignature: string,
  answer: unknown,
  signature: string,
): boolean {
  return key.verify('answer', { job: jobSignature, answer }, signature);
}

/** The signature of a finished job's record in Redis. */
export function signRecord(key: SigningKey, queue: string, job: string, record: unknown): string {
  return key.sign('record', { queue, job, record });
}

/** Whether `signature` is that of the record of `job` in `queue`. */
export function recordSigned(
  key: SigningKey,
  queue: string,
  job: string,
  record: unknown,
  signature: string,
): boolean {
  return key.verify('record', { queue, job, record }, signature);
}

/** Whether `signature` is that of the job `job` under the id `id` in `queue`. */
export function jobSigned(
  key: SigningKey,
  queue: string,
  id: string,
  job: unknown,
  signature: string,
): boolean {
  return key.verify('job', { queue, id, job }, signature);
}

/** `promise`, or a rejection once it has not settled in `ms`. */
export function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Redis's refusal of a command (an error reply: out of memory, a read-only replica, a failed
 * save, a missing permission) as the line that stops the proof; undefined for any other error
 * (a connection lost, a command timed out), which waiting may mend.
 */
export function refusedByRedis(error: unknown, url: string): CommandError | undefined {
  if (!(error instanceof Error) || error.name !== 'ReplyError') return undefined;
  const reply = safeText(error.message.split('\n')[0].slice(0, 160));
  const fix = reply.startsWith('OOM') ? ' (free memory there, or raise its maxmemory)' : '';
  return new CommandError(
    'unreachable',
    `Redis at ${url} refused a command: ${reply}${fix}; the proof stops`,
  );
}
