/** `codebreaker static`: the fewest guesses that, asked all at once, identify every secret. */
import type { Command } from 'commander';
import type { Game } from '../../game.js';
import { groupThousands } from '../../numbers.js';
import { describeRules, rulesJson } from '../../rules.js';
import { localStaticSet } from '../../search/static-local.js';
import { searchStaticSize } from '../../search/static-size.js';
import {
  type StaticProgress,
  type StaticResult,
  identifies,
  solveStatic,
} from '../../search/static.js';
import { milliseconds } from '../clock.js';
import type { Io } from '../io.js';
import { statusLine } from '../progress.js';
import { StaticPool } from '../proofs/static-threads.js';
import {
  type RulesFlags,
  addRulesOptions,
  gameFromFlags,
  secondsFlag,
  threadsFlag,
  threadsHelp,
  timeLimitFlag,
} from '../rules-options.js';

interface StaticFlags extends RulesFlags {
  json?: boolean;
  table?: boolean;
  timeLimit?: string;
  localSearch?: string;
  threads?: string;
}

/** Sizes below this are searched in the main thread: starting workers would cost more. */
const THREADED_MIN_SIZE = 4;
/** Games of up to this many codes take about a second on one thread (3×7: 0.4 s, 3×8: 8 s). */
const QUICK_MAX_CODES = 500;

/** How `solveStaticOnThreads` runs. */
interface StaticRun {
  readonly threads: number;
  readonly deadline?: number;
  /** Seconds of local search at each size below the best set (default: the core's small effort). */
  readonly localSeconds?: number;
  readonly onProgress?: (progress: StaticProgress) => void;
}

/** Finds and proves a smallest identifying set, on `threads` threads. */
export async function solveStaticOnThreads(game: Game, run: StaticRun): Promise<StaticResult> {
  const { threads, deadline, localSeconds, onProgress } = run;
  const pool = threads > 1 ? new StaticPool(threads) : undefined;
  const localDeadline = (): number =>
    Math.min(Date.now() + (localSeconds ?? 0) * 1000, deadline ?? Number.POSITIVE_INFINITY);
  try {
    return await solveStatic(game, {
      deadline,
      onProgress,
      searchSize: (size, onNodes) =>
        pool && size >= THREADED_MIN_SIZE
          ? pool.searchSize(game.rules, size, deadline, onNodes)
          : searchStaticSize(game, size, { deadline, onProgress: onNodes }),
      ...(localSeconds === undefined
        ? {}
        : {
            improve: (size: number, from: readonly number[]) =>
              pool
                ? pool.localSearch(game.rules, size, from, localDeadline())
                : localStaticSet(game, size, {
                    from,
                    moves: Number.POSITIVE_INFINITY,
                    deadline: localDeadline(),
                    everyPosition: true,
                  }).guesses,
          }),
    });
  } finally {
    await pool?.close();
  }
}

/** Each secret's answers to the guesses, as text: `{"1111": ["1H0B", …], …}`. */
function answerTable(game: Game, guesses: readonly number[]): [string, string[]][] {
  const rows: [string, string[]][] = [];
  for (let secret = 0; secret < game.size; secret++) {
    const answers = guesses.map((g) => game.answerText(game.score(g, secret)));
    rows.push([game.codes.make(secret), answers]);
  }
  return rows;
}

function provedText(result: StaticResult): string {
  const size = result.guesses.length;
  if (result.proved) {
    return size <= 1
      ? 'yes'
      : `yes: no ${size - 1} guess${size === 2 ? '' : 'es'} identify every secret`;
  }
  return `no: sizes below ${result.lowerBound} are ruled out; the time limit ended the search of size ${result.lowerBound}`;
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
    .option('--threads <n>', threadsHelp(QUICK_MAX_CODES))
    .option('--json', 'print one JSON document')
    .action(async (flags: StaticFlags) => {
      const game = gameFromFlags(flags);
      const timeLimit = timeLimitFlag(flags.timeLimit);
      const localSeconds = secondsFlag(flags.localSearch, '--local-search');
      const threads = threadsFlag(flags.threads, game.size, QUICK_MAX_CODES);
      const started = milliseconds();
      const deadline = timeLimit === undefined ? undefined : Date.now() + timeLimit * 1000;
      const status = statusLine(io);
      const result = await solveStaticOnThreads(game, {
        threads,
        deadline,
        localSeconds,
        onProgress: (progress) =>
          status.update(
            0,
            `static: ${progress.phase === 'local' ? 'local search for' : 'trying'} ${progress.size} guesses (fewer than ${progress.lowerBound} ruled out), best ${progress.best}, ${groupThousands(progress.nodes)} sets, ${((milliseconds() - started) / 1000).toFixed(1)} s`,
          ),
      });
      status.stop();
      const seconds = (milliseconds() - started) / 1000;
      if (!identifies(game, result.guesses)) {
        throw new Error('the static search returned a set that does not identify every secret');
      }
      const guesses = result.guesses.map((g) => game.codes.make(g));
      if (flags.json) {
        const doc = {
          rules: rulesJson(game.rules),
          size: guesses.length,
          guesses,
          proved: result.proved,
          lowerBound: result.lowerBound,
          nodes: result.nodes,
          seconds: Number(seconds.toFixed(3)),
          threads,
          ...(flags.table
            ? { answers: Object.fromEntries(answerTable(game, result.guesses)) }
            : {}),
        };
        io.out(`${JSON.stringify(doc)}\n`);
        return;
      }
      const lines = [
        `rules    ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
        `size     ${guesses.length} guesses, asked at once, identify every secret from the answers`,
        `guesses  ${guesses.join(' ')}`,
        `proved   ${provedText(result)}`,
        `searched ${groupThousands(result.nodes)} sets in ${seconds.toFixed(2)} s on ${threads} thread${threads === 1 ? '' : 's'}`,
      ];
      if (flags.table) {
        const width = game.pegs + 2;
        lines.push('', `secret  ${guesses.map((g) => g.padEnd(width)).join(' ')}`.trimEnd());
        for (const [secret, answers] of answerTable(game, result.guesses)) {
          lines.push(
            `${secret.padEnd(6)}  ${answers.map((a) => a.padEnd(width)).join(' ')}`.trimEnd(),
          );
        }
      }
      io.out(`${lines.join('\n')}\n`);
    });
}
