/**
 * Admissible lower bounds for the exact searches, from counting alone.
 *
 * A guess answers with one of at most P answers, one of them "all hits". So whatever the
 * strategy, at most one secret is solved by the first guess, at most P − 1 by the second (one
 * per non-winning answer of the first guess, each followed by a guess that may be the secret),
 * and at most (P − 1)^(d−1) by guess d. A class of s secrets therefore costs at least the total
 * of filling depths 1, 2, 3, … to those capacities in order, and needs at least as many guesses
 * as that filling's last depth. For s ≤ P this is 2s − 1, reached exactly when one candidate
 * splits the rest apart. The same holds below any node with its width in place of P − 1, and
 * with fewer guesses at depth d where some answers' classes are narrower (`BoundsByWidth`).
 *
 * Under the crush objective (search/cost.ts), a secret at the last guess of the depth budget d
 * weighs CRUSH_WEIGHT more, and at least s − capacity[d − 1] of s secrets are there: `within(d)`
 * adds that to the total bound (both bounds hold at once, so their sum does).
 */
import { canOccur } from '../feedback.js';
import type { Game } from '../game.js';
import { CRUSH_WEIGHT } from './cost.js';

/**
 * How the guesses of a strategy can multiply from one depth to the next (see `BoundsByWidth`):
 * a guess at a node as wide as the bounds' has at most `wide` classes as wide and `narrow`
 * classes no wider than `narrowWidth`, whose guesses have at most `narrowWidth` classes each,
 * as narrow.
 */
interface Growth {
  readonly wide: number;
  readonly narrow: number;
  readonly narrowWidth: number;
}

/** Lower bounds on the cost of a class of secrets, by its size. */
export class SizeBounds {
  /** `total[s]`: the least number of guesses summed over s secrets. */
  readonly total: Float64Array;
  /** `depth[s]`: the least worst case for s secrets. */
  readonly depth: Uint8Array;
  /** `capacity[d]`: the most secrets any strategy solves within d guesses. */
  readonly capacity: Float64Array;

  /** `within(d)` by d, for the crush objective. */
  readonly #within: Float64Array[] = [];

  /**
   * Bounds for classes of up to `maxSize` secrets when a guess has at most `answers` answers
   * (P, all hits among them), the classes of its guesses growing as `growth` says (by default
   * all P − 1 of them as wide); `crush`: of the crush objective's weighted totals.
   */
  constructor(
    readonly answers: number,
    maxSize: number,
    readonly crush = false,
    growth: Growth = { wide: answers - 1, narrow: 0, narrowWidth: answers - 1 },
  ) {
    this.total = new Float64Array(maxSize + 1);
    this.depth = new Uint8Array(maxSize + 1);
    const capacity: number[] = [0];
    // The most guesses at each depth: `wide` as wide as the bounds, `narrow` not. Each depth is
    // filled in turn (a depth beyond 255 is written as 255, still a lower bound).
    let wide = 1;
    let narrow = 0;
    let filled = 0;
    let total = 0;
    for (let depth = 1; filled < maxSize || capacity.length < 64; depth++) {
      const room = wide + narrow;
      const end = Math.min(maxSize, filled + room);
      const byte = Math.min(depth, 255);
      while (filled < end) {
        filled++;
        total += depth;
        this.total[filled] = total;
        this.depth[filled] = byte;
      }
      capacity.push(capacity[depth - 1] + room);
      narrow = wide * growth.narrow + narrow * growth.narrowWidth;
      wide *= growth.wide;
    }
    this.capacity = Float64Array.from(capacity);
  }

  /**
   * `within(d)[s]`: the least total of s secrets solved within d guesses, as the objective counts
   * it: `total` unless crush weighs the secrets that must take all d.
   */
  within(depth: number): Float64Array {
    if (!this.crush || depth >= this.capacity.length) return this.total;
    let table = this.#within[depth];
    if (!table) {
      const reach = depth > 0 ? this.capacity[depth - 1] : 0;
      table = this.total.map((total, s) => total + CRUSH_WEIGHT * Math.max(0, s - reach));
      this.#within[depth] = table;
    }
    return table;
  }
}

/**
 * The size bounds of every width a node can have. A node's *width* is the most answers other
 * than all hits that any one guess gets from its candidates; every class below the node is a
 * subset of its candidates, so no guess gets more from it either, and the counting argument
 * above holds with the width in place of P − 1 for the whole subtree. A game's width is its
 * P − 1, but many of its nodes are far narrower: in 6 × 7 without repetition, once the six colours
 * are known, a guess's hits + blows is the same for every candidate, so it gets at most 6 of the
 * game's 11 answers, and a class of 265 secrets needs 1,015 guesses at least instead of 914.
 * The ranking kernels (search/ranking.ts) measure each node's width as they rank it.
 *
 * Nor is every class below a wide node as wide: the classes of the answers whose hits + blows
 * is the number of pegs are that narrow (`answerWidths`), and so is everything below them. In
 * 6 × 7 without repetition a guess gets at most 6 answers whose classes can be as wide as its
 * node, and 5 whose classes are at most 6 wide: 96 guesses at the third depth at most, not 121,
 * and a class of 1,854 secrets needs 8,285 guesses at least instead of 7,660.
 */
export class BoundsByWidth {
  readonly #byWidth: SizeBounds[] = [];
  /** For `plain()`'s: the bounds whose narrower answers it leaves out. */
  #source: BoundsByWidth | undefined;

  /**
   * Of the game's answers besides all hits, how many have classes narrower than the game's
   * width, and how narrow: the growth of the bounds of the wider widths (none for `plain()`'s).
   */
  readonly narrowAnswers: number;
  readonly narrowWidth: number;

  /**
   * Bounds for widths up to `widest` (the game's) and classes of up to `maxSize` secrets;
   * `answerWidths`, per answer, the widest its classes can be (`answerWidths`; none given: all
   * the game's), which the bounds count below the wider widths if `narrowGrowth`.
   */
  constructor(
    readonly widest: number,
    readonly maxSize: number,
    readonly crush = false,
    readonly answerWidths: Int32Array = new Int32Array(0),
    narrowGrowth = true,
  ) {
    const narrow = narrowGrowth ? answerWidths.filter((width) => width < widest) : [];
    this.narrowAnswers = narrow.length;
    this.narrowWidth = narrow.length > 0 ? Math.max(...narrow) : widest;
  }

  /**
   * The same bounds without the narrower answers' growth, sharing those of the widths it leaves
   * alike: the plain counts, by which the search orders its guesses (search/branch-and-bound.ts).
   * The answers' own widths stay, for the classes the ranking counts.
   */
  plain(): BoundsByWidth {
    const plain = new BoundsByWidth(
      this.widest,
      this.maxSize,
      this.crush,
      this.answerWidths,
      false,
    );
    plain.#source = this;
    return plain;
  }

  /** The bounds of `game`, whose width is `widest`, with its narrower answers (`answerWidths`). */
  static forGame(game: Game, widest: number, crush = false): BoundsByWidth {
    return new BoundsByWidth(widest, game.size, crush, answerWidths(game, widest));
  }

  /**
   * The bounds of nodes of width `width` (at least 1, at most the game's). A guess there gets at
   * most `width` answers, and at most the game's wide answers among them: the most guesses at
   * each depth below has as many wide classes as it can, then narrow ones.
   */
  of(width: number): SizeBounds {
    const w = Math.min(Math.max(width, 1), this.widest);
    let bounds = this.#byWidth[w];
    const source = this.#source;
    if (!bounds && source && w <= source.widest - source.narrowAnswers) {
      // No answer is narrower at this width: the same bounds.
      bounds = source.of(w);
      this.#byWidth[w] = bounds;
    }
    if (!bounds) {
      const wide = Math.min(w, this.widest - this.narrowAnswers);
      const growth = {
        wide,
        narrow: Math.min(this.narrowAnswers, w - wide),
        narrowWidth: Math.min(w, this.narrowWidth),
      };
      bounds = new SizeBounds(w + 1, this.maxSize, this.crush, growth);
      this.#byWidth[w] = bounds;
    }
    return bounds;
  }

  /** The bounds of the game as a whole. */
  get game(): SizeBounds {
    return this.of(this.widest);
  }
}

/**
 * Per answer, the widest a class of the secrets that give it can be, for a game of width
 * `widest`. With hits and blows, the secrets whose hits + blows is the number of pegs have the
 * guess's colours, as many of each; every guess then gets one same sum of hits and blows from
 * all of them, and so at most as many answers as one sum allows (the number of pegs, at most):
 * in 6 × 7 without repetition 6 where the game's width is 11. Any other answer: the game's.
 */
export function answerWidths(game: Game, widest: number): Int32Array {
  const widths = new Int32Array(game.answers).fill(widest);
  if (game.feedback !== 'full') return widths;
  const bySum = new Int32Array(game.pegs + 1);
  for (let a = 0; a < game.answers; a++) {
    const answer = game.answerOf(a);
    if (a !== game.solved && canOccur(game.rules, answer)) bySum[answer.hits + answer.blows]++;
  }
  const sameColours = Math.min(widest, Math.max(...bySum));
  for (let a = 0; a < game.answers; a++) {
    const answer = game.answerOf(a);
    const full = answer.hits + answer.blows === game.pegs;
    if (a !== game.solved && full && canOccur(game.rules, answer)) widths[a] = sameColours;
  }
  return widths;
}
