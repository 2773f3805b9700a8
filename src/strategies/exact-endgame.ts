/**
 * A strategy that plays exactly where the exact search is cheap: at every state of at most
 * `exactBelow` candidates, the guess of a least-total strategy for those candidates (the exact
 * search of search/branch-and-bound.ts, every code a guess); above, the strategy it wraps. Below
 * the threshold each subtree is then optimal for its candidates, so the total can only fall, and
 * the heuristic keeps the large top levels, where the exact search would take days.
 *
 * The search keeps what it solved (per game, in this strategy), so a state's class solved on the
 * way to its parent's guess is looked up, not searched again. Its guesses do not depend on that
 * cache: of the guesses with the least total it takes the first in its ranking's order, so the
 * same state gets the same guess in any process, on any thread.
 */
import type { Game } from '../game.js';
import { OptimalSearch, checkSearchable } from '../search/branch-and-bound.js';
import type { Strategy } from '../strategy.js';

/** `base` with exact play at every state of at most `exactBelow` candidates. */
export function exactEndgame<S extends Strategy>(base: S, exactBelow: number): S {
  const searches = new WeakMap<Game, OptimalSearch>();
  return {
    ...base,
    choose(state) {
      const { game, candidates, history } = state;
      if (candidates.length > exactBelow || candidates.length <= 2) return base.choose(state);
      let search = searches.get(game);
      if (!search) {
        checkSearchable(game);
        search = new OptimalSearch(game);
        searches.set(game, search);
      }
      return search.bestGuess(
        candidates,
        history.map((turn) => turn.guess),
      );
    },
  };
}
