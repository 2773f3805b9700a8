/** `codebreaker optimal`: an exact optimal strategy, with its proof. */
import { totalmem } from 'node:os';
import type { Command } from 'commander';
import { CodebreakerError, quoteInput } from '../../errors.js';
import type { Game } from '../../game.js';
import { checkSearchable } from '../../search/branch-and-bound.js';
import { OBJECTIVES, type Objective } from '../../search/cost.js';
import { maskKernelBytes } from '../../search/mask-memory.js';
import { treeToJson } from '../../tree-json.js';
import { milliseconds } from '../clock.js';
import { unwrittenCheckpoint } from '../failure.js';
import { openOutput } from '../files.js';
import { type Io, safeText } from '../io.js';
import { openProofCertificate } from '../proofs/proof-certificate.js';
import { type ProofDisplay, type WorkersSeen, proofDisplay } from '../proofs/proof-progress.js';
import {
  type ProofHooks,
  type ProofOutcome,
  type ProofPlace,
  type ProofRequest,
  proveOnThread,
  runProof,
} from '../proofs/proof-run.js';
import { SHORT_RUN_MAX_CODES, tuneForShortRun } from '../proofs/short-run.js';
import { REDIS_OPTIONS, type RedisFlags } from '../queue/queue-options.js';
import {
  MIN_CACHE_BYTES,
  type RulesFlags,
  THREAD_OVERHEAD_BYTES,
  UNSIGNED_HELP,
  addRulesOptions,
  gameFromFlags,
  memoryLimitFlag,
  recheckShare,
  secondsFlag,
  threadsFlag,
  threadsHelp,
  timeLimitFlag,
  wholeFlag,
} from '../rules-options.js';
import { onStop } from '../signals.js';
import { printResult, refuseRefuted } from './optimal-report.js';

interface OptimalFlags extends RulesFlags, RedisFlags {
  objective: string;
  maxDepth?: string;
  below?: string;
  raise?: string;
  consistentOnly?: boolean;
  symmetry?: boolean;
  timeLimit?: string;
  threads?: string;
  checkpoint?: string;
  memoryLimit?: string;
  queue?: string;
  keyFile?: string;
  recheck?: string | boolean;
  recheckResume?: boolean;
  unsigned?: boolean;
  replicas?: string;
  redisWait?: string;
  out?: string;
  certificate?: string;
  json?: boolean;
}

/** How long a proof on a queue waits for a Redis that stopped answering, in seconds. */
const DEFAULT_REDIS_WAIT = 180;

/** Proofs of games up to this many codes take about a second (3×10: 0.5 s; 4×7: 24 s); with one thread they run in-process. */
const IN_PROCESS_MAX_CODES = SHORT_RUN_MAX_CODES;

/** The default `--memory-limit`: half the machine's memory, at most 8 GiB. */
function defaultMemoryLimit(): number {
  return Math.min(8 * 2 ** 30, Math.floor(totalmem() / 2));
}

/**
 * The cache each of `threads` searches may take within `limit` bytes: the score table, built
 * once and shared, and the working memory of the thread that plans the proof and of each
 * worker, each with its ranking kernel's buffers (and its copy of the table, unless `shared`
 * threads share the kernels' table: search/masks.ts), come first, and the rest is shared out.
 */
function cacheBytesPerThread(game: Game, threads: number, limit: number, shared: boolean): number {
  const perThread = THREAD_OVERHEAD_BYTES + maskKernelBytes(game.size, game.answers, shared);
  const overhead = game.size * game.size + (threads + 1) * perThread;
  const cache = Math.floor((limit - overhead) / threads);
  if (cache < MIN_CACHE_BYTES) {
    const least = overhead + threads * MIN_CACHE_BYTES;
    throw new CodebreakerError(
      'bad-option',
      `--memory-limit is too small for this game on ${threads} thread${threads === 1 ? '' : 's'}: give at least ${Math.ceil(least / 2 ** 20)}M`,
    );
  }
  return cache;
}

/** Registers `optimal`. */
export function optimalCommand(program: Command, io: Io): void {
  const command = program
    .command('optimal')
    .description('compute an exact optimal strategy and prove it optimal (branch and bound)');
  addRulesOptions(command);
  command
    .option(
      '--objective <name>',
      `${OBJECTIVES.join(', ')}: least total; least worst case; least worst case with the fewest secrets needing it; least worst case alone (fast; the total not minimised)`,
      'expected',
    )
    .option('--max-depth <d>', 'only strategies that never need more than D guesses')
    .option(
      '--below <total>',
      'with --objective expected: only strategies totalling less than TOTAL guesses; if none does, prove that the least total is at least TOTAL (for games too large to settle)',
    )
    .option(
      '--raise <step>',
      'with --below: when no strategy totals less, look again below the bound proved plus STEP, and so on, until one does or the proof is stopped (--time-limit, Ctrl-C)',
    )
    .option('--consistent-only', 'guess only codes that could still be the secret')
    .option('--no-symmetry', 'try every guess, not one per symmetry class (slower; for checking)')
    .option(
      '--time-limit <seconds>',
      'stop after this long and print the best strategy found so far',
    )
    .option('--threads <n>', `${threadsHelp(IN_PROCESS_MAX_CODES)}; one thread runs in-process`)
    .option(
      '--checkpoint <file>',
      'record finished work in FILE (gzip if it ends in .gz) and, run again, go on from it; with --queue, the jobs finished through Redis too',
    )
    .option(
      '--memory-limit <size>',
      'memory the search may take, e.g. 8G or 512M (default: half the memory, at most 8G)',
    )
    .option(
      '--queue <url>',
      'put the jobs on a BullMQ queue on this Redis (redis://[USER:PASSWORD@]HOST:PORT/DB, or rediss:// for TLS), for `codebreaker worker`s on any machines to solve',
    );
  for (const [flag, help] of REDIS_OPTIONS) command.option(flag, help);
  command
    .option(
      '--recheck [share]',
      'solve again here the answers taken from the checkpoint or workers (all, or a share such as 0.1) and refuse the result if any is false',
    )
    .option(
      '--recheck-resume',
      'with --recheck and --checkpoint: go on where an earlier recheck stopped, skipping the answers the checkpoint says it found true',
    )
    .option('--unsigned', UNSIGNED_HELP)
    .option(
      '--replicas <n>',
      'with --queue: how many different workers solve each job (2: only answers that agree count)',
    )
    .option(
      '--redis-wait <s>',
      `with --queue: how long to keep trying a Redis that stopped answering before the proof stops (default ${DEFAULT_REDIS_WAIT})`,
    )
    .option('--out <file>', 'write the strategy tree (the format verify reads) to FILE')
    .option(
      '--certificate <file>',
      'with --objective depth and --max-depth: write a certificate of what was proved to FILE (gzip if it ends in .gz), which `codebreaker check` verifies without the search',
    )
    .option('--json', 'print one JSON document')
    .action(async (flags: OptimalFlags) => {
      const game = gameFromFlags(flags);
      if (!(OBJECTIVES as readonly string[]).includes(flags.objective)) {
        throw new CodebreakerError(
          'bad-option',
          `unknown objective ${quoteInput(flags.objective)}: choose ${OBJECTIVES.join(', ')}`,
        );
      }
      const objective = flags.objective as Objective;
      const maxDepth = wholeFlag(flags.maxDepth, '--max-depth', 1, 64);
      const below = wholeFlag(flags.below, '--below', 1, game.size * 64);
      if (below !== undefined && objective !== 'expected') {
        throw new CodebreakerError(
          'bad-option',
          `--below bounds the least total: it needs --objective expected, not ${objective}`,
        );
      }
      const raise = wholeFlag(flags.raise, '--raise', 1, game.size * 64);
      if (raise !== undefined && below === undefined) {
        throw new CodebreakerError(
          'bad-option',
          '--raise raises the total of --below: give --below TOTAL too',
        );
      }
      const timeLimit = timeLimitFlag(flags.timeLimit);
      checkSearchable(game);
      const threads = threadsFlag(flags.threads, game.size, IN_PROCESS_MAX_CODES);
      const memoryLimit = memoryLimitFlag(flags.memoryLimit, 0, threads) ?? defaultMemoryLimit();
      // A short proof runs in this thread, with the library's own runner (it shares the
      // planner's search). Any other runs on a thread of its own, its jobs on worker threads
      // (one at least) or a queue, so that this thread stays free to hear Ctrl-C.
      const inProcess =
        flags.queue === undefined &&
        threads === 1 &&
        game.size <= IN_PROCESS_MAX_CODES &&
        flags.symmetry !== false;
      const cacheBytes = cacheBytesPerThread(game, threads, memoryLimit, !inProcess);
      const recheck = recheckShare(flags);
      if (flags.recheckResume && (recheck === 0 || flags.checkpoint === undefined)) {
        throw new CodebreakerError(
          'bad-option',
          '--recheck-resume needs --recheck and --checkpoint: it goes on with a recheck the checkpoint recorded',
        );
      }
      const replicas = wholeFlag(flags.replicas, '--replicas', 1, 2) ?? 1;
      const redisWait = secondsFlag(flags.redisWait, '--redis-wait') ?? DEFAULT_REDIS_WAIT;
      if (flags.redisWait !== undefined && flags.queue === undefined) {
        throw new CodebreakerError(
          'bad-option',
          '--redis-wait needs --queue: it says how long to wait for Redis',
        );
      }
      if (replicas > 1 && flags.queue === undefined) {
        throw new CodebreakerError(
          'bad-option',
          '--replicas needs --queue: it spreads jobs over workers',
        );
      }
      // Opened now, so that a path that cannot be written fails before the search, not after.
      const out = flags.out === undefined ? undefined : await openOutput(flags.out, '--out');
      const certificate =
        flags.certificate === undefined
          ? undefined
          : await openProofCertificate(flags.certificate, objective, maxDepth);
      const redis = {
        redisPasswordFile: flags.redisPasswordFile,
        tlsCa: flags.tlsCa,
        tlsCert: flags.tlsCert,
        tlsKey: flags.tlsKey,
      };
      const place: ProofPlace =
        flags.queue !== undefined
          ? { kind: 'queue', url: flags.queue, redis, replicas, redisWait, threads }
          : inProcess
            ? { kind: 'here' }
            : { kind: 'threads', threads };
      const request: ProofRequest = {
        rules: game.rules,
        objective,
        maxDepth,
        below,
        raise,
        consistentOnly: flags.consistentOnly ?? false,
        symmetry: flags.symmetry !== false,
        place,
        cacheBytes,
        checkpoint: flags.checkpoint,
        keyFile: flags.keyFile,
        unsigned: flags.unsigned === true,
        recheck,
        recheckResume: flags.recheckResume === true,
      };

      const stop = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
      // Ctrl-C, or a service manager stopping the proof: the same stop, the best so far printed.
      // Heard from the program's first moment (signals.ts): one before now stops it at once.
      const unlisten = onStop(() => Atomics.store(stop, 0, 1));
      let started = 0;
      let deadline = Number.POSITIVE_INFINITY;
      let display: ProofDisplay | undefined;
      let workers: WorkersSeen = { workers: 0, threads: 0 };
      const hooks: ProofHooks = {
        started() {
          started = milliseconds();
          if (timeLimit !== undefined) deadline = started + timeLimit * 1000;
          display = proofDisplay(
            io,
            flags.queue === undefined ? threads : () => workers,
            flags.json ?? false,
            objective === 'crush',
          );
        },
        progress(progress, seen) {
          if (seen) workers = seen;
          display?.update(progress);
          // The one place a stop takes effect (Ctrl-C, SIGTERM or the time limit): said here.
          const stopping = Atomics.load(stop, 0) !== 0 || milliseconds() > deadline;
          if (stopping) display?.stopping();
          return stopping;
        },
      };
      let result: ProofOutcome;
      try {
        if (place.kind === 'here') {
          tuneForShortRun();
          result = await runProof(request, io, hooks);
        } else {
          result = await proveOnThread(request, stop, io, hooks);
        }
      } catch (error) {
        await out?.discard();
        await certificate?.discard();
        throw error;
      } finally {
        display?.stop();
        unlisten();
      }
      const seconds = (milliseconds() - started) / 1000;
      refuseRefuted(result.relied);
      const certified = await certificate?.write(game, result, io);
      // A result is printed whether or not its checkpoint could be written last; then it is said.
      const unwritten =
        result.checkpointUnwritten === undefined
          ? undefined
          : unwrittenCheckpoint(flags.checkpoint ?? '', result.checkpointUnwritten);
      try {
        printResult(io, game, flags, result, {
          objective,
          maxDepth,
          below,
          raise,
          threads,
          seconds,
          certificate: certified,
        });
      } catch (error) {
        await out?.discard();
        // A proof that no strategy keeps to the depth cap keeps its status, the warning beside it.
        if (unwritten && result.impossible) io.err(`codebreaker: ${safeText(unwritten.message)}\n`);
        throw error;
      }
      if (out && result.tree) {
        await out.write(`${JSON.stringify(treeToJson(result.tree))}\n`);
        if (!flags.json) io.out(`tree written to ${safeText(out.path)}\n`);
      } else {
        await out?.discard();
      }
      if (unwritten) throw unwritten;
    });
}
