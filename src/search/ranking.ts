/**
 * The ranking kernels of the exact search: at a node (a set of candidates), every guess worth
 * trying gets an admissible lower bound on its cost from the sizes of the classes it makes, and
 * the guesses are tried in order of that bound. This is where the search spends most of its
 * time, so the kernels read the score table as a stream: scores are symmetric, so a candidate's
 * row of the table holds every code's answer to it, and reading the candidates' rows in order
 * gathers every guess's classes at once, faster than counting guess by guess unless symmetry
 * leaves few guesses to try (a quarter of the codes or fewer, as at the top of a proof: then the
 * count reads each guess's own row). Two kernels:
 *
 * - up to what three guesses can cover, and with at most 32 answers, each code's *set* of
 *   answers as a 32-bit mask (`#settleMasks`): up to P secrets a class's bound depends only on
 *   whether it has one secret or more, so the masks give most guesses' bounds, and the few
 *   that may still be the best are counted one by one;
 * - above, one 16-bit counter per code and answer (`#rankStreaming`).
 *
 * Either gives the node's width (search/bounds.ts), and the bounds are those of that width.
 *
 * Here the kernels' bounds are chosen and read; their loops over the table run in WebAssembly
 * where it can (search/masks.ts), and in TypeScript where it cannot (search/plain-kernel.ts): the
 * two must rank every node alike.
 *
 * A ranking (search/ranking-buffer.ts) keeps the guesses whose bounds are below a limit.
 */
import type { Game } from '../game.js';
import type { BoundsByWidth, SizeBounds } from './bounds.js';
import { EarlyCounting } from './early-count.js';
import { CLASSES } from './mask-memory.js';
import { MaskKernel } from './masks.js';
import { PlainKernel } from './plain-kernel.js';
import type { ClassBounds, RankKernel, SplitKernel } from './rank-kernel.js';
import { type Ranking, newRanking } from './ranking-buffer.js';

/**
 * The streaming kernel counts the guesses to try one by one where they are at most this share
 * of the codes (1 in FEW_GUESSES), and every code's classes at once above.
 */
const FEW_GUESSES = 4;

/** The ranking kernels of one game, with the buffers they reuse. */
export class RankingKernels {
  readonly #game: Game;
  readonly #bounds: BoundsByWidth;
  /**
   * The answers whose classes are narrower than the game (search/bounds.ts `answerWidths`), as
   * a mask, and how wide they are at most.
   */
  readonly #narrowMask: number;
  readonly #narrowWidth: number;
  /** The kernels in WebAssembly (search/masks.ts), where they run. */
  readonly #wasm: MaskKernel | undefined;
  /** Those, or else the kernels in TypeScript (search/plain-kernel.ts). */
  readonly #kernel: RankKernel;
  /** Its split kernel (search/mask-splits.ts or search/plain-splits.ts). */
  readonly #splits: SplitKernel;
  /**
   * Per class of guess at a node in the mask kernel (2 × the answers it gets + 1 if it is a
   * candidate): its key, infinite for a guess skipped or left out; its bound, infinite for a
   * guess skipped; its packed bound. Set by `#keysByClass`.
   */
  readonly #classKeys = new Float64Array(CLASSES);
  readonly #classPacked = new Float64Array(CLASSES);
  /** The classes of guess the game's codes can be in (2 × its answers + 2; of `CLASSES`). */
  readonly #classes: number;
  /** A ranking for `width` to fill. */
  #scratch: Ranking | undefined;

  /** With `early`: the plans of early counting (see `#rankEarly`). */
  readonly #early: EarlyCounting | undefined;

  /**
   * Kernels over `table`; `simd` false keeps to TypeScript (to measure, and to test); `early`
   * counts early (see `#rankEarly`).
   */
  constructor(game: Game, bounds: BoundsByWidth, table: Uint8Array, simd = true, early = false) {
    this.#game = game;
    this.#classes = Math.min(CLASSES, 2 * game.answers + 2);
    this.#early = early ? new EarlyCounting(game, table) : undefined;
    this.#bounds = bounds;
    const widths = bounds.answerWidths;
    const narrow = [...widths.keys()].filter((a) => widths[a] < bounds.widest);
    this.#wasm = simd ? MaskKernel.create(table, game.size, game.answers, game.solved) : undefined;
    this.#kernel = this.#wasm ?? new PlainKernel(game, table, Int32Array.from(narrow));
    this.#splits = this.#kernel.splits;
    this.#narrowMask = narrow.reduce((mask, a) => mask | (1 << a), 0);
    this.#narrowWidth = Math.min(bounds.widest, ...narrow.map((a) => widths[a]));
  }

  /**
   * Ranks `guesses` (undefined: every code) at the node `candidates` with `depth` guesses left,
   * keeping in `ranking` those whose bound is below `limit`. `cap`, if given, is a width the
   * node's cannot exceed (its parent's): the masks' first bounds are that width's.
   */
  rank(
    candidates: Int32Array,
    guesses: Int32Array | undefined,
    depth: number,
    limit: number,
    ranking: Ranking,
    cap = this.#bounds.widest,
  ): void {
    ranking.count = 0;
    ranking.skipped = Number.POSITIVE_INFINITY;
    ranking.width = -1;
    const n = candidates.length;
    // The masks leave a guess's classes uncounted unless it could be the best; with three
    // guesses left their sizes decide whether the guess keeps to the depth at all, so every
    // guess needs its counts then.
    if (this.#game.answers <= 32 && masksServe(this.#bounds.game, n, depth)) {
      this.#keysByClass(n, depth, limit, this.#bounds.of(cap));
      ranking.width = this.#kernel.classify(candidates, guesses, this.#classKeys);
      this.#settleMasks(candidates, depth, limit, ranking);
      return;
    }
    this.#rankStreaming(candidates, guesses, depth, limit, ranking, cap);
  }

  /**
   * The width of the node `candidates` over `guesses` (undefined: every code), for a node the
   * search enters at a guess rather than ranks: from the masks, which cost a sixteenth of the
   * counts, where answers fit them.
   */
  width(candidates: Int32Array, guesses: Int32Array | undefined): number {
    if (this.#game.answers > 32) {
      this.#scratch ??= newRanking(this.#game.size);
      this.rank(candidates, guesses, Number.POSITIVE_INFINITY, 0, this.#scratch);
      return this.#scratch.width;
    }
    this.#classKeys.fill(Number.POSITIVE_INFINITY);
    return this.#kernel.classify(candidates, guesses, this.#classKeys);
  }

  /**
   * Ranking at a node of at most what three guesses can cover in the game, when answers fit in
   * a 32-bit mask. A class of c secrets, 1 ≤ c ≤ P (P − 1 the node's width), has the size bound
   * 2c − 1 (see search/bounds.ts), so while a guess's classes are no larger its bound is
   *
   *     n + Σ_a (2c_a − 1) = 3n − 2s − k
   *
   * for k classes besides all hits (s = 1 for a candidate), and its depth bound 2 when every
   * class is a singleton, else 3; with larger classes, that is still a lower bound. The sets of
   * answers every code gets are gathered at once as bit masks, streaming the candidates' rows of
   * the table (the kernel's `classify`); that gives s and k, hence that bound, and
   * the node's width. Then each guess whose bound is still below the limit and whose classes may
   * exceed the game's P (n − k − s + 1 > P) has its classes counted (`settle`, one pass over the
   * candidates) for its exact bound, the streaming kernel's: measured on Bulls and Cows, settling
   * it for every such guess, not only for those that might be the best, saves far more than it
   * costs, as a guess left unsettled is tried and refuted only once its classes are made
   * (3.4 million times).
   *
   * Under crush (search/cost.ts), a class of c secrets with d guesses left adds the weight times
   * max(0, c − capacity[d − 1]); here d = depth − 1, so that is every secret but the guess
   * (n − s) with two guesses left, all but one per class (n − s − k) with three, and for classes
   * of at most P secrets nothing with more.
   */
  #settleMasks(candidates: Int32Array, depth: number, limit: number, ranking: Ranking): void {
    const classes = this.#classBounds(ranking.width);
    // Counting a guess's classes pays where one may exceed the game's P: below, the masks' bound
    // stands, even where the node's narrower width would raise it: counting those too costs more
    // time than the few nodes it saves (docs/performance.md).
    const P = this.#bounds.game.answers;
    const left = this.#kernel.settle(candidates, P, classes, depth, limit, ranking);
    // And the guesses whose class's bound reached the limit.
    const skipped = this.#kernel.leastSkipped(this.#classPacked, this.#classes, limit);
    ranking.skipped = Math.min(ranking.skipped, left, skipped);
  }

  /**
   * The bounds and keys of `#settleMasks` by class of guess (see `#classKeys`), under `bounds`:
   * for k answers besides all hits and s = 1 for a candidate, the n − s secrets left fall into
   * k classes, and since the bound of a class grows ever faster with its size (each secret more
   * goes at least as deep as the last), they cost the least split as evenly as they can be:
   * n + Σ of the k even parts' bounds, with the depth bound of the largest part. While the parts
   * are no larger than P that is 3n − 2s − k plus the crush terms, and the depth bound 2 if the
   * guess splits the candidates apart, else 3. Skipped if the guess leaves them in one class or
   * cannot keep to `depth`. Computed by the kernel (`classKeys`; in WebAssembly, where no key
   * becomes a number allocated in code the JIT has not optimized yet).
   */
  #keysByClass(n: number, depth: number, limit: number, bounds: SizeBounds): void {
    this.#kernel.classKeys(
      n,
      depth,
      limit,
      bounds,
      this.#classes,
      this.#classKeys,
      this.#classPacked,
    );
  }

  /**
   * The bounds of the classes at a node of width `width`: that width's, and for the narrower
   * answers their own width's where it is less.
   */
  #classBounds(width: number): ClassBounds {
    const bounds = this.#bounds.of(width);
    const narrow = this.#bounds.of(Math.min(width, this.#narrowWidth));
    return { bounds, narrow, narrowMask: narrow === bounds ? 0 : this.#narrowMask };
  }

  /**
   * Ranking at a larger node: count every code's classes at once, streaming each candidate's
   * row of the table into one counter per code and answer (a tight loop over memory in order),
   * then read each guess's bound off its counters.
   */
  #rankStreaming(
    candidates: Int32Array,
    guesses: Int32Array | undefined,
    depth: number,
    limit: number,
    ranking: Ranking,
    cap: number,
  ): void {
    if (this.#early && this.#rankEarly(candidates, guesses, depth, limit, ranking, cap)) return;
    this.#count(candidates, guesses);
    // The keys are read off under the width the masks measured, if they did, else under `cap`
    // while the width is measured, and again in the rare case it is narrower.
    const measured = ranking.width >= 0;
    const width = this.#keysFromCounts(
      candidates.length,
      guesses,
      depth,
      limit,
      ranking,
      measured ? ranking.width : cap,
      !measured,
    );
    if (measured) return;
    if (width < cap) {
      ranking.count = 0;
      ranking.skipped = Number.POSITIVE_INFINITY;
      this.#keysFromCounts(candidates.length, guesses, depth, limit, ranking, width, false);
    }
    ranking.width = width;
  }

  /**
   * Early counting, for a search that only decides whether a strategy keeps to a depth budget:
   * a guess one of whose classes is too large to be solved within the guesses left after it
   * (over its cap) cannot keep to the budget, and most guesses show it on a sample of the
   * candidates. So the WebAssembly kernel counts, over a sample spread over the node, the
   * classes of every code for the few answers most likely to exceed their caps (with SIMD, 16
   * codes and 4 answers at a time), and only the guesses none of whose counts exceeds its cap
   * are counted over every candidate: on Super Mastermind's classes of 300 with three guesses
   * left, a few hundred to a thousand of 32,768. The guesses kept and their keys are those the
   * full count gives, under the bounds of `cap` (the node's width is not measured, as most
   * guesses are not counted in full: `cap` bounds it). Returns false, having done nothing,
   * where no cap is below the node's size.
   */
  #rankEarly(
    candidates: Int32Array,
    guesses: Int32Array | undefined,
    depth: number,
    limit: number,
    ranking: Ranking,
    cap: number,
  ): boolean {
    const classes = this.#classBounds(cap);
    const plan = this.#early!.plan(candidates, depth, classes, this.#wasm !== undefined);
    if (!plan) return false;
    if (plan.checked.length > 0) {
      this.#wasm!.rankEarly(candidates, plan, guesses, classes, depth, limit, ranking);
    } else {
      this.#count(candidates, guesses);
      this.#keysFromCounts(candidates.length, guesses, depth, limit, ranking, cap, false);
    }
    ranking.width = cap;
    return true;
  }

  /**
   * The streaming kernel's keys from the counters `#count` left, under the bounds of width
   * `width`; with `measure`, also the node's width, returned (else 0).
   */
  #keysFromCounts(
    n: number,
    guesses: Int32Array | undefined,
    depth: number,
    limit: number,
    ranking: Ranking,
    width: number,
    measure: boolean,
  ): number {
    const classes = this.#classBounds(width);
    const widest = this.#kernel.keys(n, guesses, classes, depth, limit, ranking);
    return measure ? widest : 0;
  }

  /**
   * The streaming kernel's counters, per code and answer the candidates that give it: every
   * code's at once, streaming each candidate's row of the table; or, where the guesses to try
   * are few against the codes (a node early in a proof, whose symmetry leaves few), theirs
   * alone, each from its own row. The keys read only the guesses' counters, so both rank alike.
   */
  #count(candidates: Int32Array, guesses: Int32Array | undefined): void {
    if (guesses && guesses.length * FEW_GUESSES <= this.#game.size) {
      this.#kernel.countEach(candidates, guesses);
    } else {
      this.#kernel.count(candidates);
    }
  }

  /** The least of `ranking`'s keys (∞ if it has none). */
  least(ranking: Ranking): number {
    return this.#kernel.least(ranking);
  }

  /**
   * Puts at `batch` the places, in increasing order, of the least of `ranking`'s first `live`
   * keys (`live` > 0) and of every key equal to it; returns how many.
   */
  batch(ranking: Ranking, live: number, batch: Int32Array): number {
    return this.#kernel.batch(ranking, live, batch);
  }

  /**
   * Groups `candidates` by their answers to `guess`: class a is grouped[start[a]] …
   * grouped[start[a + 1] − 1], in the candidates' order.
   */
  split(guess: number, candidates: Int32Array, grouped: Int32Array, start: Int32Array): void {
    this.#splits.split(guess, candidates, grouped, start);
  }

  /**
   * The largest class of `candidates` by their answers to `guess`, all hits aside, if it has more
   * than 2 (of those alike in size, the first answer's): its members into `out`, in the
   * candidates' order, and their number; else 0.
   */
  largest(guess: number, candidates: Int32Array, out: Int32Array): number {
    return this.#splits.largest(guess, candidates, out);
  }

  /** A candidate whose answers split the others apart, or −1. */
  perfectCandidate(candidates: Int32Array): number {
    return this.#splits.perfect(candidates);
  }

  /**
   * The first of the first `live` codes of the order `answerOrder` last made whose answers split
   * `candidates` apart (each a different answer; at most 32 answers), or −1.
   */
  splitter(candidates: Int32Array, live: number): number {
    return this.#splits.splitter(candidates, live);
  }

  /**
   * The codes into `byCount` by how many different answers each gets from `candidates` (all hits
   * among them), those with the most first and, of those alike, in code order; and into
   * `atLeast[k]` how many get k or more, k from 0 to 33. Only for games whose answers fit in 32
   * bits (search/two-left.ts's).
   */
  answerOrder(candidates: Int32Array, atLeast: Int32Array, byCount: Int32Array): void {
    this.#splits.answerOrder(candidates, atLeast, byCount);
  }
}

/**
 * Whether the mask kernel ranks a node of `n` candidates with `depth` guesses left under
 * `bounds`: its formula holds up to what three guesses cover, and with three guesses left only
 * up to P candidates (see `rank`).
 */
function masksServe(bounds: SizeBounds, n: number, depth: number): boolean {
  return n <= bounds.capacity[3] && (n <= bounds.answers || depth > 3);
}
