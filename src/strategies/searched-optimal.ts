/**
 * The optimal strategy where no proved tree is at hand: at each guess the exact search of
 * search/branch-and-bound.ts finds a least-total guess for the candidates left, within a budget
 * of nodes; past it, a heuristic guesses instead, and the strategy's name says so. What a page
 * needs to play or hint optimally from any state of a small game (classic Mastermind: well under
 * a second a guess), and to stay responsive on a large one.
 *
 * The search keeps what it solved from one guess to the next, so a game's later guesses are
 * mostly lookups. A search stopped by the budget is dropped with what it held.
 */
import { CodebreakerError } from '../errors.js';
import type { Game } from '../game.js';
import { OptimalSearch, SearchStopped, checkSearchable } from '../search/branch-and-bound.js';
import type { GameState, Strategy } from '../strategy.js';
import { type StrategyName, createStrategy } from './index.js';

/** Options of `searchedOptimal`. */
export interface SearchedOptimalOptions {
  /** How many nodes the exact search may expand for one guess (default 50,000; 0: never). */
  readonly nodes?: number;
  /**
   * Whether the search uses the symmetries of the guesses played (default true). Turn it off
   * where the candidates were narrowed by more than the answers to those guesses (a Numer0n
   * item), which their symmetries do not see.
   */
  readonly symmetry?: boolean;
  /** The strategy that guesses past the budget (default `most-parts`). */
  readonly fallback?: StrategyName;
}

/** The default budget of `searchedOptimal`, in nodes a guess. */
export const SEARCHED_OPTIMAL_NODES = 50_000;

/**
 * The optimal strategy by exact search, a guess at a time, within `nodes` a guess; past the
 * budget, `fallback`. Its `name` is `optimal` while the search decides, and
 * `optimal/<fallback>` after a guess the fallback chose. Throws `too-large` for a game the exact
 * search cannot hold, `bad-option` for a budget that is not a whole number of nodes.
 */
export function searchedOptimal(game: Game, options: SearchedOptimalOptions = {}): Strategy {
  checkSearchable(game);
  const { nodes = SEARCHED_OPTIMAL_NODES, symmetry = true, fallback = 'most-parts' } = options;
  if (!Number.isInteger(nodes) || nodes < 0) {
    throw new CodebreakerError(
      'bad-option',
      `nodes must be a whole number, 0 or more, not ${nodes}`,
    );
  }
  const heuristic = createStrategy(fallback);
  let search: OptimalSearch | undefined;
  let limit = 0;
  let fellBack = false;
  const exact = (state: GameState): number | undefined => {
    search ??= new OptimalSearch(game, {
      symmetry,
      progressEvery: Math.max(1, Math.min(1024, nodes)),
      onProgress: (progress) => progress.nodes > limit,
    });
    limit = search.nodes + nodes;
    try {
      return search.bestGuess(
        state.candidates,
        state.history.map((turn) => turn.guess),
      );
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      search = undefined;
      return undefined;
    }
  };
  return {
    get name() {
      return fellBack ? `optimal/${heuristic.name}` : 'optimal';
    },
    choose(state) {
      const guess = exact(state);
      fellBack = guess === undefined;
      return guess ?? heuristic.choose(state);
    },
  };
}
