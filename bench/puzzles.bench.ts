/**
 * The seed pages' other puzzles: each search against a baseline measured in the same run, the
 * plain generate and test it replaces (every expression built and parsed, every assignment of
 * digits to letters, every arrangement of 1..9, a breadth-first search over strings, and a
 * peg-solitaire search with one jump order and no restarts). Baselines run only where they end
 * in seconds (none does for 4×4 magic squares: 16! arrangements); the peg-solitaire baseline
 * stops at a node cap and says how often it gave up.
 *
 * `tsx bench/puzzles.bench.ts` prints the table; `bench/run.ts` can call `puzzlesBench()`.
 */
import { pathToFileURL } from 'node:url';
import {
  komachi,
  magicSquares,
  parseCryptarithm,
  pegBoard,
  solveCryptarithm,
  waterJugs,
} from '../src/puzzles/index.js';
import { anySolution } from '../src/puzzles/peg-solitaire.js';
import { naiveJugMoves, naiveKomachi, naiveMagicSquares3 } from '../test/naive-puzzles.js';
import { line } from './process.js';

function seconds<T>(work: () => T): [T, number] {
  const start = performance.now();
  const result = work();
  return [result, (performance.now() - start) / 1000];
}

/** Generate and test for word sums: every assignment of distinct digits to the letters. */
function bruteForceCryptarithm(text: string): number {
  const [left, right] = text.split('=');
  const letters = [...new Set(text.replace(/[^A-Z]/g, ''))];
  const weight = new Float64Array(letters.length);
  const leading = new Uint8Array(letters.length);
  const add = (side: string, sign: number): void => {
    for (const match of side.matchAll(/([+-]?)([A-Z]+)/g)) {
      const word = match[2];
      const s = match[1] === '-' ? -sign : sign;
      for (let i = 0; i < word.length; i++) {
        weight[letters.indexOf(word[i])] += s * 10 ** (word.length - 1 - i);
      }
      if (word.length > 1) leading[letters.indexOf(word[0])] = 1;
    }
  };
  add(left, 1);
  add(right, -1);
  const used = new Uint8Array(10);
  let solutions = 0;
  const assign = (i: number, total: number): void => {
    if (i === letters.length) {
      if (total === 0) solutions++;
      return;
    }
    for (let d = leading[i]; d < 10; d++) {
      if (used[d]) continue;
      used[d] = 1;
      assign(i + 1, total + weight[i] * d);
      used[d] = 0;
    }
  };
  assign(0, 0);
  return solutions;
}

/** Peg solitaire by depth-first search with a table of hopeless positions, one jump order, no
 * restarts; gives up after `cap` positions. Returns whether it solved the problem. */
function plainPegSearch(empty: number, cap: number): boolean | undefined {
  const board = pegBoard('english');
  const { jumps, holes } = board;
  const pegs = new Uint8Array(holes).fill(1);
  pegs[empty] = 0;
  const hopeless = new Set<string>();
  let nodes = 0;
  const search = (left: number): boolean | undefined => {
    if (left === 1) return pegs[empty] === 1;
    const key = pegs.join('');
    if (hopeless.has(key)) return false;
    if (++nodes > cap) return undefined;
    for (let j = 0; j < jumps.length; j += 3) {
      const [from, over, to] = [jumps[j], jumps[j + 1], jumps[j + 2]];
      if (!pegs[from] || !pegs[over] || pegs[to]) continue;
      pegs[from] = pegs[over] = 0;
      pegs[to] = 1;
      const solved = search(left - 1);
      pegs[from] = pegs[over] = 1;
      pegs[to] = 0;
      if (solved !== false) return solved;
    }
    hopeless.add(key);
    return false;
  };
  return search(holes - 1);
}

/** Prints the puzzle timings and their ratios to the baselines. */
export function puzzlesBench(): void {
  const widths = [34, 10, 12, 12, 9];
  console.log('puzzles: each search against plain generate and test, in the same run');
  console.log(line(['problem', 'result', 'codebreaker', 'baseline', 'speed-up'], widths));
  const row = (problem: string, result: string | number, ours: number, baseline?: number): void => {
    const ratio = baseline === undefined ? '' : `${Math.round(baseline / ours)}×`;
    const base = baseline === undefined ? '—' : `${baseline.toFixed(3)} s`;
    console.log(line([problem, result, `${ours.toFixed(3)} s`, base, ratio], widths));
  };

  const operators = ['+', '-', '*', '/'] as const;
  const [expressions, ours] = seconds(() =>
    komachi({ digits: '123456789', target: 100, operators: [...operators] }),
  );
  const [naive, baseline] = seconds(() => naiveKomachi('123456789', '+-*/', 100));
  if (naive.length !== expressions.length) throw new Error('komachi: baseline disagrees');
  row('komachi 1..9, + - * /, 100', expressions.length, ours, baseline);

  for (const sum of ['SEND+MORE=MONEY', 'SATURN+URANUS=PLANETS']) {
    const [found, fast] = seconds(() => solveCryptarithm(parseCryptarithm(sum)));
    const [count, slow] = seconds(() => bruteForceCryptarithm(sum));
    if (count !== found.length) throw new Error(`${sum}: baseline disagrees`);
    row(`cryptarithm ${sum}`, found.length, fast, slow);
  }

  const [three, fast3] = seconds(() => magicSquares(3));
  const [naive3, slow3] = seconds(() => naiveMagicSquares3());
  if (naive3.length !== three.length) throw new Error('magic squares: baseline disagrees');
  row('magic squares 3×3', three.length, fast3, slow3);
  for (const unique of [false, true]) {
    const [four, fast4] = seconds(() => magicSquares(4, { unique }));
    row(`magic squares 4×4${unique ? ' --unique' : ''}`, four.length, fast4);
  }

  const capacities = [47, 43, 41];
  const [jugs, fastJugs] = seconds(() => waterJugs({ capacities, target: 48 }));
  const [naiveJugs, slowJugs] = seconds(() => naiveJugMoves(capacities, 48));
  if ((jugs?.moves.length ?? -1) !== (naiveJugs ?? -1)) throw new Error('jugs: baseline disagrees');
  row('water jugs 47,43,41 → 48 (none)', 'none', fastJugs, slowJugs);

  const board = pegBoard('english');
  row(
    'peg english, centre to centre',
    'solved',
    seconds(() => anySolution({ board, empty: 16, end: 16 }))[1],
  );
  // One hole of each symmetry class, each problem ending where it started.
  const classes = [
    ...new Set(
      Array.from({ length: board.holes }, (_, h) => Math.min(...board.symmetries.map((s) => s[h]))),
    ),
  ];
  const cap = 300_000;
  let gaveUp = 0;
  const [, fastPeg] = seconds(() => {
    for (const hole of classes) anySolution({ board, empty: hole, end: hole });
  });
  const [, slowPeg] = seconds(() => {
    for (const hole of classes) if (plainPegSearch(hole, cap) === undefined) gaveUp++;
  });
  row(`peg english, ${classes.length} holes, each to itself`, 'solved', fastPeg, slowPeg);
  console.log(
    `(the peg baseline gave up on ${gaveUp} of ${classes.length} problems after ${cap} positions each, so its time is a lower bound)\n`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) puzzlesBench();
