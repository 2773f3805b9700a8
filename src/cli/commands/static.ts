/** `codebreaker static`: the fewest guesses that, asked all at once, identify every secret. */
import type { Command } from 'commander';
import { CodebreakerError } from '../../errors.js';
import type { Game } from '../../game.js';
import { groupThousands } from '../../numbers.js';
import { colourSetsUnfit } from '../../search/static-colours.js';
import { type StaticProgress, identifies, staticLowerBound } from '../../search/static.js';
import { milliseconds } from '../clock.js';
import { unwrittenCheckpoint } from '../failure.js';
import { type Io, safeText } from '../io.js';
import { statusLine } from '../progress.js';
import type { StaticCheckpointFile } from '../proofs/static-checkpoint.js';
import { solveStaticOnThreads, staticJobs } from '../proofs/static-run.js';
import {
  type RulesFlags,
  UNSIGNED_HELP,
  addRulesOptions,
  gameFromFlags,
  recheckShare,
  secondsFlag,
  threadsFlag,
  threadsHelp,
  timeLimitFlag,
} from '../rules-options.js';
import { onStop } from '../signals.js';
import { type Rechecked, printStaticResult } from './static-report.js';

interface StaticFlags extends RulesFlags {
  json?: boolean;
  table?: boolean;
  timeLimit?: string;
  localSearch?: string;
  symmetric?: string;
  threads?: string;
  checkpoint?: string;
  keyFile?: string;
  recheck?: string | boolean;
  recheckResume?: boolean;
  unsigned?: boolean;
  start?: string;
  estimate?: string;
  probes?: string;
  seed?: string;
  colourSets?: boolean;
}

/** The flags that ask the search for something, which `--estimate` (no search) does not take. */
const SEARCH_FLAGS = [
  ['table', '--table'],
  ['timeLimit', '--time-limit'],
  ['localSearch', '--local-search'],
  ['symmetric', '--symmetric'],
  ['start', '--start'],
  ['threads', '--threads'],
  ['recheck', '--recheck'],
  ['recheckResume', '--recheck-resume'],
  ['colourSets', '--colour-sets'],
] as const;

/** Refuses flags given together that do not go together. */
function checkFlagsTogether(flags: StaticFlags): void {
  if (flags.estimate !== undefined) {
    const given = SEARCH_FLAGS.find(([key]) => flags[key] !== undefined);
    if (given) {
      throw new CodebreakerError(
        'bad-option',
        `--estimate estimates a search without running it: drop ${given[1]}`,
      );
    }
    return;
  }
  const alone = flags.probes !== undefined ? '--probes' : flags.seed !== undefined ? '--seed' : '';
  if (alone) throw new CodebreakerError('bad-option', `${alone} needs --estimate`);
}

/** Games of up to this many codes take about a second on one thread (3×7: 0.4 s, 3×8: 8 s). */
const QUICK_MAX_CODES = 500;

/** Reads `--start`: codes of the game, separated by spaces or commas, that identify every secret. */
function startFlag(game: Game, value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const codes = value.split(/[\s,]+/).filter((code) => code !== '');
  const set = [...new Set(codes.map((code) => game.codes.parse(code)))].sort((a, b) => a - b);
  if (set.length === 0 || !identifies(game, set)) {
    throw new CodebreakerError(
      'bad-option',
      `--start ${JSON.stringify(value.slice(0, 200))} does not identify every secret: give a set that does`,
    );
  }
  return set;
}

/** How the status line names what the search is doing at a size. */
const PHASE_TEXT: Record<StaticProgress['phase'], string> = {
  symmetric: 'sets a symmetry keeps, of',
  local: 'local search for',
  exact: 'trying',
};

/** How often `--json` with a checkpoint writes a progress line to stderr. */
const JSON_PROGRESS_MS = 60_000;

/** ", 12 of 1,360 jobs": how far the jobs of the size being searched have got. */
function jobsText(checkpoint: StaticCheckpointFile): string {
  const { done, jobs } = checkpoint.state;
  return jobs === 0 ? '' : `, ${groupThousands(done.size)} of ${groupThousands(jobs)} jobs`;
}

/** A progress line's fields, as `npm run campaign` reads them. */
function progressJson(
  checkpoint: StaticCheckpointFile,
  progress: StaticProgress,
  started: number,
): Record<string, number | string> {
  return {
    seconds: Math.round((milliseconds() - started) / 1000),
    phase: progress.phase,
    size: progress.size,
    lowerBound: checkpoint.state.lowerBound,
    best: checkpoint.state.best?.length ?? progress.best,
    jobsDone: checkpoint.state.done.size,
    jobsKnown: checkpoint.state.jobs,
    nodes: progress.nodes,
  };
}

/** Registers `static`. */
export function staticCommand(program: Command, io: Io): void {
  const command = program
    .command('static')
    .description(
      'find the fewest guesses that, asked all at once with no answers in between, identify every secret from their answers alone, and prove that fewer cannot (naming the secret afterwards is not counted as a guess)',
    );
  addRulesOptions(command);
  command
    .option('--table', "also show each secret's answers to the guesses")
    .option(
      '--time-limit <seconds>',
      'stop after this long with the best set found and the sizes ruled out so far, marked unproved',
    )
    .option(
      '--local-search <seconds>',
      'look this long for a smaller set than the best one, at each size, by local search on every thread, before the exact search (default: a short search on one thread, about a second on Bulls and Cows)',
    )
    .option(
      '--symmetric <seconds>',
      'look this long at each size, before the local search, for a set that a symmetry of the game (a position permutation with a colour renaming) maps onto itself; 0 skips it (default: an effort in proportion to the game, a few seconds on Bulls and Cows)',
    )
    .option(
      '--start <codes>',
      "a set to start from, codes separated by spaces or commas (it must identify every secret), where it is smaller than the greedy one and the checkpoint's: the search then looks below it",
    )
    .option('--threads <n>', threadsHelp(QUICK_MAX_CODES))
    .option(
      '--checkpoint <file>',
      'record in FILE (gzip if it ends in .gz) the sizes refuted, the jobs of the size being searched, and the best set, and, run again, go on from it; Ctrl-C then keeps every job finished',
    )
    .option(
      '--key-file <file>',
      'the key that signs the checkpoint (else $CODEBREAKER_KEY, $CODEBREAKER_KEY_FILE, or your own key)',
    )
    .option(
      '--recheck [share]',
      'search again first the jobs the checkpoint says are refuted (all, or a share such as 0.1, picked at random) and refuse the checkpoint if one finds a set',
    )
    .option(
      '--recheck-resume',
      'with --recheck: go on where an earlier recheck stopped, not searching again the jobs the checkpoint says it refuted',
    )
    .option('--unsigned', UNSIGNED_HELP)
    .option(
      '--estimate <size>',
      "do not search: estimate what the exact search of SIZE guesses would cost (the sets it would visit, and its time on one thread) from random paths of it (Knuth's estimate); with --checkpoint at that size, of the jobs it has not finished",
    )
    .option(
      '--colour-sets',
      'the exact search by colour sets, for games without repetition of up to 4 pegs: which colours each guess uses first, then where (with --checkpoint its jobs are the families of colour sets)',
    )
    .option('--probes <n>', 'with --estimate: the random paths to follow (default: 1000)')
    .option('--seed <n>', 'with --estimate: the seed of the random paths (default: a fresh one)')
    .option(
      '--json',
      'print one JSON document (with --checkpoint, and a progress line a minute on stderr)',
    )
    .action(async (flags: StaticFlags) => {
      const game = gameFromFlags(flags);
      checkFlagsTogether(flags);
      if (flags.estimate !== undefined) {
        const { estimateStatic } = await import('./static-estimate.js');
        await estimateStatic(game, { ...flags, estimate: flags.estimate }, io);
        return;
      }
      const timeLimit = timeLimitFlag(flags.timeLimit);
      const localSeconds = secondsFlag(flags.localSearch, '--local-search');
      const symmetricSeconds = secondsFlag(flags.symmetric, '--symmetric', true);
      const threads = threadsFlag(flags.threads, game.size, QUICK_MAX_CODES);
      if (flags.colourSets) {
        const unfit = colourSetsUnfit(game);
        if (unfit) throw new CodebreakerError('bad-option', `--colour-sets: ${unfit}`);
      }
      const recheck = recheckShare(flags);
      if (recheck > 0 && flags.checkpoint === undefined) {
        throw new CodebreakerError(
          'bad-option',
          '--recheck needs --checkpoint: it checks what the file says',
        );
      }
      if (flags.recheckResume && recheck === 0) {
        throw new CodebreakerError(
          'bad-option',
          '--recheck-resume needs --recheck: it goes on with a recheck the checkpoint recorded',
        );
      }
      const checkpoint =
        flags.checkpoint === undefined
          ? undefined
          : await (await import('../proofs/static-checkpoint.js')).openStaticCheckpoint(
              flags.checkpoint,
              game,
              flags.unsigned ? undefined : (await import('../keys.js')).loadKey(flags.keyFile),
              {
                lowerBound: staticLowerBound(game),
                jobsOf: (size) => staticJobs(game, size, flags.colourSets).length,
                byColourSets: flags.colourSets === true,
              },
              (line) => io.err(`codebreaker: ${safeText(line)}\n`),
            );
      try {
        await searchAndPrint(game, flags, threads, checkpoint, io, {
          timeLimit,
          localSeconds,
          symmetricSeconds,
          recheck,
        });
      } finally {
        checkpoint?.release();
      }
    });
}

/** How `static` searches, its flags read. */
interface SearchFlags {
  readonly timeLimit: number | undefined;
  readonly localSeconds: number | undefined;
  readonly symmetricSeconds: number | undefined;
  readonly recheck: number;
}

/**
 * Searches, with `checkpoint` if given, and prints the result; a result whose checkpoint could
 * not be written last is printed, then fails with status 3 saying so.
 */
async function searchAndPrint(
  game: Game,
  flags: StaticFlags,
  threads: number,
  checkpoint: StaticCheckpointFile | undefined,
  io: Io,
  { timeLimit, localSeconds, symmetricSeconds, recheck }: SearchFlags,
): Promise<void> {
  const start = startFlag(game, flags.start);
  const started = milliseconds();
  const deadline = timeLimit === undefined ? undefined : Date.now() + timeLimit * 1000;
  const status = statusLine(io);
  // On threads, Ctrl-C or SIGTERM ends the search at once, with the best set so far printed
  // (unproved) and the checkpoint written: every job finished is kept. On this thread alone
  // the search never yields, so a signal ends the process as Node would.
  const stop: { stopped?: boolean; interrupt?: () => void } = {};
  const unlisten =
    threads > 1 || checkpoint
      ? onStop(() => {
          stop.stopped = true;
          stop.interrupt?.();
        })
      : undefined;
  let jsonAt = milliseconds();
  let rechecked: Rechecked;
  const result = await solveStaticOnThreads(game, {
    threads,
    deadline,
    localSeconds,
    symmetricSeconds,
    checkpoint,
    start,
    recheck,
    recheckResume: flags.recheckResume === true,
    colourSets: flags.colourSets === true,
    stop,
    onRechecked: (searched, of, earlier) => {
      rechecked = { searched, of, earlier };
    },
    onRecheckProgress: (size, nodes) => {
      status.update(
        0,
        `static: searching again what the checkpoint says is refuted, size ${size}, ${groupThousands(nodes)} sets, ${((milliseconds() - started) / 1000).toFixed(1)} s`,
      );
      if (flags.json && milliseconds() - jsonAt >= JSON_PROGRESS_MS) {
        jsonAt = milliseconds();
        io.err(
          `${JSON.stringify({ progress: { seconds: Math.round((milliseconds() - started) / 1000), phase: 'recheck', size, nodes } })}\n`,
        );
      }
    },
    onProgress: (progress) => {
      const jobs = checkpoint ? jobsText(checkpoint) : '';
      status.update(
        0,
        `static: ${PHASE_TEXT[progress.phase]} ${progress.size} guesses (fewer than ${progress.lowerBound} ruled out), best ${progress.best}, ${groupThousands(progress.nodes)} sets${jobs}, ${((milliseconds() - started) / 1000).toFixed(1)} s`,
      );
      if (flags.json && checkpoint && milliseconds() - jsonAt >= JSON_PROGRESS_MS) {
        jsonAt = milliseconds();
        io.err(`${JSON.stringify({ progress: progressJson(checkpoint, progress, started) })}\n`);
      }
    },
  });
  unlisten?.();
  status.stop();
  const seconds = (milliseconds() - started) / 1000;
  const unwritten = checkpoint?.finish();
  if (stop.stopped && checkpoint && unwritten === undefined) {
    const { lowerBound, done, jobs } = checkpoint.state;
    io.err(
      `codebreaker: stopped; ${checkpoint.path} keeps sizes below ${lowerBound} refuted and ${done.size} of ${jobs} jobs of ${lowerBound}\n`,
    );
  }
  if (!identifies(game, result.guesses)) {
    throw new Error('the static search returned a set that does not identify every secret');
  }
  printStaticResult(io, game, flags, result, {
    threads,
    seconds,
    stopped: stop.stopped ?? false,
    checkpoint,
    rechecked,
  });
  if (unwritten !== undefined) throw unwrittenCheckpoint(checkpoint!.path, unwritten);
}
