/**
 * `npm run bench`'s section of exact optimal strategies (`--only=optimal`): the CLI's proofs in a
 * fresh process beside Node doing nothing, and the same searches in-process against themselves
 * with one part switched off (the lookahead bounds, the symmetry, the WebAssembly kernels).
 */
import { allCandidates, classOf, partition } from '../src/candidates.js';
import { Game } from '../src/game.js';
import { resolveRules } from '../src/rules.js';
import { OptimalSearch, SearchStopped } from '../src/search/branch-and-bound.js';
import { costTotal } from '../src/search/cost.js';
import { type OptimalOptions, findOptimal } from '../src/search/optimal.js';
import { SHORT_RUNS, fresh, line, medianRun, timedCli } from './process.js';

/** Seconds since `start` (a `performance.now()` time). */
function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}

/** What an in-process search reports: whether it finished, its total, and the nodes searched. */
interface SearchRun {
  proved: boolean;
  total: number;
  nodes: number;
}

/** What an in-process search is timed with: parts switched off, and when to stop. */
interface Variant {
  lookahead?: boolean;
  symmetry?: boolean;
  simd?: boolean;
  stop?: () => boolean;
}

/** A search to time in-process, given its variant. */
type Problem = (variant: Variant) => Promise<SearchRun>;

/** The whole game, as `findOptimal` solves it. */
function wholeGame(game: Game, base: OptimalOptions): Problem {
  return async ({ stop, ...parts }) => {
    const result = await findOptimal(game, {
      ...base,
      ...parts,
      progressEvery: 256,
      onProgress: stop,
    });
    return { proved: result.proved, total: costTotal(result.cost), nodes: result.nodes };
  };
}

/** One class of the secrets left after `first` (the one of `size` secrets), solved alone. */
function oneClass(game: Game, first: string, size: number): Problem {
  const guess = game.codes.parse(first);
  const split = partition(game, guess, allCandidates(game));
  let answer = 0;
  while (split.start[answer + 1] - split.start[answer] !== size) answer++;
  return async ({ stop, ...parts }) => {
    const search = new OptimalSearch(game, { ...parts, progressEvery: 256, onProgress: stop });
    try {
      const outcome = search.solve(classOf(split, answer), [guess]);
      return { proved: true, total: costTotal(outcome.cost), nodes: search.nodes };
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      return { proved: false, total: Number.NaN, nodes: search.nodes };
    }
  };
}

/** Times `problem` with parts switched off, stopped after `patience` seconds. */
async function ablation(
  problem: Problem,
  parts: Variant,
  patience: number,
): Promise<SearchRun & { seconds: number }> {
  const begin = performance.now();
  const run = await problem({ ...parts, stop: () => seconds(begin) > patience });
  return { ...run, seconds: seconds(begin) };
}

/**
 * Exact optimal strategies, proved: the CLI in a fresh process (Node's start-up included), with
 * its wall-clock and CPU time (every thread of the process: the JIT's and the garbage
 * collector's too), beside Node itself doing nothing, and its node and lookahead counts; then,
 * as baselines in the same run, the search in-process as it is and with one part switched off:
 * the lookahead bounds, the symmetry reduction, or the WebAssembly kernels (each
 * search is run once untimed first, so that every configuration is timed with the JIT warm),
 * on the same games and on one class of Bulls and Cows. A baseline that has not finished after
 * a minute is stopped, and its ratio is a lower bound. Bulls and Cows runs on 2 threads (with
 * --full also on 1, to show what the threads give), and is also proved to need 7 guesses at
 * worst (no strategy within 6).
 */
export async function optimalBench(full: boolean): Promise<void> {
  console.log(
    `optimal strategies, proved: the CLI in a fresh process, Node start-up included (the short ones: medians of ${SHORT_RUNS} runs)`,
  );
  const widths = [46, 7, 4, 9, 9, 9, 11];
  console.log(
    line(['game and objective', 'total', 'max', 'time', 'CPU', 'nodes', 'lookaheads'], widths),
  );
  // The baseline of a fresh process: Node starting and stopping with nothing to do.
  const idle = medianRun(() => fresh(['-e', '0']));
  console.log(
    line(
      [
        'Node itself (node -e 0)',
        '',
        '',
        `${idle.seconds.toFixed(2)} s`,
        `${idle.cpu.toFixed(2)} s`,
        '',
        '',
      ],
      widths,
    ),
  );
  // Title, preset, further flags, and the same search as library options (no baseline: none).
  const rows: [string, string, string[], OptimalOptions | undefined][] = [
    ['Mastermind, least total', 'mastermind', [], {}],
    ['Mastermind, at most 5 guesses', 'mastermind', ['--max-depth', '5'], { maxDepth: 5 }],
    [
      'Mastermind, least worst case',
      'mastermind',
      ['--objective', 'worst'],
      { objective: 'worst' },
    ],
    ['Hit & Blow, least total', 'hit-and-blow', [], {}],
    ['Numer0n, least total', 'numeron', [], {}],
    ['Bulls and Cows, least total, 2 threads', 'moo', ['--threads', '2'], undefined],
    ['Bulls and Cows, at most 6 guesses, 2 threads', 'moo', ['--max-depth', '6'], undefined],
  ];
  if (full)
    rows.push(['Bulls and Cows, least total, 1 thread', 'moo', ['--threads', '1'], undefined]);
  const ablations: [string, string, OptimalOptions][] = [];
  for (const [title, preset, args, options] of rows) {
    const timed = (): ReturnType<typeof timedCli> =>
      timedCli(['optimal', '--game', preset, ...args]);
    // The short proofs (those also timed in-process below) run several times.
    const run = options ? medianRun(timed) : timed();
    console.log(
      line(
        [
          title,
          run.doc.possible === false ? 'none' : String(run.doc.total),
          run.doc.possible === false ? '' : String(run.doc.max),
          `${run.seconds.toFixed(2)} s`,
          `${run.cpu.toFixed(2)} s`,
          String(run.doc.nodes),
          String(run.doc.lookaheads),
        ],
        widths,
      ),
    );
    if (options) ablations.push([title, preset, options]);
  }
  console.log(
    '\nthe same searches in-process (after one run to warm the JIT), against themselves with a part switched off',
  );
  const ablationWidths = [36, 9, 18, 7, 25, 9, 22, 7];
  console.log(
    line(
      [
        'game and objective',
        'search',
        'no lookahead',
        'ratio',
        'no symmetry',
        'ratio',
        'TypeScript kernels',
        'ratio',
      ],
      ablationWidths,
    ),
  );
  const moo = new Game(resolveRules({ game: 'moo' }));
  moo.useTable();
  const problems: [string, Problem][] = ablations.map(([title, preset, options]) => {
    const game = new Game(resolveRules({ game: preset }));
    game.useTable();
    return [title, wholeGame(game, options)];
  });
  // The lookahead matters most on Bulls and Cows: one of its classes, solved alone.
  problems.push(['Bulls and Cows, 1260 left after 0123', oneClass(moo, '0123', 1260)]);
  const patience = 60;
  for (const [title, problem] of problems) {
    await problem({});
    const search = await ablation(problem, {}, Number.POSITIVE_INFINITY);
    const cells = [title, `${search.seconds.toFixed(2)} s`];
    for (const off of [{ lookahead: false }, { symmetry: false }, { simd: false }]) {
      const plain = await ablation(problem, off, patience);
      if (plain.proved && plain.total !== search.total) {
        throw new Error(`${title}: switching a part off changed the total`);
      }
      const more = plain.proved ? '' : '> ';
      cells.push(
        `${more}${plain.seconds.toFixed(2)} s, ${plain.nodes} nodes`,
        `${more}${(plain.seconds / search.seconds).toFixed(1)}×`,
      );
    }
    console.log(line(cells, ablationWidths));
  }
  console.log('');
}
