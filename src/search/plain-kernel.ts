/**
 * The ranking kernels of search/ranking.ts in TypeScript, for where search/masks.ts's
 * WebAssembly does not run: no WebAssembly or no SIMD, a game of more than 32,768 codes or more
 * than 32 answers, or `simd` false (to measure, and to test). The same methods as `MaskKernel`
 * (`RankKernel`), and the same rankings to the guess: search/masks.test.ts holds the two to each
 * other. What each kernel computes, and why: search/ranking.ts. A node's candidates split by
 * their answers: search/plain-splits.ts, over the same table (search/plain-table.ts).
 */
import { popcount32 } from '../bits.js';
import type { Game } from '../game.js';
import type { SizeBounds } from './bounds.js';
import { packCost } from './cost.js';
import { CLASSES, answerShift } from './mask-memory.js';
import { PlainSplits } from './plain-splits.js';
import { PlainTable } from './plain-table.js';
import type { ClassBounds, RankKernel } from './rank-kernel.js';
import { type Ranking, leastKey, leastKeys } from './ranking-buffer.js';

/** The ranking kernels of one game in TypeScript, over its score table. */
export class PlainKernel implements RankKernel {
  /** Per class of guess, 1 if the last `classify` met a guess of it (see search/masks.ts). */
  readonly seen = new Uint8Array(CLASSES);
  /** The split kernel over the same table (search/plain-splits.ts). */
  readonly splits: PlainSplits;
  readonly #table: PlainTable;
  readonly #answers: number;
  readonly #solved: number;
  /** Per answer, a counter (`settle`); always left at zero. */
  readonly #counts: Int32Array;
  /** Per code, the set of answers it gets from a node's candidates (`classify`). */
  readonly #masks: Int32Array;
  /** Per code and answer, how many candidates give it (`count`, `countEach`). */
  #classCounts: Uint16Array | undefined;
  /** log2 of the counters per code in `#classCounts`: answers rounded up to a power of two. */
  readonly #shift: number;
  /** The answers whose classes are narrower than the game (search/bounds.ts `answerWidths`). */
  readonly #narrowAnswers: Int32Array;
  /** The guesses `classify` kept and their keys, for `settle`. */
  readonly #kept: Int32Array;
  readonly #keptKeys: Float64Array;
  #classified = 0;

  /** Kernels over `table`, with `narrowAnswers` the answers whose classes are narrower. */
  constructor({ size, answers, solved }: Game, table: Uint8Array, narrowAnswers: Int32Array) {
    this.#table = new PlainTable(size, table);
    this.splits = new PlainSplits(this.#table, answers, solved);
    this.#narrowAnswers = narrowAnswers;
    this.#answers = answers;
    this.#solved = solved;
    this.#counts = new Int32Array(answers);
    this.#masks = new Int32Array(size);
    this.#shift = answerShift(answers);
    this.#kept = new Int32Array(size);
    this.#keptKeys = new Float64Array(size);
  }

  /** Per code and answer, the candidates that give it: every code's, streaming their rows. */
  count(candidates: Int32Array): Uint16Array {
    const size = this.#table.size;
    const table = this.#table.bytes;
    const shift = this.#shift;
    const counts = this.#countsBuffer();
    counts.fill(0);
    const words = this.#table.words;
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

  /** `count` for `guesses` alone, each from its own row of the table. */
  countEach(candidates: Int32Array, guesses: Int32Array): Uint16Array {
    const size = this.#table.size;
    const table = this.#table.bytes;
    const shift = this.#shift;
    const counts = this.#countsBuffer();
    for (let g = 0; g < guesses.length; g++) {
      const base = guesses[g] << shift;
      const row = guesses[g] * size;
      counts.fill(0, base, base + (1 << shift));
      for (let i = 0; i < candidates.length; i++) counts[base | table[row + candidates[i]]]++;
    }
    return counts;
  }

  #countsBuffer(): Uint16Array {
    this.#classCounts ??= new Uint16Array(this.#table.size << this.#shift);
    return this.#classCounts;
  }

  /**
   * The streaming kernel's keys from the counters `count` or `countEach` just left, for `n`
   * candidates and `guesses` (undefined: every code), under `classes`, with `depth` guesses left:
   * appends to `ranking` the guesses below `limit` and notes the least bound of the others.
   * Returns the node's width.
   */
  keys(
    n: number,
    guesses: Int32Array | undefined,
    { bounds, narrow, narrowMask }: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number {
    const counts = this.#countsBuffer();
    const solved = this.#solved;
    const answers = this.#answers;
    const shift = this.#shift;
    const count = guesses ? guesses.length : this.#table.size;
    // Without branches on the counts: total[0] is 0, and the all-hits class (0 or 1 secret)
    // is taken back out after the loop. The largest class fixes the depth bound, which grows
    // with size; counting the all-hits class in it changes nothing once n ≥ 2. The classes of
    // the narrower answers then have their bounds raised to their own width's.
    const depthBound = bounds.depth;
    const total = bounds.within(depth - 1);
    const totalNarrow = narrow.within(depth - 1);
    const depthNarrow = narrow.depth;
    const narrowAnswers = this.#narrowAnswers;
    const narrowCount = narrowMask === 0 ? 0 : narrowAnswers.length;
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
      widest = Math.max(widest, classes - candidate);
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
   * The mask kernel's first pass: gathers each code's set of answers from `candidates`, and keeps
   * for `settle` the guesses of `guesses` (undefined: every code) whose class of guess has a
   * finite key in `keys`, marking in `seen` the classes met. Returns the node's width.
   */
  classify(candidates: Int32Array, guesses: Int32Array | undefined, keys: Float64Array): number {
    const masks = this.#masks;
    masks.fill(0);
    this.#table.gatherAnswerMasks(candidates, masks);
    const solved = this.#solved;
    const others = ~(1 << solved);
    const seen = this.seen;
    seen.fill(0);
    let widest = 0;
    let kept = 0;
    const count = guesses ? guesses.length : this.#table.size;
    for (let i = 0; i < count; i++) {
      const guess = guesses ? guesses[i] : i;
      const mask = masks[guess];
      const k = popcount32(mask & others);
      if (k > widest) widest = k;
      const c = 2 * popcount32(mask) + ((mask >>> solved) & 1);
      seen[c] = 1;
      if (keys[c] === Number.POSITIVE_INFINITY) continue;
      this.#kept[kept] = guess;
      this.#keptKeys[kept++] = keys[c];
    }
    this.#classified = kept;
    return widest;
  }

  /**
   * The rest of the ranking `classify` began, of `candidates`: above `P` of them (the game's P),
   * each guess kept whose classes may exceed P gets its exact bound from their sizes under
   * `classes`, and is left out if that reaches `limit` or dropped if it cannot keep to `depth`.
   * Puts the guesses kept and their keys in `ranking`, and returns the least packed bound of
   * those left out.
   */
  settle(
    candidates: Int32Array,
    P: number,
    { bounds, narrow, narrowMask }: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number {
    const n = candidates.length;
    let skipped = Number.POSITIVE_INFINITY;
    if (n <= P) {
      ranking.guesses.set(this.#kept.subarray(0, this.#classified));
      ranking.keys.set(this.#keptKeys.subarray(0, this.#classified));
      ranking.count = this.#classified;
      return skipped;
    }
    const total = bounds.within(depth - 1);
    const totalNarrow = narrow.within(depth - 1);
    const table = this.#table.bytes;
    const counts = this.#counts;
    const size = this.#table.size;
    const answers = this.#answers;
    const solved = this.#solved;
    let kept = 0;
    for (let i = 0; i < this.#classified; i++) {
      const guess = this.#kept[i];
      let key = this.#keptKeys[i];
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
          if (packed < skipped) skipped = packed;
          continue;
        }
        key = 2 * packed + (key % 2);
      }
      ranking.guesses[kept] = guess;
      ranking.keys[kept++] = key;
    }
    ranking.count = kept;
    return skipped;
  }

  /** The bounds and keys of the classes of guess at a node (`RankingKernels.#keysByClass`). */
  classKeys(
    n: number,
    depth: number,
    limit: number,
    bounds: SizeBounds,
    classes: number,
    keys: Float64Array,
    packed: Float64Array,
  ): void {
    const total = bounds.within(depth - 1);
    const depths = bounds.depth;
    for (let c = 0; c < classes; c++) {
      const s = c & 1;
      const k = (c >> 1) - s;
      const left = n - s;
      // Exact integer division, and no arithmetic on ∞: in code not yet optimized, a result
      // that is no small integer is a heap number allocated.
      const over = k > 0 ? left % k : left;
      const part = k > 0 ? (left - over) / k : 0;
      const deepest = Math.max(2, depths[over > 0 ? part + 1 : part] + 1);
      const fits = k >= 0 && (s === 1 || k > 1) && deepest <= depth;
      const bound = fits
        ? packCost(n + over * total[part + 1] + (k - over) * total[part], deepest)
        : Number.POSITIVE_INFINITY;
      packed[c] = bound;
      keys[c] = bound < limit ? 2 * bound + 1 - s : Number.POSITIVE_INFINITY;
    }
  }

  /** The least bound of the classes met that reach `limit` (`MaskKernel.leastSkipped`). */
  leastSkipped(packed: Float64Array, classes: number, limit: number): number {
    const seen = this.seen;
    let least = Number.POSITIVE_INFINITY;
    for (let c = 0; c < classes; c++) {
      if (seen[c] !== 0 && packed[c] >= limit && packed[c] < least) least = packed[c];
    }
    return least;
  }

  /** The least of `ranking`'s keys (`RankingKernels.least`). */
  least(ranking: Ranking): number {
    return leastKey(ranking);
  }

  /** The places of the least of `ranking`'s first `live` keys (`RankingKernels.batch`). */
  batch(ranking: Ranking, live: number, batch: Int32Array): number {
    return leastKeys(ranking, live, batch);
  }
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
