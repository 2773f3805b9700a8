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
 * Both run in WebAssembly where it can (search/masks.ts: the first whole, the count of the
 * second), and in TypeScript here where it cannot; the two must rank every node alike.
 *
 * A ranking (search/ranking-buffer.ts) keeps the guesses whose bounds are below a limit.
 *
 * One concept in one file, past 400 lines: the two kernels share their buffers and must agree
 * to the guess, and `RankingKernels` picks between them (and their WebAssembly twins) per node.
 */
import { popcount32 } from '../bits.js';
import type { Game } from '../game.js';
import type { BoundsByWidth, SizeBounds } from './bounds.js';
import { packCost } from './cost.js';
import { EarlyCounting } from './early-count.js';
import { CLASSES, answerShift } from './mask-memory.js';
import { type ClassBounds, MaskKernel } from './masks.js';
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
  readonly #table: Uint8Array;
  /** The table read four answers at a time (little-endian), when every row is word-aligned. */
  readonly #tableWords: Uint32Array | undefined;
  /** Per answer, a counter (`#settleClasses`, `perfectCandidate`); always left at zero. */
  readonly #counts: Int32Array;
  /** Per code, the set of answers it gets from a node's candidates (see `#rankMasks`). */
  readonly #masks: Int32Array;
  /** Per code and answer, how many candidates give it (see `#rankStreaming`). */
  #classCounts: Uint16Array | undefined;
  /** log2 of the counters per code in `#classCounts`: answers rounded up to a power of two. */
  readonly #answerShift: number;
  /**
   * The answers whose classes are narrower than the game (search/bounds.ts `answerWidths`), as
   * a list and as a mask, and how wide they are at most.
   */
  readonly #narrowAnswers: Int32Array;
  readonly #narrowMask: number;
  readonly #narrowWidth: number;
  /** The kernels in WebAssembly (search/masks.ts), where they run. */
  readonly #simd: MaskKernel | undefined;
  /**
   * Per class of guess at a node in the mask kernel (2 × the answers it gets + 1 if it is a
   * candidate): its key, infinite for a guess skipped or left out; its bound, infinite for a
   * guess skipped; its packed bound. Set by `#keysByClass`.
   */
  readonly #classKeys = new Float64Array(CLASSES);
  readonly #classPacked = new Float64Array(CLASSES);
  /** A ranking for `width` to fill. */
  #scratch: Ranking | undefined;
  /** Per class, 1 if the node has a guess of it (the TypeScript kernel's; see search/masks.ts). */
  readonly #seen = new Uint8Array(CLASSES);

  /** With `early`: the plans of early counting (see `#rankEarly`). */
  readonly #early: EarlyCounting | undefined;

  /**
   * Kernels over `table`; `simd` false keeps to TypeScript (to measure, and to test); `early`
   * counts early (see `#rankEarly`).
   */
  constructor(game: Game, bounds: BoundsByWidth, table: Uint8Array, simd = true, early = false) {
    this.#game = game;
    this.#early = early ? new EarlyCounting(game, table) : undefined;
    this.#simd = simd ? MaskKernel.create(table, game.size, game.answers, game.solved) : undefined;
    this.#bounds = bounds;
    this.#table = table;
    this.#tableWords =
      game.size % 4 === 0 && table.byteOffset % 4 === 0
        ? new Uint32Array(table.buffer, table.byteOffset, table.length / 4)
        : undefined;
    this.#counts = new Int32Array(game.answers);
    this.#masks = new Int32Array(game.size);
    this.#answerShift = answerShift(game.answers);
    const widths = bounds.answerWidths;
    const narrow = [...widths.keys()].filter((a) => widths[a] < bounds.widest);
    this.#narrowAnswers = Int32Array.from(narrow);
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
      ranking.width = this.#simd
        ? this.#simd.classify(candidates, guesses, this.#classKeys)
        : this.#classifyByMasks(candidates, guesses, ranking);
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
    this.#scratch ??= newRanking(this.#game.size);
    const ranking = this.#scratch;
    if (this.#game.answers > 32) {
      this.rank(candidates, guesses, Number.POSITIVE_INFINITY, 0, ranking);
      return ranking.width;
    }
    ranking.count = 0;
    this.#classKeys.fill(Number.POSITIVE_INFINITY);
    return this.#simd
      ? this.#simd.classify(candidates, guesses, this.#classKeys)
      : this.#classifyByMasks(candidates, guesses, ranking);
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
   * the table (`classify`, or `#classifyByMasks`); that gives s and k, hence that bound, and
   * the node's width. Then each guess whose bound is still below the limit and whose classes may
   * exceed the game's P (n − k − s + 1 > P) has its classes counted (one pass over the
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
    const n = candidates.length;
    const classes = this.#classBounds(ranking.width);
    // Counting a guess's classes pays where one may exceed the game's P: below, the masks' bound
    // stands, even where the node's narrower width would raise it: counting those too costs more
    // time than the few nodes it saves (docs/performance.md).
    const P = this.#bounds.game.answers;
    let seen: Uint8Array = this.#seen;
    if (this.#simd) {
      const left = this.#simd.settle(n, P, classes, depth, limit, ranking);
      ranking.skipped = Math.min(ranking.skipped, left);
      seen = this.#simd.seen;
    } else if (n > P) {
      this.#settleClasses(candidates, P, classes, depth, limit, ranking);
    }
    for (let c = 0; c < CLASSES; c++) {
      if (seen[c] === 0) continue;
      const packed = this.#classPacked[c];
      if (packed >= limit && packed < ranking.skipped) ranking.skipped = packed;
    }
  }

  /**
   * Gives each ranked guess whose classes may exceed P its exact bound from their sizes (the
   * TypeScript kernel's; see `#settleMasks` and `settle` in search/masks.ts), under `classes`.
   * Drops the guesses that cannot keep to `depth` and leaves out those whose bound reaches
   * `limit`.
   */
  #settleClasses(
    candidates: Int32Array,
    P: number,
    { bounds, narrow, narrowMask }: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): void {
    const n = candidates.length;
    const total = bounds.within(depth - 1);
    const totalNarrow = narrow.within(depth - 1);
    const table = this.#table;
    const counts = this.#counts;
    const { size, answers, solved } = this.#game;
    let kept = 0;
    for (let i = 0; i < ranking.count; i++) {
      const guess = ranking.guesses[i];
      let key = ranking.keys[i];
      if (n + 1 - popcount32(this.#masks[guess]) > P) {
        const row = guess * size;
        for (let j = 0; j < n; j++) counts[table[row + candidates[j]]]++;
        let sum = n;
        let deepest = 1;
        for (let a = 0; a < answers; a++) {
          const c = counts[a];
          counts[a] = 0;
          if (a === solved) continue;
          const inNarrow = ((narrowMask >>> a) & 1) === 1;
          sum += inNarrow ? totalNarrow[c] : total[c];
          deepest = Math.max(deepest, inNarrow ? narrow.depth[c] : bounds.depth[c]);
        }
        deepest++;
        if (deepest > depth) continue;
        const packed = packCost(sum, deepest);
        if (packed >= limit) {
          if (packed < ranking.skipped) ranking.skipped = packed;
          continue;
        }
        key = 2 * packed + (key % 2);
      }
      ranking.guesses[kept] = guess;
      ranking.keys[kept++] = key;
    }
    ranking.count = kept;
  }

  /**
   * The bounds and keys of `#settleMasks` by class of guess (see `#classKeys`), under `bounds`:
   * for k answers besides all hits and s = 1 for a candidate, the n − s secrets left fall into
   * k classes, and since the bound of a class grows ever faster with its size (each secret more
   * goes at least as deep as the last), they cost the least split as evenly as they can be:
   * n + Σ of the k even parts' bounds, with the depth bound of the largest part. While the parts
   * are no larger than P that is 3n − 2s − k plus the crush terms, and the depth bound 2 if the
   * guess splits the candidates apart, else 3. Skipped if the guess leaves them in one class or
   * cannot keep to `depth`.
   */
  #keysByClass(n: number, depth: number, limit: number, bounds: SizeBounds): void {
    const total = bounds.within(depth - 1);
    const depths = bounds.depth;
    for (let c = 0; c < CLASSES; c++) {
      const s = c & 1;
      const k = (c >> 1) - s;
      const left = n - s;
      // Exact integer division, and no arithmetic on ∞: in code not yet optimized, a result
      // that is no small integer is a heap number allocated (66 classes a node ranked).
      const over = k > 0 ? left % k : left;
      const part = k > 0 ? (left - over) / k : 0;
      const deepest = Math.max(2, depths[over > 0 ? part + 1 : part] + 1);
      const fits = k >= 0 && (s === 1 || k > 1) && deepest <= depth;
      const packed = fits
        ? packCost(n + over * total[part + 1] + (k - over) * total[part], deepest)
        : Number.POSITIVE_INFINITY;
      this.#classPacked[c] = packed;
      this.#classKeys[c] = packed < limit ? 2 * packed + 1 - s : Number.POSITIVE_INFINITY;
    }
  }

  /**
   * The first part of `#settleMasks`'s ranking in TypeScript, where the WebAssembly kernel does
   * not run: the masks, each guess's key by its class, and the node's width, returned.
   */
  #classifyByMasks(
    candidates: Int32Array,
    guesses: Int32Array | undefined,
    ranking: Ranking,
  ): number {
    const size = this.#game.size;
    const masks = this.#masks;
    masks.fill(0);
    this.#gatherAnswerMasks(candidates, masks);
    const solved = this.#game.solved;
    const others = ~(1 << solved);
    const keys = this.#classKeys;
    const seen = this.#seen;
    seen.fill(0);
    let widest = 0;
    const count = guesses ? guesses.length : size;
    for (let i = 0; i < count; i++) {
      const guess = guesses ? guesses[i] : i;
      const mask = masks[guess];
      const k = popcount32(mask & others);
      if (k > widest) widest = k;
      const c = 2 * popcount32(mask) + ((mask >>> solved) & 1);
      seen[c] = 1;
      if (keys[c] === Number.POSITIVE_INFINITY) continue;
      ranking.guesses[ranking.count] = guess;
      ranking.keys[ranking.count] = keys[c];
      ranking.count++;
    }
    return widest;
  }

  /**
   * ORs into `masks[code]` the bit of each answer `code` gets from `candidates`, streaming the
   * candidates' rows four at a time so that each mask is read and written once per four rows.
   */
  #gatherAnswerMasks(candidates: Int32Array, masks: Int32Array): void {
    const size = this.#game.size;
    const n = candidates.length;
    const words = this.#tableWords;
    let i = 0;
    if (words) {
      for (; i + 4 <= n; i += 4) {
        const r0 = (candidates[i] * size) >> 2;
        const r1 = (candidates[i + 1] * size) >> 2;
        const r2 = (candidates[i + 2] * size) >> 2;
        const r3 = (candidates[i + 3] * size) >> 2;
        for (let q = 0, g = 0; g < size; q++, g += 4) {
          const w0 = words[r0 + q];
          const w1 = words[r1 + q];
          const w2 = words[r2 + q];
          const w3 = words[r3 + q];
          masks[g] |= (1 << (w0 & 255)) | (1 << (w1 & 255)) | (1 << (w2 & 255)) | (1 << (w3 & 255));
          masks[g + 1] |=
            (1 << ((w0 >>> 8) & 255)) |
            (1 << ((w1 >>> 8) & 255)) |
            (1 << ((w2 >>> 8) & 255)) |
            (1 << ((w3 >>> 8) & 255));
          masks[g + 2] |=
            (1 << ((w0 >>> 16) & 255)) |
            (1 << ((w1 >>> 16) & 255)) |
            (1 << ((w2 >>> 16) & 255)) |
            (1 << ((w3 >>> 16) & 255));
          masks[g + 3] |=
            (1 << (w0 >>> 24)) | (1 << (w1 >>> 24)) | (1 << (w2 >>> 24)) | (1 << (w3 >>> 24));
        }
      }
      for (; i < n; i++) {
        const r = (candidates[i] * size) >> 2;
        for (let q = 0, g = 0; g < size; q++, g += 4) {
          const w = words[r + q];
          masks[g] |= 1 << (w & 255);
          masks[g + 1] |= 1 << ((w >>> 8) & 255);
          masks[g + 2] |= 1 << ((w >>> 16) & 255);
          masks[g + 3] |= 1 << (w >>> 24);
        }
      }
      return;
    }
    const table = this.#table;
    for (; i < n; i++) {
      const row = candidates[i] * size;
      for (let g = 0; g < size; g++) masks[g] |= 1 << table[row + g];
    }
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
    const counts = this.#count(candidates, guesses);
    // The keys are read off under the width the masks measured, if they did, else under `cap`
    // while the width is measured, and again in the rare case it is narrower.
    const measured = ranking.width >= 0;
    const width = this.#keysFromCounts(
      counts,
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
      this.#keysFromCounts(counts, candidates.length, guesses, depth, limit, ranking, width, false);
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
    const plan = this.#early!.plan(candidates, depth, classes, this.#simd !== undefined);
    if (!plan) return false;
    if (plan.checked.length > 0) {
      this.#simd!.rankEarly(candidates, plan, guesses, classes, depth, limit, ranking);
    } else {
      const counts = this.#count(candidates, guesses);
      this.#keysFromCounts(counts, candidates.length, guesses, depth, limit, ranking, cap, false);
    }
    ranking.width = cap;
    return true;
  }

  /**
   * The streaming kernel's keys from `counts`, under the bounds of width `width`; with
   * `measure`, also the node's width, returned (else 0).
   */
  #keysFromCounts(
    counts: Uint16Array,
    n: number,
    guesses: Int32Array | undefined,
    depth: number,
    limit: number,
    ranking: Ranking,
    width: number,
    measure: boolean,
  ): number {
    const classes = this.#classBounds(width);
    if (this.#simd) {
      const widest = this.#simd.keys(n, guesses, classes, depth, limit, ranking);
      return measure ? widest : 0;
    }
    const { bounds, narrow, narrowMask } = classes;
    const game = this.#game;
    const solved = game.solved;
    const answers = game.answers;
    const shift = this.#answerShift;
    const count = guesses ? guesses.length : game.size;
    // Without branches on the counts: total[0] is 0, and the all-hits class (0 or 1 secret)
    // is taken back out after the loop. The largest class fixes the depth bound, which grows
    // with size; counting the all-hits class in it changes nothing once n ≥ 2. The classes of
    // the narrower answers then have their bounds raised to their own width's.
    const depthBound = bounds.depth;
    const total = bounds.within(depth - 1);
    const narrowAnswers = this.#narrowAnswers;
    const narrowCount = narrowMask === 0 ? 0 : narrowAnswers.length;
    const totalNarrow = narrow.within(depth - 1);
    const depthNarrow = narrow.depth;
    let widest = 0;
    for (let i = 0; i < count; i++) {
      const guess = guesses ? guesses[i] : i;
      const base = guess << shift;
      let sum = n;
      let largest = 0;
      let classes = 0;
      for (let a = 0; a < answers; a++) {
        const c = counts[base + a];
        sum += total[c];
        largest = c > largest ? c : largest;
        classes += c > 0 ? 1 : 0;
      }
      const candidate = counts[base + solved];
      if (measure) widest = Math.max(widest, classes - candidate);
      sum -= total[candidate];
      let deepest = depthBound[largest] + 1;
      for (let j = 0; j < narrowCount; j++) {
        const c = counts[base + narrowAnswers[j]];
        sum += totalNarrow[c] - total[c];
        deepest = Math.max(deepest, depthNarrow[c] + 1);
      }
      if (largest === n || deepest > depth) continue;
      offer(ranking, guess, packCost(sum, deepest), 1 - candidate, limit);
    }
    return widest;
  }

  /**
   * The streaming kernel's counters, per code and answer the candidates that give it: every
   * code's at once, streaming each candidate's row of the table; or, where the guesses to try
   * are few against the codes (a node early in a proof, whose symmetry leaves few), theirs
   * alone, each from its own row. The keys read only the guesses' counters, so both rank alike.
   */
  #count(candidates: Int32Array, guesses: Int32Array | undefined): Uint16Array {
    if (guesses && guesses.length * FEW_GUESSES <= this.#game.size) {
      return this.#simd
        ? this.#simd.countEach(candidates, guesses)
        : this.#countEach(candidates, guesses);
    }
    return this.#simd ? this.#simd.count(candidates) : this.#countClasses(candidates);
  }

  /** The TypeScript kernel's `countEach` (search/masks.ts): the counters of `guesses` alone. */
  #countEach(candidates: Int32Array, guesses: Int32Array): Uint16Array {
    const size = this.#game.size;
    const table = this.#table;
    const shift = this.#answerShift;
    this.#classCounts ??= new Uint16Array(size << shift);
    const counts = this.#classCounts;
    for (let g = 0; g < guesses.length; g++) {
      const base = guesses[g] << shift;
      const row = guesses[g] * size;
      counts.fill(0, base, base + (1 << shift));
      for (let i = 0; i < candidates.length; i++) counts[base | table[row + candidates[i]]]++;
    }
    return counts;
  }

  /** The TypeScript kernel's count of `#rankStreaming`: per code and answer, the candidates. */
  #countClasses(candidates: Int32Array): Uint16Array {
    const size = this.#game.size;
    const table = this.#table;
    const shift = this.#answerShift;
    this.#classCounts ??= new Uint16Array(size << shift);
    const counts = this.#classCounts;
    counts.fill(0);
    const words = this.#tableWords;
    for (let i = 0; i < candidates.length; i++) {
      const row = candidates[i] * size;
      if (words) {
        const start = row >> 2;
        for (let q = 0, g = 0; g < size; q++, g += 4) {
          const w = words[start + q];
          counts[(g << shift) | (w & 255)]++;
          counts[((g + 1) << shift) | ((w >>> 8) & 255)]++;
          counts[((g + 2) << shift) | ((w >>> 16) & 255)]++;
          counts[((g + 3) << shift) | (w >>> 24)]++;
        }
      } else {
        for (let g = 0; g < size; g++) counts[(g << shift) | table[row + g]]++;
      }
    }
    return counts;
  }

  /**
   * Groups `candidates` by their answers to `guess`: class a is grouped[start[a]] …
   * grouped[start[a + 1] − 1], in the candidates' order (`next` is a buffer of one entry per
   * answer).
   */
  split(
    guess: number,
    candidates: Int32Array,
    grouped: Int32Array,
    start: Int32Array,
    next: Int32Array,
  ): void {
    if (this.#simd) {
      this.#simd.split(guess, candidates, grouped, start);
      return;
    }
    const table = this.#table;
    const row = guess * this.#game.size;
    const n = candidates.length;
    const answers = this.#game.answers;
    start.fill(0);
    for (let j = 0; j < n; j++) start[table[row + candidates[j]] + 1]++;
    for (let a = 0; a < answers; a++) {
      start[a + 1] += start[a];
      next[a] = start[a];
    }
    for (let j = 0; j < n; j++) grouped[next[table[row + candidates[j]]]++] = candidates[j];
  }

  /** A candidate whose answers split the others apart, or −1. */
  perfectCandidate(candidates: Int32Array): number {
    if (this.#simd) return this.#simd.perfect(candidates);
    const size = this.#game.size;
    const table = this.#table;
    const n = candidates.length;
    if (this.#game.answers <= 32) {
      // Answers as bits: a candidate fails at its first repeated answer, usually within a few.
      for (let i = 0; i < n; i++) {
        const row = candidates[i] * size;
        let seen = 0;
        let j = 0;
        for (; j < n; j++) {
          const bit = 1 << table[row + candidates[j]];
          if ((seen & bit) !== 0) break;
          seen |= bit;
        }
        if (j === n) return candidates[i];
      }
      return -1;
    }
    const seen = this.#counts;
    for (let i = 0; i < n; i++) {
      const row = candidates[i] * size;
      let parts = 0;
      for (let j = 0; j < n; j++) if (seen[table[row + candidates[j]]]++ === 0) parts++;
      for (let j = 0; j < n; j++) seen[table[row + candidates[j]]] = 0;
      if (parts === n) return candidates[i];
    }
    return -1;
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

/**
 * Keeps `guess` in `ranking` if its bound is below `limit`, keyed 2 × bound + `notCandidate`;
 * otherwise notes its bound among the skipped.
 */
function offer(
  ranking: Ranking,
  guess: number,
  bound: number,
  notCandidate: number,
  limit: number,
): void {
  if (bound >= limit) {
    if (bound < ranking.skipped) ranking.skipped = bound;
    return;
  }
  ranking.guesses[ranking.count] = guess;
  ranking.keys[ranking.count] = 2 * bound + notCandidate;
  ranking.count++;
}
