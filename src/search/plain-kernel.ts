/**
 * The ranking kernels of search/ranking.ts in TypeScript, for where search/masks.ts's
 * WebAssembly does not run: no WebAssembly or no SIMD, a game of more than 32,768 codes or more
 * than 32 answers, or `simd` false (to measure, and to test). The same methods as `MaskKernel`
 * (`RankKernel`), and the same rankings to the guess: search/masks.test.ts holds the two to each
 * other. What each kernel computes, and why: search/ranking.ts.
 */
import { popcount32 } from '../bits.js';
import type { Game } from '../game.js';
import type { SizeBounds } from './bounds.js';
import { packCost } from './cost.js';
import { ANSWER_COUNTS, CLASSES, answerShift } from './mask-memory.js';
import type { ClassBounds, RankKernel } from './rank-kernel.js';
import { type Ranking, leastKey, leastKeys } from './ranking-buffer.js';

/** The ranking kernels of one game in TypeScript, over its score table. */
export class PlainKernel implements RankKernel {
  /** Per class of guess, 1 if the last `classify` met a guess of it (see search/masks.ts). */
  readonly seen = new Uint8Array(CLASSES);
  readonly #size: number;
  readonly #answers: number;
  readonly #solved: number;
  readonly #table: Uint8Array;
  /** The table read four answers at a time (little-endian), when every row is word-aligned. */
  readonly #tableWords: Uint32Array | undefined;
  /** Per answer, a counter (`settle`, `perfect`, `largest`); always left at zero. */
  readonly #counts: Int32Array;
  /** Per code, the set of answers it gets from a node's candidates (`classify`). */
  readonly #masks: Int32Array;
  /** Per code and answer, how many candidates give it (`count`, `countEach`). */
  #classCounts: Uint16Array | undefined;
  /** log2 of the counters per code in `#classCounts`: answers rounded up to a power of two. */
  readonly #shift: number;
  /** Per answer, where `split` puts the next member of its class. */
  readonly #next: Int32Array;
  /** The answers whose classes are narrower than the game (search/bounds.ts `answerWidths`). */
  readonly #narrowAnswers: Int32Array;
  /** The guesses `classify` kept and their keys, for `settle`. */
  readonly #kept: Int32Array;
  readonly #keptKeys: Float64Array;
  #classified = 0;
  /** The codes `splitter` still keeps, and the answers each has had (made at its first call). */
  #alive: Int32Array | undefined;
  #aliveMasks: Int32Array | undefined;

  /** Kernels over `table`, with `narrowAnswers` the answers whose classes are narrower. */
  constructor({ size, answers, solved }: Game, table: Uint8Array, narrowAnswers: Int32Array) {
    this.#size = size;
    this.#narrowAnswers = narrowAnswers;
    this.#answers = answers;
    this.#solved = solved;
    this.#table = table;
    this.#tableWords =
      size % 4 === 0 && table.byteOffset % 4 === 0
        ? new Uint32Array(table.buffer, table.byteOffset, table.length / 4)
        : undefined;
    this.#counts = new Int32Array(answers);
    this.#masks = new Int32Array(size);
    this.#shift = answerShift(answers);
    this.#next = new Int32Array(answers);
    this.#kept = new Int32Array(size);
    this.#keptKeys = new Float64Array(size);
  }

  /** Per code and answer, the candidates that give it: every code's, streaming their rows. */
  count(candidates: Int32Array): Uint16Array {
    const size = this.#size;
    const table = this.#table;
    const shift = this.#shift;
    const counts = this.#countsBuffer();
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

  /** `count` for `guesses` alone, each from its own row of the table. */
  countEach(candidates: Int32Array, guesses: Int32Array): Uint16Array {
    const size = this.#size;
    const table = this.#table;
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
    this.#classCounts ??= new Uint16Array(this.#size << this.#shift);
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
    const count = guesses ? guesses.length : this.#size;
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
    this.#gatherAnswerMasks(candidates, masks);
    const solved = this.#solved;
    const others = ~(1 << solved);
    const seen = this.seen;
    seen.fill(0);
    let widest = 0;
    let kept = 0;
    const count = guesses ? guesses.length : this.#size;
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
   * ORs into `masks[code]` the bit of each answer `code` gets from `candidates`, streaming the
   * candidates' rows four at a time so that each mask is read and written once per four rows.
   */
  #gatherAnswerMasks(candidates: Int32Array, masks: Int32Array): void {
    const size = this.#size;
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
    const table = this.#table;
    const counts = this.#counts;
    const size = this.#size;
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

  /**
   * The largest class of `candidates` by their answers to `guess`, all hits aside, if it has more
   * than 2 (of those alike in size, the first answer's): its members into `out`, in the
   * candidates' order, and their number; else 0.
   */
  largest(guess: number, candidates: Int32Array, out: Int32Array): number {
    const table = this.#table;
    const row = guess * this.#size;
    const counts = this.#counts;
    for (let j = 0; j < candidates.length; j++) counts[table[row + candidates[j]]]++;
    let best = -1;
    let size = 2;
    for (let a = 0; a < this.#answers; a++) {
      if (a !== this.#solved && counts[a] > size) {
        best = a;
        size = counts[a];
      }
      counts[a] = 0;
    }
    if (best < 0) return 0;
    let k = 0;
    for (let j = 0; j < candidates.length; j++) {
      if (table[row + candidates[j]] === best) out[k++] = candidates[j];
    }
    return size;
  }

  /**
   * Groups `candidates` by their answers to `guess` into `grouped`, class a from `start[a]` to
   * `start[a + 1]`, in the candidates' order.
   */
  split(guess: number, candidates: Int32Array, grouped: Int32Array, start: Int32Array): void {
    const table = this.#table;
    const row = guess * this.#size;
    const n = candidates.length;
    const answers = this.#answers;
    const next = this.#next;
    start.fill(0);
    for (let j = 0; j < n; j++) start[table[row + candidates[j]] + 1]++;
    for (let a = 0; a < answers; a++) {
      start[a + 1] += start[a];
      next[a] = start[a];
    }
    for (let j = 0; j < n; j++) grouped[next[table[row + candidates[j]]]++] = candidates[j];
  }

  /**
   * The codes into `byCount` by how many different answers each gets from `candidates`, those
   * with the most first and, of those alike, in code order; and into `atLeast[k]` how many get k
   * or more, k from 0 to 33.
   */
  answerOrder(candidates: Int32Array, atLeast: Int32Array, byCount: Int32Array): void {
    const masks = this.#masks;
    masks.fill(0);
    this.#gatherAnswerMasks(candidates, masks);
    atLeast.fill(0);
    for (let g = 0; g < this.#size; g++) atLeast[popcount32(masks[g])]++;
    for (let k = ANSWER_COUNTS - 2; k >= 0; k--) atLeast[k] += atLeast[k + 1];
    // Codes with k answers or more go first, those with exactly k from atLeast[k + 1] on.
    const next = atLeast.slice(1);
    for (let g = 0; g < this.#size; g++) byCount[next[popcount32(masks[g])]++] = g;
  }

  /**
   * The first of `codes[0..live)`, in their order, whose answers split `candidates` apart (at
   * most 32 answers), or −1: candidate by candidate, a code still alive is dropped at its first
   * repeated answer, the others kept in order.
   */
  splitter(candidates: Int32Array, codes: Int32Array, live: number): number {
    const size = this.#size;
    const table = this.#table;
    this.#alive ??= new Int32Array(size);
    this.#aliveMasks ??= new Int32Array(size);
    const alive = this.#alive;
    const masks = this.#aliveMasks;
    alive.set(codes.subarray(0, live));
    masks.fill(0, 0, live);
    for (let i = 0; i < candidates.length; i++) {
      const row = candidates[i] * size;
      let kept = 0;
      for (let j = 0; j < live; j++) {
        const code = alive[j];
        const bit = 1 << table[row + code];
        const mask = masks[j];
        if ((mask & bit) !== 0) continue;
        alive[kept] = code;
        masks[kept++] = mask | bit;
      }
      live = kept;
      if (live === 0) return -1;
    }
    return live === 0 ? -1 : alive[0];
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

  /** The first candidate whose answers split the others apart, or −1. */
  perfect(candidates: Int32Array): number {
    const size = this.#size;
    const table = this.#table;
    const n = candidates.length;
    if (this.#answers <= 32) {
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
