/**
 * A coach's grade of a guess: how many guesses it costs, on average over the secrets still
 * possible, against the best guess from the same position, both followed by optimal play. The
 * exact search answers it (search/branch-and-bound.ts): the least total over the secrets left,
 * and the total with the guess played first. A position the search cannot settle within a node
 * budget gets no grade, so that a page can fall back on a heuristic and say so.
 */
import type { Game } from './game.js';
import { OptimalSearch, SearchStopped } from './search/branch-and-bound.js';
import { costTotal } from './search/cost.js';

/** A guess graded against the best guess from the same position. */
export interface Grade {
  /** The guess graded. */
  readonly guess: number;
  /** A best guess from the position: the least expected guesses after it. */
  readonly best: number;
  /**
   * The guesses the secrets left need on average when `guess` is played and then the optimal
   * strategy, this guess counted.
   */
  readonly expected: number;
  /** The same after `best`: the least possible. */
  readonly bestExpected: number;
  /** `expected − bestExpected`: the guesses lost on average; 0 for a best guess. */
  readonly loss: number;
  /** Nodes the search expanded. */
  readonly nodes: number;
}

/** Options of `gradeGuess`. */
export interface GradeOptions {
  /** The most nodes the search may expand; past it there is no grade (default: no limit). */
  readonly nodes?: number;
}

/**
 * Grades `guess` at the position where `candidates` (in code order) are the secrets still
 * possible after the guesses `history`; undefined if the search needs more than
 * `options.nodes` nodes. Exact: both figures come from optimal play after the guess.
 */
export function gradeGuess(
  game: Game,
  candidates: Int32Array,
  history: readonly number[],
  guess: number,
  options: GradeOptions = {},
): Grade | undefined {
  const budget = options.nodes ?? Number.POSITIVE_INFINITY;
  const search = new OptimalSearch(game, {
    progressEvery: Number.isFinite(budget) ? Math.max(1, Math.min(1024, budget)) : 2048,
    onProgress: ({ nodes }) => nodes > budget,
  });
  try {
    const best = search.solve(candidates, history);
    const played = search.evaluateGuess(candidates, history, guess);
    const n = candidates.length;
    const expected = costTotal(played) / n;
    const bestExpected = costTotal(best.cost) / n;
    // A guess as good on average as the search's best is a best guess: the one played is named.
    const tie = costTotal(played) <= costTotal(best.cost);
    return {
      guess,
      best: tie ? guess : best.guess,
      expected,
      bestExpected,
      loss: tie ? 0 : expected - bestExpected,
      nodes: search.nodes,
    };
  } catch (error) {
    if (error instanceof SearchStopped) return undefined;
    throw error;
  }
}
