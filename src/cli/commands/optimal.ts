/** `codebreaker optimal`: an exact optimal strategy, with its proof. */
import { totalmem } from 'node:os';
import type { Command } from 'commander';
import type { Analysis } from '../../analyze.js';
import { CodebreakerError } from '../../errors.js';
import type { Game } from '../../game.js';
import { groupThousands } from '../../numbers.js';
import { describeRules, rulesJson } from '../../rules.js';
import { checkSearchable } from '../../search/branch-and-bound.js';
import type { Reliance } from '../../search/claims.js';
import { OBJECTIVES, type Objective, costOfHistogram, costTotal } from '../../search/cost.js';
import { maskKernelBytes } from '../../search/masks.js';
import { treeToJson } from '../../tree-json.js';
import { type Tree, analyzeTree } from '../../tree.js';
import { milliseconds } from '../clock.js';
import { CommandFailure } from '../failure.js';
import { openOutput } from '../files.js';
import { analysisJson, analysisText } from '../format.js';
import { type Io, safeText } from '../io.js';
import {
  type ProofDisplay,
  type WorkersSeen,
  objectiveJson,
  objectiveText,
  proofDisplay,
} from '../proofs/proof-progress.js';
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
  addRulesOptions,
  gameFromFlags,
  memoryLimitFlag,
  threadsFlag,
  threadsHelp,
  timeLimitFlag,
  wholeFlag,
} from '../rules-options.js';
import { onStop } from '../signals.js';

interface OptimalFlags extends RulesFlags, RedisFlags {
  objective: string;
  maxDepth?: string;
  consistentOnly?: boolean;
  symmetry?: boolean;
  timeLimit?: string;
  threads?: string;
  checkpoint?: string;
  memoryLimit?: string;
  queue?: string;
  keyFile?: string;
  recheck?: string | boolean;
  replicas?: string;
  out?: string;
  json?: boolean;
}

const OBJECTIVE_TEXT: Record<Objective, string> = {
  expected: 'least total (so least average), ties to the smaller worst case',
  worst: 'least worst case, ties to the smaller total',
  crush: 'least worst case, then the fewest secrets that need it, then the least total',
  depth:
    'least worst case alone (the first strategy found that keeps to it; its total not minimised)',
};

/** Proofs of games up to this many codes take about a second (3×10: 0.5 s; 4×7: 24 s); with one thread they run in-process. */
const IN_PROCESS_MAX_CODES = SHORT_RUN_MAX_CODES;

/** The default `--memory-limit`: half the machine's memory, at most 8 GiB. */
function defaultMemoryLimit(): number {
  return Math.min(8 * 2 ** 30, Math.floor(totalmem() / 2));
}

/**
 * The cache each of `threads` searches may take within `limit` bytes: the score table, built
 * once and shared, and the working memory of the thread that plans the proof and of each
 * worker, each with its ranking kernel's copy of the table (search/masks.ts), come first, and
 * the rest is shared out.
 */
function cacheBytesPerThread(game: Game, threads: number, limit: number): number {
  const perThread = THREAD_OVERHEAD_BYTES + maskKernelBytes(game.size, game.answers);
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
      '--replicas <n>',
      'with --queue: how many different workers solve each job (2: only answers that agree count)',
    )
    .option('--out <file>', 'write the strategy tree (the format verify reads) to FILE')
    .option('--json', 'print one JSON document')
    .action(async (flags: OptimalFlags) => {
      const game = gameFromFlags(flags);
      if (!(OBJECTIVES as readonly string[]).includes(flags.objective)) {
        throw new CodebreakerError(
          'bad-option',
          `unknown objective '${flags.objective}': choose ${OBJECTIVES.join(', ')}`,
        );
      }
      const objective = flags.objective as Objective;
      const maxDepth = wholeFlag(flags.maxDepth, '--max-depth', 1, 64);
      const timeLimit = timeLimitFlag(flags.timeLimit);
      checkSearchable(game);
      const threads = threadsFlag(flags.threads, game.size, IN_PROCESS_MAX_CODES);
      const memoryLimit = memoryLimitFlag(flags.memoryLimit, 0, threads) ?? defaultMemoryLimit();
      const cacheBytes = cacheBytesPerThread(game, threads, memoryLimit);
      const recheck = recheckFlag(flags.recheck);
      const replicas = wholeFlag(flags.replicas, '--replicas', 1, 2) ?? 1;
      if (replicas > 1 && flags.queue === undefined) {
        throw new CodebreakerError(
          'bad-option',
          '--replicas needs --queue: it spreads jobs over workers',
        );
      }
      // Opened now, so that a path that cannot be written fails before the search, not after.
      const out = flags.out === undefined ? undefined : await openOutput(flags.out, '--out');
      // A short proof runs in this thread, with the library's own runner (it shares the
      // planner's search). Any other runs on a thread of its own, its jobs on worker threads
      // (one at least) or a queue, so that this thread stays free to hear Ctrl-C.
      const redis = {
        redisPasswordFile: flags.redisPasswordFile,
        tlsCa: flags.tlsCa,
        tlsCert: flags.tlsCert,
        tlsKey: flags.tlsKey,
      };
      const place: ProofPlace =
        flags.queue !== undefined
          ? { kind: 'queue', url: flags.queue, redis, replicas, threads }
          : threads === 1 && game.size <= IN_PROCESS_MAX_CODES && flags.symmetry !== false
            ? { kind: 'here' }
            : { kind: 'threads', threads };
      const request: ProofRequest = {
        rules: game.rules,
        objective,
        maxDepth,
        consistentOnly: flags.consistentOnly ?? false,
        symmetry: flags.symmetry !== false,
        place,
        cacheBytes,
        checkpoint: flags.checkpoint,
        keyFile: flags.keyFile,
        recheck,
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
        throw error;
      } finally {
        display?.stop();
        unlisten();
      }
      const seconds = (milliseconds() - started) / 1000;
      refuseRefuted(result.relied);
      try {
        printResult(io, game, flags, result, { objective, maxDepth, threads, seconds });
      } catch (error) {
        await out?.discard();
        throw error;
      }
      if (out && result.tree) {
        await out.write(`${JSON.stringify(treeToJson(result.tree))}\n`);
        if (!flags.json) io.out(`tree written to ${safeText(out.path)}\n`);
      } else {
        await out?.discard();
      }
    });
}

/** Reads `--recheck`: absent 0, bare 1 (every answer), else a share from 0 to 1. */
function recheckFlag(value: string | boolean | undefined): number {
  if (value === undefined || value === false) return 0;
  if (value === true) return 1;
  const share = /^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(share >= 0 && share <= 1)) {
    throw new CodebreakerError(
      'bad-option',
      `--recheck takes a share from 0 to 1, such as 0.1, or nothing for all; not '${value}'`,
    );
  }
  return share;
}

/** Refuses a result that relied on an answer that solving it again here showed false. */
function refuseRefuted(relied: Reliance): void {
  if (relied.refuted.length === 0) return;
  const [first] = relied.refuted;
  const more = relied.refuted.length > 1 ? ` and ${relied.refuted.length - 1} more` : '';
  throw new CommandFailure(
    `the result is refused: solved again here, job ${first}${more} costs less than the answer read back claimed (a false checkpoint or worker)`,
    2,
  );
}

/**
 * The analysis of a proved tree, read off its verification; throws if it differs from `cost`, as
 * `objective` counts it within `depth`: bad input if the tree was put together from answers read
 * back (`readBack`), else a bug.
 */
function verifiedAnalysis(
  tree: Tree,
  cost: number,
  objective: Objective,
  depth: number,
  readBack: boolean,
): Analysis {
  const analysis = analyzeTree(tree);
  if (costOfHistogram(objective, depth, analysis.histogram) !== cost) {
    if (!readBack) {
      throw new Error(`the strategy found plays ${analysis.total} guesses, not ${costTotal(cost)}`);
    }
    // Answers read back (a checkpoint, workers) put the strategy together: one of them lied.
    throw new CommandFailure(
      `the result is refused: the strategy put together plays ${analysis.total} guesses, not the ${costTotal(cost)} its parts claim (a false checkpoint or worker)`,
      2,
    );
  }
  return analysis;
}

/** How the proof was asked for and ran, for the report. */
interface RunFacts {
  readonly objective: Objective;
  readonly maxDepth: number | undefined;
  readonly threads: number;
  readonly seconds: number;
}

/** Prints the result as text or JSON; a proof that no strategy keeps to the depth cap fails. */
function printResult(
  io: Io,
  game: Game,
  flags: OptimalFlags,
  result: ProofOutcome,
  { objective, maxDepth, threads, seconds }: RunFacts,
): void {
  const doc: Record<string, unknown> = {
    rules: rulesJson(game.rules),
    objective,
    ...(maxDepth === undefined ? {} : { maxDepth }),
    ...(flags.consistentOnly ? { consistentOnly: true } : {}),
  };
  // The most memory this process has held (all its threads, the score table included): what a
  // machine needs for the proof, beside its time (the queue's workers count their own).
  const usage = process.resourceUsage();
  const peakMemory = usage.maxRSS * 1024;
  // The CPU of every thread of the process: what a campaign counts (a queue's workers count
  // their own).
  const cpuSeconds = Number(((usage.userCPUTime + usage.systemCPUTime) / 1e6).toFixed(3));
  const work = {
    nodes: result.nodes,
    lookaheads: result.lookaheads,
    threads,
    ...(flags.checkpoint === undefined && flags.queue === undefined
      ? {}
      : { resumed: result.resumed, relied: reliedJson(result.relied) }),
    seconds: Number(seconds.toFixed(3)),
    cpuSeconds,
    peakMemory,
  };
  const kept = flags.checkpoint === undefined ? flags.queue && 'Redis' : 'the checkpoint';
  const trust = reliedText(result.relied);
  const effort = `${groupThousands(result.nodes)} nodes, ${groupThousands(result.lookaheads)} lookaheads, ${seconds.toFixed(2)} s, peak memory ${Math.round(peakMemory / 2 ** 20)} MiB${kept ? `, ${result.resumed} jobs from ${kept}` : ''}`;
  if (result.impossible) {
    // A proved result, not bad input: say it on stdout, and fail like an invalid tree.
    const message = `no strategy solves every secret within ${maxDepth} guesses`;
    io.out(
      flags.json
        ? `${JSON.stringify({ ...doc, possible: false, proved: true, ...work })}\n`
        : `${message}: proved by exhaustive search (${effort})\n`,
    );
    throw new CommandFailure(message);
  }
  // The tree is played over every secret by the verifier, not trusted: a proof that does not
  // play as it claims is a bug, and stops here.
  const crush = objective === 'crush';
  const analysis = result.tree
    ? verifiedAnalysis(result.tree, result.cost, objective, result.depth, kept !== undefined)
    : undefined;
  const first = result.tree ? game.codes.make(result.tree.root.guess) : null;
  if (analysis) Object.assign(doc, analysisJson(game, analysis));
  if (analysis && crush) doc.atWorst = analysis.histogram[analysis.max];
  const lowerBound = objectiveJson(result.lowerBound, crush);
  Object.assign(doc, { first, proved: result.proved, lowerBound, ...work });
  if (flags.json) {
    io.out(`${JSON.stringify(doc)}\n`);
    return;
  }
  const lines = [
    `rules     ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
    `objective ${objective}: ${OBJECTIVE_TEXT[objective]}${maxDepth === undefined ? '' : `, at most ${maxDepth} guesses`}${flags.consistentOnly ? ', consistent guesses only' : ''}`,
  ];
  // What a finished proof settled, and what a stopped one has proved so far.
  const depthOnly = objective === 'depth';
  const settled = depthOnly
    ? `least worst case ${result.depth}: no strategy keeps to ${result.depth - 1} guesses`
    : 'optimal: the search was exhaustive';
  const atLeast = depthOnly
    ? `the least worst case is at least ${result.lowerBound} guesses`
    : `the optimum is at least ${objectiveText(result.lowerBound, crush)}${crush ? ` within ${result.depth} guesses` : ''}`;
  lines.push(
    result.proved
      ? `proved    ${settled} (${effort})`
      : `proved    no: stopped after ${seconds.toFixed(1)} s (${effort}); ${atLeast}`,
  );
  if (trust) lines.push(`relied on ${trust}`);
  if (analysis) {
    lines.push(`first     ${first}`, analysisText(game, analysis));
    if (crush) {
      lines.push(
        `at worst  ${analysis.histogram[analysis.max]} secrets need ${analysis.max} guesses`,
      );
    }
    if (!result.proved) {
      lines.push(`(best found so far: ${objectiveText(costTotal(result.cost), crush)})`);
    }
  } else {
    lines.push('no strategy found yet');
  }
  io.out(`${lines.join('\n')}\n`);
}

/** What a proof relied on, for its JSON: the answers from outside, by source and kind. */
function reliedJson(relied: Reliance): Record<string, unknown> {
  const { checkpoint, workers, rechecked, unchecked } = relied;
  return { checkpoint, workers, rechecked, ...(unchecked > 0 ? { unchecked } : {}) };
}

/** "12 lower bounds and 3 exact costs from the checkpoint; 15 solved again here, all true". */
function reliedText(relied: Reliance): string | undefined {
  const parts: string[] = [];
  for (const [source, counts] of [
    ['the checkpoint', relied.checkpoint],
    ['workers', relied.workers],
  ] as const) {
    if (counts.bounds + counts.exact === 0) continue;
    parts.push(
      `${groupThousands(counts.bounds)} lower bounds and ${groupThousands(counts.exact)} exact costs from ${source}`,
    );
  }
  if (parts.length === 0) return undefined;
  const { rechecked, unchecked } = relied;
  const checked =
    unchecked > 0
      ? `; ${groupThousands(rechecked)} of ${groupThousands(rechecked + unchecked)} solved again here before the stop, all true (--recheck again solves them all)`
      : rechecked > 0
        ? `; ${groupThousands(rechecked)} solved again here, all true`
        : '; none solved again here (--recheck does)';
  return `${parts.join(', ')}${checked}`;
}
