/**
 * What a proof (search/proof.ts) has shown of the least total while it tries its first guesses:
 * each first guess is settled without beating the best (refuted, its bound kept), or is being
 * evaluated (open, its bound rising as its classes are solved), or is not tried yet (its ranking
 * or plan bound); the least of these and of the best so far bounds the least total from below,
 * and never below the game's counting bound. Bounds are packed costs (search/cost.ts); the open
 * guesses' bounds and the floor are totals.
 */
import { costTotal, packCost } from './cost.js';

/** The bounds of a proof's first guesses, for its lower bound. */
export class RootBounds {
  #refuted = Number.POSITIVE_INFINITY;
  readonly #open = new Map<number, () => number>();
  #untried = Number.POSITIVE_INFINITY;
  #floor = 0;

  /** The least bound of the first guesses settled without beating the best (∞ if none). */
  get refuted(): number {
    return this.#refuted;
  }

  /** Starts the first guesses over, none tried, above the total `floor`. */
  restart(floor: number): void {
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
   * The lower bound on the least total: the least of `best` (packed; undefined while there is
   * no strategy, when the guesses refuted count instead) and the bounds of every first guess
   * open or untried, and at least the floor.
   */
  lowerBound(best: number | undefined): number {
    let least = Math.min(costTotal(best ?? this.#refuted), costTotal(this.#untried));
    for (const bound of this.#open.values()) least = Math.min(least, bound());
    return Math.max(this.#floor, least);
  }
}
