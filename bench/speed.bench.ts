/**
 * The speed table of issue 30: each row a whole command in a fresh process, as a ratio against a
 * baseline measured in the same run where there is one — Node's own start-up (`node -e 0`) for
 * the small games, a plain JavaScript script of the same algorithm for first-consistent — and,
 * for the heuristics of the big games, against the CPU time they took when the issue was filed
 * and the C++ program's then, measured on this kind of machine (2 cores of an AMD EPYC).
 * Each total is checked against the figure recorded here; a row that differs stops the run.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, cpus, totalmem } from 'node:os';
import {
  type FreshRun,
  SHORT_RUNS,
  fresh,
  line,
  medianRun,
  timedCli,
  timedProgram,
} from './process.js';

/** The machine, as the bench's reader needs it to compare runs. */
function machine(): string {
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, ${gib} GiB, Node ${process.version}`;
}

/** A small command: its CPU above Node's start-up, and the goal for it. */
interface SmallRow {
  readonly args: string[];
  /** The C++ program's whole process, CPU s, where the issue gives one. */
  readonly cpp?: number;
  /** At most this much CPU above `node -e 0`. */
  readonly goal?: number;
  /**
   * The goal is the C++ program's whole process: with MMSTRAT naming a build of it, the goal and
   * the C++ column are what it takes in this run (`optimalSolver`).
   */
  readonly cppInRun?: boolean;
}

const SMALL: SmallRow[] = [
  { args: ['--version'] },
  { args: ['optimal', '--game', 'mastermind'], cpp: 0.12, goal: 0.12, cppInRun: true },
  { args: ['analyze', '--game', 'mastermind', '--strategy', 'minimax'], cpp: 0.032, goal: 0.05 },
  { args: ['analyze', '--game', 'mastermind', '--strategy', 'entropy'], cpp: 0.054 },
];

/** A heuristic analysis of a big game, one thread, with its CPU when issue 30 was filed. */
interface BigRow {
  readonly game: string[];
  readonly strategy: string[];
  readonly total: number;
  /** codebreaker's CPU s then, and the C++ program's. */
  readonly filed: number;
  readonly cpp: number;
}

const SUPER = ['--game', 'super-mastermind'];
/** How many runs each big game's row takes its median of. */
const BIG_RUNS = 3;
/** How many pairs of runs, one thread and every core, each scaling row takes its median of. */
const THREAD_PAIRS = 5;
/** The scaling on two cores the issue asks of every heuristic of Super Mastermind. */
const SCALING_GOAL = 1.8;
/** The heuristics whose scaling is measured, with their totals (the walk's own, checked). */
const SCALED: [string, number][] = [
  ['minimax', 183966],
  ['expected-size', 180287],
  ['entropy', 179863],
  ['most-parts', 181834],
];
const FIVE_BY_SEVEN = ['--pegs', '5', '--colors', '7', '--repeat'];
const BIG: BigRow[] = [
  {
    game: SUPER,
    strategy: ['entropy', '--first', '11223'],
    total: 179704,
    filed: 19.7,
    cpp: 14.8,
  },
  { game: SUPER, strategy: ['minimax'], total: 183966, filed: 13.4, cpp: 16.1 },
  { game: SUPER, strategy: ['expected-size'], total: 180287, filed: 18.2, cpp: 15.5 },
  { game: SUPER, strategy: ['most-parts'], total: 181834, filed: 16.0, cpp: 9.7 },
  { game: FIVE_BY_SEVEN, strategy: ['entropy'], total: 86632, filed: 7.0, cpp: 5.2 },
  { game: FIVE_BY_SEVEN, strategy: ['minimax'], total: 87936, filed: 5.1, cpp: 4.3 },
];

/**
 * The best public C++ exact solver (mmstrat, github.com/widmaN/mastermind-strategy), proving
 * classic Mastermind's optimum in this run, where the environment's MMSTRAT names a build of it:
 * the median of SHORT_RUNS runs, its total checked. Without it, the figure the issue was filed
 * with stands (the C++ column's 0.120).
 */
function optimalSolver(): FreshRun | undefined {
  const program = process.env.MMSTRAT;
  if (!program) return undefined;
  const args = ['-r', 'mm', '-s', 'optimal', '-S'];
  const check = spawnSync(program, args, { encoding: 'utf8' });
  if (check.status !== 0 || !/\boptimal\s+5625\b/.test(check.stdout)) {
    throw new Error(`${program} ${args.join(' ')} did not prove 5625`);
  }
  const run = medianRun(() => timedProgram(program, args));
  console.log(`the C++ exact solver (${program}) in this run: ${run.cpu.toFixed(3)} CPU s`);
  return run;
}

/** Runs `analyze` and checks its total against the one recorded. */
function analysis(args: string[], total: number): { seconds: number; cpu: number } {
  const run = timedCli(['analyze', ...args]);
  if (run.doc.total !== total) {
    throw new Error(`analyze ${args.join(' ')} totals ${run.doc.total}, not ${total}`);
  }
  return run;
}

export function speedBench(): void {
  console.log(`speed: whole commands in fresh processes (${machine()})`);

  // Small games: CPU above Node's own start-up, medians of SHORT_RUNS runs.
  const node = medianRun(() => fresh(['-e', '0']));
  console.log(
    `small games: CPU s, medians of ${SHORT_RUNS} runs; node -e 0 took ${node.cpu.toFixed(3)} s`,
  );
  const solver = optimalSolver();
  let widths = [52, 8, 11, 9, 10, 12];
  console.log(
    line(['command', 'CPU s', 'above node', '× node', 'C++ CPU s', 'goal: above'], widths),
  );
  for (const row of SMALL) {
    const run: FreshRun = medianRun(() => fresh(['dist/cli/main.cjs', ...row.args]));
    if (run.status !== 0) throw new Error(`codebreaker ${row.args.join(' ')} failed`);
    const above = run.cpu - node.cpu;
    const cpp = row.cppInRun && solver ? solver.cpu : row.cpp;
    const target = row.cppInRun && solver ? solver.cpu : row.goal;
    const goal = target === undefined ? '' : `≤ ${target.toFixed(3)}${above <= target ? '' : ' ✗'}`;
    console.log(
      line(
        [
          row.args.join(' '),
          run.cpu.toFixed(3),
          above.toFixed(3),
          (run.cpu / node.cpu).toFixed(2),
          cpp?.toFixed(3) ?? '',
          goal,
        ],
        widths,
      ),
    );
  }

  // Big games, one thread: against the figures of the issue, each the median of BIG_RUNS runs
  // (a run now and then takes half as long again, when the host slows down).
  console.log(
    `\nheuristic analyses of big games, one thread (--threads 1): CPU s, medians of ${BIG_RUNS} runs`,
  );
  widths = [44, 8, 9, 9, 10, 9, 10];
  console.log(line(['analysis', 'total', 'CPU s', 'filed', '× filed', 'C++', '× C++'], widths));
  for (const row of BIG) {
    const args = [...row.game, '--strategy', ...row.strategy, '--threads', '1'];
    const runs = Array.from({ length: BIG_RUNS }, () => analysis(args, row.total));
    const run = runs.sort((a, b) => a.cpu - b.cpu)[Math.floor(BIG_RUNS / 2)];
    const name = `${row.game.join(' ').replace('--game ', '')} ${row.strategy.join(' ')}`;
    console.log(
      line(
        [
          name,
          row.total,
          run.cpu.toFixed(2),
          row.filed.toFixed(1),
          (run.cpu / row.filed).toFixed(2),
          row.cpp.toFixed(1),
          (run.cpu / row.cpp).toFixed(2),
        ],
        widths,
      ),
    );
  }

  // First-consistent on 6 of 10 against a plain script of the same algorithm.
  const plain = fresh(['bench/plain-first-consistent.mjs', '6', '10']);
  const ours = analysis(
    ['--pegs', '6', '--colors', '10', '--no-repeat', '--threads', '1'],
    Number(plain.out),
  );
  console.log(
    `\nfirst-consistent, 6 of 10 (151,200 codes, total ${plain.out.trim()}): ${ours.seconds.toFixed(2)} s wall, ${ours.cpu.toFixed(2)} CPU s; the plain script ${plain.seconds.toFixed(2)} s wall, ${plain.cpu.toFixed(2)} CPU s: ${(ours.cpu / plain.cpu).toFixed(2)}× its CPU`,
  );

  // Every core: each heuristic of Super Mastermind on one thread and on all, in pairs. The host's
  // own speed drifts by up to half from one minute to the next (a fixed loop of 3·10⁹ steps took
  // 3.1 to 5.0 s), so the ratio is each pair's, and the median pair is shown.
  const cores = availableParallelism();
  console.log(
    `\nSuper Mastermind on ${cores} threads against one: wall s, the median of ${THREAD_PAIRS} pairs (goal: ${SCALING_GOAL}×)`,
  );
  for (const [strategy, total] of SCALED) {
    const args = [...SUPER, '--strategy', strategy, '--threads'];
    const pairs = Array.from({ length: THREAD_PAIRS }, () => {
      const one = analysis([...args, '1'], total);
      const all = analysis([...args, String(cores)], total);
      return { one, all, ratio: one.seconds / all.seconds };
    }).sort((a, b) => a.ratio - b.ratio);
    const { one, all, ratio } = pairs[Math.floor(pairs.length / 2)];
    const mark = ratio >= SCALING_GOAL ? '✓' : '✗';
    console.log(
      `${strategy.padStart(14)}: ${all.seconds.toFixed(2)} s against ${one.seconds.toFixed(2)}, ${ratio.toFixed(2)}× ${mark} (pairs ${pairs.map((p) => p.ratio.toFixed(2)).join(', ')}; CPU ${all.cpu.toFixed(2)} against ${one.cpu.toFixed(2)} s)`,
    );
  }
  console.log();
}
