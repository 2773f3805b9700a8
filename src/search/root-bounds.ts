/**
 * What a proof (search/proof.ts) has shown of the least total while it tries its first guesses:
 * the best first guess so far (its cost, its place in the ranking, its tree), and each other
 * first guess settled without beating it (refuted, its bound kept), or being evaluated (open,
 * its bound rising as its classes are solved), or not tried yet (its ranking or plan bound); the
 * least of these and of the best bounds the least total from below, and never below the game's
 * counting bound. Bounds are packed costs (search/cost.ts); the open guesses' bounds and the
 * floor are totals.
 */
import { costTotal, packCost, toBeat } from './cost.js';

/** The best first guess of a proof so far, and the bounds of the others, for its lower bound. */
export class RootBounds {
  #best = Number.POSITIVE_INFINITY;
  /** Where the best first guess stands in the ranking. */
  #bestIndex = Number.POSITIVE_INFINITY;
  #bestTree: readonly number[] | undefined;
  #refuted = Number.POSITIVE_INFINITY;
  readonly #open = new Map<number, () => number>();
  #untried = Number.POSITIVE_INFINITY;
  #floor = 0;

  /**
   * The cost to beat (packed): the best first guess's, or, before there is one, the total a
   * search looks below (`lookBelow`); ∞ if neither.
   */
  get best(): number {
    return this.#best;
  }

  /** The best first guess's tree, once one is found. */
  get bestTree(): readonly number[] | undefined {
    return this.#bestTree;
  }

  /** What the cost of the first guess ranked `index`th must stay under to beat the best. */
  toBeat(index: number): number {
    return toBeat(this.#best, index, this.#bestIndex);
  }

  /** The first guess ranked `index`th, of packed cost `cost`, is the best so far. */
  take(cost: number, index: number, tree: readonly number[]): void {
    this.#best = cost;
    this.#bestIndex = index;
    this.#bestTree = tree;
  }

  /** Looks for a strategy below the total `total` alone: it is to beat before any guess. */
  lookBelow(total: number): void {
    this.#best = packCost(total, 0);
    this.#bestIndex = Number.NEGATIVE_INFINITY;
  }

  /** The least bound of the first guesses settled without beating the best (∞ if none). */
  get refuted(): number {
    return this.#refuted;
  }

  /** Starts the first guesses over, none tried and no best, above the total `floor`. */
  restart(floor: number): void {
    this.#best = Number.POSITIVE_INFINITY;
    this.#bestIndex = Number.POSITIVE_INFINITY;
    this.#bestTree = undefined;
    this.#refuted = Number.POSITIVE_INFINITY;
    this.#open.clear();
    this.#floor = floor;
    this.#untried = packCost(floor, 0);
  }

  /** A first guess (or several left out) settled without beating the best, at `bound`. */
  refute(bound: number): void {
    this.#refuted = Math.min(this.#refuted, bound);
  }

  /** The least bound of the first guesses not tried yet (∞: none left). */
  untried(bound: number): void {
    this.#untried = bound;
  }

  /** The first guess `index` of the ranking is being evaluated; `bound` tells its total's bound. */
  open(index: number, bound: () => number): void {
    this.#open.set(index, bound);
  }

  /** The first guess `index` is settled (`refute` keeps its bound if it did not win). */
  close(index: number): void {
    this.#open.delete(index);
  }

  /**
   * The lower bound on the least total: the least of the best first guess's cost (while there
   * is none, the guesses refuted count instead: the total looked below is no bound) and the
   * bounds of every first guess open or untried, and at least the floor.
   */
  lowerBound(): number {
    const best = this.#bestTree ? this.#best : this.#refuted;
    let least = Math.min(costTotal(best), costTotal(this.#untried));
    for (const bound of this.#open.values()) least = Math.min(least, bound());
    return Math.max(this.#floor, least);
  }
}
