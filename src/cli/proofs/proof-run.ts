/**
 * One proof of `codebreaker optimal`, wherever it runs: it opens where the proof's finished jobs
 * are kept (a checkpoint file, or a queue on Redis), builds the score table, runs
 * search/optimal.ts's `proveOptimal` with its runner, and keeps what it found.
 *
 * A short proof runs it in the main thread. Any other runs it on a thread of its own
 * (proof-worker.ts): the proof's planner takes synchronous steps of seconds on the largest games
 * (the score table, ranking and planning the first guesses, writing a large checkpoint), and Node
 * runs a signal's handler only between them, so a planner in the main thread left Ctrl-C (or a
 * service manager's SIGTERM) unheard for as long. The main thread keeps the flags,
 * the signals, the time limit, the progress display and the printing: `proveOnThread` hands it
 * the proof's progress as it comes, asks the proof to stop through memory both threads share
 * (read at every progress report, about four times a second even inside a planner's step), and
 * rethrows the proof's bad-input errors as they were thrown.
 */
import type { Worker } from 'node:worker_threads';
import {
  CommandError,
  type CommandErrorKind,
  type ErrorKind,
  badInput,
  isBadInput,
} from '../../errors.js';
import { type Game, gameFor } from '../../game.js';
import type { Rules } from '../../rules.js';
import type { Checkpoint, ProofIdentity } from '../../search/checkpoint.js';
import type { Objective } from '../../search/cost.js';
import type { JobRunner } from '../../search/jobs.js';
import { type ProofProgress, type ProvedResult, proveOptimal } from '../../search/optimal.js';
import { packTree, unpackTree } from '../../tree.js';
import { milliseconds } from '../clock.js';
import { CommandFailure } from '../failure.js';
import { CLI_HOME } from '../home.js';
import type { Io } from '../io.js';
import { safeText } from '../io.js';
import type { SigningKey } from '../keys.js';
import type { RedisFlags } from '../queue/queue-options.js';
import type { QueueProof } from '../queue/queue-runner.js';
import { startWorker } from '../workers.js';
import { type CheckpointFile, openCheckpoint } from './checkpoint-file.js';
import type { WorkersSeen } from './proof-progress.js';
import { type SharedTable, sharedScoreTable } from './shared-table.js';

/** Where a proof's jobs run: one of three places. */
export type ProofPlace =
  /** In the proof's own thread, one at a time, with its planner's search (a short proof). */
  | { readonly kind: 'here' }
  /** On this machine's worker threads. */
  | { readonly kind: 'threads'; readonly threads: number }
  /**
   * On a queue on Redis (`--queue`), whose workers may be anywhere; the answers taken from them
   * are solved again (`--recheck`) on `threads` worker threads here.
   */
  | {
      readonly kind: 'queue';
      /** The Redis URL. */
      readonly url: string;
      /** How to log in to Redis (`--redis-password-file`, `--tls-*`). */
      readonly redis: RedisFlags;
      /** `--replicas`: how many different workers solve each queued job. */
      readonly replicas: number;
      /** `--redis-wait`: how long Redis may go unanswering before the proof stops, in seconds. */
      readonly redisWait: number;
      readonly threads: number;
    };

/** A proof as `optimal` asks for it, its flags read and checked: plain data, for any thread. */
export interface ProofRequest {
  readonly rules: Rules;
  readonly objective: Objective;
  readonly maxDepth: number | undefined;
  /** `--below`: only strategies totalling less. */
  readonly below?: number;
  /** `--raise`: the step `below` is raised by while nothing is found below it. */
  readonly raise?: number;
  readonly consistentOnly: boolean;
  readonly symmetry: boolean;
  /** Where its jobs run. */
  readonly place: ProofPlace;
  /** The cache each search may take, in bytes. */
  readonly cacheBytes: number;
  /** `--checkpoint`: the file. */
  readonly checkpoint: string | undefined;
  /** `--key-file`: the signing key's file (else the environment's, or the user's own). */
  readonly keyFile: string | undefined;
  /**
   * `--unsigned`: the checkpoint file is kept unsigned, and every answer read back from it is
   * solved again (`recheck` is then 1).
   */
  readonly unsigned: boolean;
  /** `--recheck`: the share of the answers taken from outside to solve again here. */
  readonly recheck: number;
  /** `--recheck-resume`: not those an earlier recheck found true, as the checkpoint says. */
  readonly recheckResume: boolean;
}

/** What the command hears of a running proof. */
export interface ProofHooks {
  /** The finished jobs are read: the proof starts. */
  started(): void;
  /** Where the proof stands, and on a queue the workers last counted; true stops it. */
  progress(progress: ProofProgress, workers: WorkersSeen | undefined): boolean;
}

/** A proof's result, and what became of its checkpoint file. */
export type ProofResult = ProvedResult & {
  /**
   * Why the checkpoint could not be written when the proof ended (the file lacks the last of its
   * work); absent when it was, or there is none.
   */
  readonly checkpointUnwritten?: string;
};

/** A proof's result as the command uses it (it plays no strategy). */
export type ProofOutcome = Omit<ProofResult, 'strategy'>;

/** Runs the proof `request` asks for in this thread; `io` hears what it says on stderr. */
export async function runProof(
  request: ProofRequest,
  io: Io,
  hooks: ProofHooks,
): Promise<ProofResult> {
  const { rules, objective, maxDepth, consistentOnly, symmetry, place, cacheBytes } = request;
  const game = gameFor(rules);
  const identity = { rules, objective, maxDepth: maxDepth ?? null, consistentOnly };
  // Only a proof that reads back what it wrote needs the key (made on first use): a queue's, and
  // a checkpoint file's unless it is kept unsigned.
  const signedFile = request.checkpoint !== undefined && !request.unsigned;
  const key =
    place.kind !== 'queue' && !signedFile
      ? undefined
      : (await import('../keys.js')).loadKey(request.keyFile);
  const queued =
    place.kind === 'queue'
      ? await openQueue(place, symmetry, identity, key!, (line) => io.err(`codebreaker: ${line}\n`))
      : undefined;
  let saved: CheckpointFile | undefined;
  let mirror: (() => void) | undefined;
  // Writes to Redis one after the other, in the order the jobs finished.
  let stored = Promise.resolve();
  const store = (): void => {
    if (queued) stored = stored.then(() => queued.save());
  };
  try {
    saved =
      request.checkpoint === undefined
        ? undefined
        : await openCheckpoint(request.checkpoint, identity, signedFile ? key : undefined, (line) =>
            io.err(`codebreaker: ${safeText(line)}\n`),
          );
    // Both: the file's jobs join the queue's, the proof keeps to the queue's checkpoint, and the
    // file follows it (a campaign commits the file; its workers answer through Redis).
    if (saved && queued) mirror = mirrorOf(queued.checkpoint, saved.checkpoint);
    const found = queued?.checkpoint.size ?? saved?.found ?? 0;
    if (found > 0 && io.errIsTerminal) {
      const from = request.checkpoint ?? queued?.address ?? '';
      io.err(`resuming from ${safeText(from)}: ${found} jobs already finished\n`);
    }
    hooks.started();
    // One table for this thread and the worker threads here (a queue's workers elsewhere build
    // their own).
    const threads = place.kind === 'here' ? undefined : place.threads;
    const table = scoreTable(io, game, threads);
    const pool = threads === undefined ? undefined : await threadPool(threads, cacheBytes);
    const runner = queued?.runner ?? pool?.(table);
    // Answers taken from outside are solved again here, on this machine's threads.
    const recheckRunner: (() => JobRunner) | undefined = pool && (() => pool(table));
    const result = await proveOptimal(game, {
      objective,
      maxDepth,
      below: request.below,
      raise: request.raise,
      consistentOnly,
      symmetry,
      runner,
      cacheBytes,
      progressEvery: 512,
      checkpoint: queued?.checkpoint ?? saved?.checkpoint,
      recheck: request.recheck,
      recheckResume: request.recheckResume,
      recheckRunner,
      onProgress: (progress) => {
        const stop = hooks.progress(progress, queued?.workers());
        mirror?.();
        saved?.save();
        store();
        return stop;
      },
    });
    mirror?.();
    const checkpointUnwritten = saved?.finish();
    store();
    await stored;
    await queued?.finish(result.exhaustive);
    return checkpointUnwritten === undefined ? result : { ...result, checkpointUnwritten };
  } catch (error) {
    // What finished is kept however the proof ended; the error that ended it is the one told.
    try {
      mirror?.();
      saved?.save(true);
    } catch {}
    store();
    await stored.catch(() => {});
    throw error;
  } finally {
    saved?.release();
    await queued?.close();
  }
}

/**
 * Copies `file`'s jobs that `proof` lacks into it, and returns what copies `proof`'s new or
 * changed jobs back into `file` (a record put again replaces the one before: a bound made exact).
 * The answers a recheck found true go along both ways.
 */
function mirrorOf(proof: Checkpoint, file: Checkpoint): () => void {
  const copy = (from: Checkpoint, to: Checkpoint, missingOnly: boolean): void => {
    for (const [job, record] of from.entries()) {
      const known = to.get(job);
      if (known === undefined || (!missingOnly && known !== record)) to.put(job, record);
    }
    for (const [job, cost] of from.rechecks()) to.markRechecked(job, cost);
  };
  copy(file, proof, true);
  let seen = -1;
  return () => {
    if (proof.changes === seen) return;
    seen = proof.changes;
    copy(proof, file, false);
  };
}

/**
 * What starts a pool of `threads` worker threads for the jobs, each search with a cache of
 * `cacheBytes`, reading `table` if given (optimal-pool.ts, loaded only for the proofs that use it).
 */
async function threadPool(
  threads: number,
  cacheBytes: number,
): Promise<(table: SharedTable) => JobRunner> {
  const { workerPool } = await import('./optimal-pool.js');
  return (table) => workerPool(threads, cacheBytes, table);
}

/** The proof's queue on Redis (`--queue`), loaded only for the proofs that use one. */
async function openQueue(
  place: Extract<ProofPlace, { kind: 'queue' }>,
  symmetry: boolean,
  identity: ProofIdentity,
  key: SigningKey,
  tell: (line: string) => void,
): Promise<QueueProof & { readonly address: string }> {
  const { queueName, readQueueUrl } = await import('../queue/queue.js');
  const address = readQueueUrl(place.url, place.redis);
  const { openQueueProof } = await import('../queue/queue-runner.js');
  const name = queueName(identity, symmetry);
  const proof = await openQueueProof(address, name, identity, {
    key,
    tell,
    replicas: place.replicas,
    redisWaitMs: place.redisWait * 1000,
  });
  return { ...proof, address: address.url };
}

/**
 * The game's score table for the search, built here once (in shared memory when `threads`
 * worker threads will read it too); a table of more than `TABLE_MAX_CODES` codes says so on a
 * terminal, since it takes a while (Super Mastermind: 1 GiB).
 */
function scoreTable(io: Io, game: Game, threads: number | undefined): SharedTable {
  const large = !game.tableFits;
  const started = milliseconds();
  if (large && io.errIsTerminal) {
    io.err(`building the score table (${Math.round(game.size ** 2 / 2 ** 20)} MiB)...\n`);
  }
  const table =
    threads === undefined ? { table: game.searchTable()! } : sharedScoreTable(game, threads);
  if (large && io.errIsTerminal) {
    io.err(`score table built in ${((milliseconds() - started) / 1000).toFixed(1)} s\n`);
  }
  return table;
}

/** What the main thread sends the proof's thread, once: the proof, and where a stop is asked. */
export interface ProofStart {
  readonly request: ProofRequest;
  /** Set to non-zero (`Atomics.store`) to stop the proof. */
  readonly stop: Int32Array;
  /** Whether the main thread's stderr is a terminal. */
  readonly errIsTerminal: boolean;
}

/** A proof's result with its tree packed (`packTree`), to cross to the main thread. */
type PackedOutcome = Omit<ProofOutcome, 'tree'> & { readonly tree: number[] | undefined };

/** Bad input, as it crosses from the proof's thread to the main thread. */
type ProofFailure =
  | {
      readonly name: 'CodebreakerError' | 'CommandError';
      readonly kind: ErrorKind | CommandErrorKind;
      readonly message: string;
    }
  | { readonly name: 'CommandFailure'; readonly message: string; readonly status: number };

/** What the proof's thread tells the main thread, in this order: the last is done or failed. */
export type ProofMessage =
  | { readonly kind: 'err'; readonly text: string }
  | { readonly kind: 'started' }
  | {
      readonly kind: 'progress';
      readonly progress: ProofProgress;
      readonly workers: WorkersSeen | undefined;
    }
  | { readonly kind: 'done'; readonly outcome: PackedOutcome }
  | { readonly kind: 'failed'; readonly failure: ProofFailure };

/** `result` without its strategy and with its tree packed. */
export function packOutcome(result: ProofResult): PackedOutcome {
  const { strategy, tree, ...numbers } = result;
  return { ...numbers, tree: tree && packTree(tree.root) };
}

/** `error` as it crosses threads if it is bad input (or a command's failure); else undefined. */
export function proofFailure(error: unknown): ProofFailure | undefined {
  if (isBadInput(error)) {
    const name = error instanceof CommandError ? 'CommandError' : 'CodebreakerError';
    return { name, kind: error.kind, message: error.message };
  }
  if (error instanceof CommandFailure) {
    return { name: 'CommandFailure', message: error.message, status: error.status };
  }
  return undefined;
}

/**
 * The error the proof's thread threw, as it was thrown: bad input crossed as a `ProofFailure`
 * (sent, or thrown and copied by Node with its fields), anything else as it came.
 */
function rethrown(error: unknown): unknown {
  const failure = error as Partial<Record<string, unknown>> | null;
  if (typeof failure?.message !== 'string') return error;
  const named = failure.name === 'CodebreakerError' || failure.name === 'CommandError';
  if (named && typeof failure.kind === 'string') {
    return badInput(failure.kind as ErrorKind | CommandErrorKind, failure.message);
  }
  if (failure.name === 'CommandFailure' && typeof failure.status === 'number') {
    return new CommandFailure(failure.message, failure.status);
  }
  return error;
}

/**
 * Runs the proof `request` asks for on a thread of its own (proof-worker.ts, which runs
 * `runProof`); `stop`, set to non-zero, stops it, as does `hooks.progress` returning true. What
 * it says on stderr goes to `io`.
 */
export async function proveOnThread(
  request: ProofRequest,
  stop: Int32Array,
  io: Io,
  hooks: ProofHooks,
): Promise<ProofOutcome> {
  const worker: Worker = startWorker('proof-worker', CLI_HOME);
  try {
    const outcome = await new Promise<PackedOutcome>((resolve, reject) => {
      worker.on('message', (message: ProofMessage) => {
        try {
          if (message.kind === 'err') io.err(message.text);
          else if (message.kind === 'started') hooks.started();
          else if (message.kind === 'progress') {
            if (hooks.progress(message.progress, message.workers)) Atomics.store(stop, 0, 1);
          } else if (message.kind === 'done') resolve(message.outcome);
          else reject(rethrown(message.failure));
        } catch (error) {
          Atomics.store(stop, 0, 1);
          reject(error);
        }
      });
      worker.on('error', (error) => reject(rethrown(error)));
      worker.on('exit', () => reject(new Error('the proof thread ended without a result')));
      const start: ProofStart = { request, stop, errIsTerminal: io.errIsTerminal };
      worker.postMessage(start);
    });
    const { tree, ...numbers } = outcome;
    const game = gameFor(request.rules);
    return { ...numbers, tree: tree && { game, root: unpackTree(tree) } };
  } finally {
    await worker.terminate();
  }
}
