/**
 * Static Mastermind: time and peak memory of `codebreaker static` (proving each set smallest),
 * against a baseline measured in the same run: the plain search the thesis started from, which
 * tries every set of guesses of each size in turn with only the log-of-answers bound, no
 * symmetry and no pruning. The baseline runs only where it ends in seconds.
 *
 * Each game runs in a child process, so its peak resident memory is its own (src/cli/peak-memory.ts:
 * not maxRSS, which would count the memory of the process that started it).
 * `tsx bench/static.bench.ts` runs the table; `--full` adds classic Mastermind on both cores.
 * `bench/run.ts` can call `staticBench()` instead.
 */
import { fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { peakMemory } from '../src/cli/peak-memory.js';
import { solveStaticOnThreads } from '../src/cli/proofs/static-run.js';
import { Game } from '../src/game.js';
import { resolveRules } from '../src/rules.js';
import { identifies } from '../src/search/static.js';
import { line } from './process.js';

interface Spec {
  readonly pegs: number;
  readonly colors: number;
  readonly repeat: boolean;
  /** Run the baseline too (it must end in seconds). */
  readonly baseline: boolean;
}

interface Measured {
  readonly size: number;
  readonly proved: boolean;
  readonly guesses: string[];
  readonly seconds: number;
  readonly peakMemoryMb: number;
  readonly baselineSeconds?: number;
}

const games: Spec[] = [
  { pegs: 2, colors: 6, repeat: true, baseline: true },
  { pegs: 2, colors: 7, repeat: true, baseline: true },
  { pegs: 2, colors: 10, repeat: true, baseline: false },
  { pegs: 3, colors: 4, repeat: true, baseline: true },
  { pegs: 3, colors: 5, repeat: true, baseline: true },
  { pegs: 3, colors: 6, repeat: true, baseline: false },
  { pegs: 3, colors: 7, repeat: true, baseline: false },
  { pegs: 3, colors: 5, repeat: false, baseline: true },
  { pegs: 4, colors: 4, repeat: true, baseline: false },
  { pegs: 4, colors: 5, repeat: false, baseline: false },
];
const mastermind: Spec = { pegs: 4, colors: 6, repeat: true, baseline: false };

function gameOf(spec: Spec): Game {
  return new Game(resolveRules({ pegs: spec.pegs, colors: spec.colors, repeat: spec.repeat }));
}

/** The plain search: every set of each size, in order, until one identifies every secret. */
function plainSearch(game: Game): number {
  const n = game.size;
  const table = game.useTable()!;
  let size = Math.ceil(Math.log(n) / Math.log(game.answers - 1));
  const chosen: number[] = [];
  const rows = new Set<number>();
  const separates = (): boolean => {
    rows.clear();
    for (let s = 0; s < n; s++) {
      let row = 0;
      for (const g of chosen) row = row * game.answers + table[g * n + s];
      if (rows.has(row)) return false;
      rows.add(row);
    }
    return true;
  };
  const extend = (from: number): boolean => {
    if (chosen.length === size) return separates();
    for (let g = from; g < n; g++) {
      chosen.push(g);
      const found = extend(g + 1);
      chosen.pop();
      if (found) return true;
    }
    return false;
  };
  while (!extend(0)) size++;
  return size;
}

/** Measures one game in this process (run as a child). */
async function measure(spec: Spec, threads: number): Promise<Measured> {
  const game = gameOf(spec);
  const started = performance.now();
  const result = await solveStaticOnThreads(game, { threads });
  const seconds = (performance.now() - started) / 1000;
  if (!identifies(game, result.guesses)) throw new Error('the set found does not identify');
  let baselineSeconds: number | undefined;
  if (spec.baseline) {
    const start = performance.now();
    const size = plainSearch(game);
    baselineSeconds = (performance.now() - start) / 1000;
    if (size !== result.guesses.length) throw new Error('baseline and codebreaker disagree');
  }
  return {
    size: result.guesses.length,
    proved: result.proved,
    guesses: result.guesses.map((g) => game.codes.make(g)),
    seconds,
    peakMemoryMb: peakMemory() / 2 ** 20,
    baselineSeconds,
  };
}

/** Runs `spec` in a child process and returns what it measured. */
function inChild(spec: Spec, threads: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--child', JSON.stringify({ spec, threads })],
      {
        execArgv: ['--import', 'tsx'],
      },
    );
    child.on('message', (message) => resolve(message as Measured));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the bench child for ${JSON.stringify(spec)} failed`));
    });
  });
}

/** Prints the table; `--full` on the command line adds classic Mastermind on two threads. */
export async function staticBench(): Promise<void> {
  const full = process.argv.includes('--full');
  const widths = [26, 6, 5, 7, 10, 9, 13, 9];
  console.log('static Mastermind: smallest identifying sets, proved smallest');
  console.log(
    line(
      ['game', 'codes', 'size', 'proved', 'time', 'peak RSS', 'plain search', 'speed-up'],
      widths,
    ),
  );
  const runs: [Spec, number][] = games.map((spec) => [spec, 1]);
  if (full) runs.push([mastermind, 2]);
  for (const [spec, threads] of runs) {
    const m = await inChild(spec, threads);
    const name = `${spec.pegs} pegs ${spec.colors} colours${spec.repeat ? '' : ' no rep.'}${threads > 1 ? ` (${threads} thr.)` : ''}`;
    console.log(
      line(
        [
          name,
          gameOf(spec).size,
          m.size,
          m.proved ? 'yes' : 'no',
          `${m.seconds.toFixed(2)} s`,
          `${m.peakMemoryMb.toFixed(0)} MB`,
          m.baselineSeconds === undefined ? '—' : `${m.baselineSeconds.toFixed(2)} s`,
          m.baselineSeconds === undefined ? '—' : `${Math.round(m.baselineSeconds / m.seconds)}×`,
        ],
        widths,
      ),
    );
  }
  if (!full) console.log('(add --full for classic Mastermind, 4 pegs 6 colours, on two threads)');
  console.log('');
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  const { spec, threads } = JSON.parse(process.argv[childAt + 1]) as {
    spec: Spec;
    threads: number;
  };
  process.send!(await measure(spec, threads));
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await staticBench();
}
