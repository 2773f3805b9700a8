/**
 * What the exact search of one static set size (static-size.ts) would cost, before it is run:
 * Knuth's estimate ("Estimating the efficiency of backtrack programs", 1975). A path from the
 * search's root takes at each node one child at random; a node reached through branchings of
 * b₁, b₂, … children stands for b₁·b₂·… nodes like it, so the sets a path meets, each so
 * weighted, are a draw whose expectation is exactly the number of sets the search visits, and
 * their mean over many paths an estimate with a standard error. The same weighting of each
 * node's work, timed, estimates its time. Paths can leave out the jobs of a campaign already
 * searched, to estimate what is left of it.
 */
import type { Game } from '../game.js';
import { type StaticJobsLeftOut, staticProbes } from './static-size.js';

/** How to estimate one set size's search (`estimateStaticSize`). */
export interface StaticEstimateOptions {
  /** Random paths to probe. */
  readonly probes: number;
  /** Draws uniformly in [0, 1). */
  readonly random: () => number;
  /** Jobs to leave out (searched already). */
  readonly leaveOut?: StaticJobsLeftOut;
  /** Called after each path with the number probed so far. */
  readonly onProgress?: (probed: number) => void;
}

/** What Knuth's estimate of one set size's search found (`estimateStaticSize`). */
export interface StaticEstimate {
  /** Paths probed. */
  readonly probes: number;
  /** The sets the search would visit: the mean over the paths. */
  readonly sets: number;
  /** The standard error of `sets`. */
  readonly setsError: number;
  /**
   * The seconds of one thread it would take, likewise (the nodes' work timed on each path; high
   * on large games, whose paths run colder than the search: docs/cli.md).
   */
  readonly seconds: number;
  /** The standard error of `seconds`. */
  readonly secondsError: number;
}

/**
 * Estimates what searching `size` would cost from random paths of its search (see the module
 * comment). Throws `CodebreakerError` if the game is too large to hold its answer
 * table.
 */
export function estimateStaticSize(
  game: Game,
  size: number,
  options: StaticEstimateOptions,
): StaticEstimate {
  const { probes, random, leaveOut, onProgress } = options;
  const probe = staticProbes(game, size);
  const sets = new Float64Array(probes);
  const seconds = new Float64Array(probes);
  for (let p = 0; p < probes; p++) {
    const path = probe(random, leaveOut);
    sets[p] = path.sets;
    seconds[p] = path.seconds;
    onProgress?.(p + 1);
  }
  const [setsMean, setsError] = meanAndError(sets);
  const [secondsMean, secondsError] = meanAndError(seconds);
  return { probes, sets: setsMean, setsError, seconds: secondsMean, secondsError };
}

/** The mean of `values` and its standard error (0 for fewer than two). */
function meanAndError(values: Float64Array): [number, number] {
  const count = values.length;
  let sum = 0;
  for (const value of values) sum += value;
  const mean = count > 0 ? sum / count : 0;
  if (count < 2) return [mean, 0];
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  return [mean, Math.sqrt(squares / (count - 1) / count)];
}
