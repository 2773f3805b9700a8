/**
 * Exact optimal strategies, proved by exhaustive depth-first branch and bound: the search of one
 * node (a set of secrets still possible) and everything below it.
 *
 * The state of the search is the set C of secrets still possible: the best play from C depends
 * on nothing else. A guess g splits C into classes C_a by answer, and costs
 *
 *     cost(C, g) = (|C|, 1) ⊕ Σ_a cost(C_a)          (the all-hits class is done)
 *
 * where a cost is the pair (total guesses over the secrets, most guesses for one secret), added
 * as totals and maxed as depths, and compared lexicographically (search/cost.ts). A depth
 * budget allows only strategies that never need more guesses than it.
 *
 * At each node:
 * - only essentially different guesses are tried (search/guess-choice.ts), and only guesses that
 *   split C at all;
 * - each guess gets an admissible lower bound from its class sizes (search/ranking.ts), under
 *   the bounds of the node's width, the most answers one guess gets from it (search/bounds.ts:
 *   no class below can be wider), and the guesses are tried in order of that bound, so good
 *   strategies come first and the loop stops as soon as the bound reaches the best found;
 * - a candidate that splits C into singletons costs (2|C| − 1, 2), the least any strategy can,
 *   so it ends the node at once; classes of one or two secrets are never searched (their cost is
 *   exact: (1, 1) and (3, 2));
 * - before a guess's classes are solved, each class of six or more secrets gets a lookahead
 *   bound: the least, over every guess at that class, of the size bounds of the classes it
 *   would make (the ranking a search of the class starts with anyway, so it is kept and reused
 *   if the class is searched). This is admissible: a class's cost is its size plus the cost of
 *   its best guess's classes, each at least its size bound. Most guesses that cannot win are
 *   refuted here, before any class is solved in vain;
 * - each class gets the budget left by the best so far minus the others' lower bounds, so a
 *   child fails as soon as it cannot lead to an improvement;
 * - results are cached by candidate set and depth budget (search/set-cache.ts): exact costs with
 *   their best guess, and for failed searches the lower bound they proved, which later visits
 *   start from.
 *
 * "Proved" means the search finished: every guess was either evaluated or cut by a bound that
 * is admissible, so no better strategy exists. Splitting a whole game into jobs, running them
 * and merging their answers is search/optimal.ts's; this module searches one job.
 */
import { CodebreakerError } from '../errors.js';
import { type Game, SEARCH_MAX_CODES } from '../game.js';
import { groupThousands } from '../numbers.js';
import type { SizeBounds } from './bounds.js';
import { UNLIMITED, keyBound } from './cost.js';
import { Recursion } from './recursion.js';
import type { SearchOptions } from './search-options.js';
import { EXACT } from './split.js';

export { SearchStopped } from './search-options.js';

/** Throws a `too-large` error if `game` has more codes than the exact search takes. */
export function checkSearchable(game: Game): void {
  if (game.size <= SEARCH_MAX_CODES) return;
  throw new CodebreakerError(
    'too-large',
    `exact search needs a score table of every pair of codes; ${groupThousands(game.size)} codes is more than the ${groupThousands(SEARCH_MAX_CODES)} it handles`,
  );
}

/** A cost, or proof that a node cannot beat its limit (`guess` −1 and `cost` a lower bound). */
export interface Outcome {
  readonly cost: number;
  readonly guess: number;
}

/** A guess at the top of a proof, with its classes split into the settled and the open. */
interface GuessPlan {
  readonly guess: number;
  /** The secrets plus the totals of the settled classes. */
  readonly total: number;
  /** The worst case so far (1 + the settled classes' deepest). */
  readonly deepest: number;
  /** Classes whose cost is known without a search (their trees come from `tree`). */
  readonly settled: readonly { readonly answer: number; readonly members: Int32Array }[];
  /** The classes left to solve, in the order to solve them, with their proved lower bounds. */
  readonly open: readonly {
    readonly answer: number;
    readonly members: Int32Array;
    readonly lower: number;
  }[];
}

/**
 * Branch and bound over guesses for one game. Keeps its cache between calls, so asking for the
 * best guess at every node of the optimal tree after proving the root costs little.
 */
export class OptimalSearch {
  /** The size bounds of the game as a whole (its width P − 1: search/bounds.ts). */
  readonly bounds: SizeBounds;
  /** The recursion, and the search's state. */
  readonly #search: Recursion;

  constructor(
    readonly game: Game,
    options: SearchOptions = {},
  ) {
    checkSearchable(game);
    this.#search = new Recursion(game, options);
    this.bounds = this.#search.bounds;
  }

  /** Nodes searched (cache misses that were expanded). */
  get nodes(): number {
    return this.#search.nodes;
  }

  /** Classes ranked only for their lookahead bound. */
  get lookaheads(): number {
    return this.#search.lookaheads;
  }

  /**
   * The least cost of solving `candidates` within `depth` guesses, if it is below `limit`
   * (a packed cost); otherwise a lower bound ≥ `limit` with guess −1. `history` is the guesses
   * that led here (for symmetry). Where `onProgress` stops it (`SearchStopped`), the search can
   * be asked again, this set or another: its cache keeps only what was solved to the end
   * (src/search/stopped.test.ts).
   */
  solve(
    candidates: Int32Array,
    history: readonly number[] = [],
    depth = UNLIMITED,
    limit = Number.POSITIVE_INFINITY,
  ): Outcome {
    this.#search.choice.reset(history);
    const cost = this.#search.node(
      candidates,
      depth,
      limit,
      this.#search.savedFor(candidates, depth, limit),
    );
    return { cost, guess: cost < limit ? this.#search.cachedGuess(candidates, depth) : -1 };
  }

  /**
   * The guesses worth trying at `candidates` (reached by `history`) whose bounds are below
   * `limit`, in the order the search tries them, with their lower bounds (packed costs), and the
   * least bound of those left out. For splitting work into jobs.
   */
  rankGuesses(
    candidates: Int32Array,
    history: readonly number[],
    depth = UNLIMITED,
    limit = Number.POSITIVE_INFINITY,
  ): { guesses: number[]; bounds: number[]; skipped: number } {
    this.#search.choice.reset(history);
    const ranking =
      this.#search.savedFor(candidates, depth, limit) ??
      this.#search.rank(candidates, depth, limit, this.#search.byWidth.widest);
    const order = Array.from({ length: ranking.count }, (_, i) => i);
    order.sort(
      (a, b) => ranking.keys[a] - ranking.keys[b] || ranking.guesses[a] - ranking.guesses[b],
    );
    return {
      guesses: order.map((i) => ranking.guesses[i]),
      bounds: order.map((i) => keyBound(ranking.keys[i])),
      skipped: ranking.skipped,
    };
  }

  /**
   * The cost of playing `guess` at `candidates` (reached by `history`) and then the best
   * strategy within `depth`, if it is below `limit` (a packed cost); otherwise a lower bound
   * ≥ `limit`. For splitting the guesses of a node into jobs.
   */
  evaluateGuess(
    candidates: Int32Array,
    history: readonly number[],
    guess: number,
    depth = UNLIMITED,
    limit = Number.POSITIVE_INFINITY,
  ): number {
    this.#search.choice.reset(history);
    this.#search.measureWidth(candidates);
    return this.#search.evaluate(guess, candidates, depth, limit);
  }

  /**
   * How `guess` at `candidates` (reached by `history`) splits them, what of its classes is
   * settled without a search, and the lower bounds of the rest, lookahead included; or, as a
   * number, a lower bound on its cost that reaches `best` (a packed cost): the guess cannot win.
   * The top of a proof, where each open class becomes a job.
   */
  planGuess(
    candidates: Int32Array,
    history: readonly number[],
    guess: number,
    depth: number,
    best: number,
  ): GuessPlan | number {
    this.#search.choice.reset(history);
    this.#search.measureWidth(candidates);
    this.#search.choice.push(guess);
    const split = this.#search.prepare(guess, candidates, depth, best);
    if (typeof split === 'number') return split;
    const { classes, unsettled, lower, total, deepest } = split;
    const open = [];
    for (let i = 0; i < unsettled; i++) {
      const a = classes[i];
      open.push({ answer: a, members: split.members(a).slice(), lower: lower[a] });
    }
    const settled = [];
    for (let a = 0; a < this.game.answers; a++) {
      if (a === this.game.solved || split.size(a) === 0 || split.kind[a] !== EXACT) continue;
      settled.push({ answer: a, members: split.members(a).slice() });
    }
    return { guess, total, deepest, settled, open };
  }

  /** The cached best guess for `candidates` within `depth`, searching if it is not cached. */
  bestGuess(candidates: Int32Array, history: readonly number[], depth = UNLIMITED): number {
    if (candidates.length <= 2) return candidates[0];
    if (candidates.length <= this.bounds.answers) {
      const perfect = this.#search.kernels.perfectCandidate(candidates);
      if (perfect >= 0) return perfect;
    }
    const slot = this.#search.cache.find(candidates, depth, true);
    if (slot >= 0 && this.#search.cache.guess(slot) >= 0) return this.#search.cache.guess(slot);
    return this.solve(candidates, history, depth).guess;
  }

  /**
   * The tree of the best strategy the search knows for `candidates` (reached by `history`)
   * within `depth`, packed (see `packTree`): its guess (or `first`, if given) and, for each
   * answer but all hits, the subtree. Packed as it is walked, so that a proof that keeps the
   * trees of many classes keeps no object per node.
   */
  packedTree(
    candidates: Int32Array,
    history: readonly number[],
    depth = UNLIMITED,
    first?: number,
  ): number[] {
    const game = this.game;
    const packed: number[] = [];
    // Each depth's split, reused by the nodes of that depth one after another (room for all of
    // `candidates`, which every node's codes are some of).
    const splits: { grouped: Int32Array; start: Int32Array }[] = [];
    const walk = (codes: Int32Array, played: number[], left: number, guess: number): void => {
      const level = played.length;
      splits[level] ??= {
        grouped: new Int32Array(candidates.length),
        start: new Int32Array(game.answers + 1),
      };
      const { grouped, start } = splits[level];
      this.#search.kernels.split(guess, codes, grouped, start);
      packed.push(guess, 0);
      const countAt = packed.length - 1;
      const next = [...played, guess];
      for (let answer = 0; answer < game.answers; answer++) {
        if (answer === game.solved || start[answer + 1] === start[answer]) continue;
        packed[countAt]++;
        packed.push(answer);
        const members = grouped.subarray(start[answer], start[answer + 1]);
        walk(members, next, left - 1, this.bestGuess(members, next, left - 1));
      }
    };
    walk(candidates, [...history], depth, first ?? this.bestGuess(candidates, history, depth));
    return packed;
  }
}
