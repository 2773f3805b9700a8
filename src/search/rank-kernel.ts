/**
 * What the ranking (search/ranking.ts) asks of its kernels, the same of the kernels in
 * WebAssembly (search/masks.ts, search/mask-splits.ts) and of those in TypeScript
 * (search/plain-kernel.ts, search/plain-splits.ts), which a test holds to each other: each method
 * is described at `MaskKernel`'s or `MaskSplits`'.
 */
import type { SizeBounds } from './bounds.js';
import type { Ranking } from './ranking-buffer.js';

/**
 * The size bounds a node's classes are counted by: `bounds` (of the node's width), and `narrow`
 * for the answers of `narrowMask` (a bit each; 0 where they are no narrower).
 */
export interface ClassBounds {
  readonly bounds: SizeBounds;
  readonly narrow: SizeBounds;
  readonly narrowMask: number;
}

/**
 * What the ranking (search/ranking.ts) asks of its kernels, in WebAssembly (`MaskKernel`) or in
 * TypeScript (search/plain-kernel.ts): each method is described at `MaskKernel`'s.
 */
export interface RankKernel {
  readonly seen: Uint8Array;
  count(candidates: Int32Array): Uint16Array;
  countEach(candidates: Int32Array, guesses: Int32Array): Uint16Array;
  keys(
    n: number,
    guesses: Int32Array | undefined,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number;
  classify(candidates: Int32Array, guesses: Int32Array | undefined, keys: Float64Array): number;
  settle(
    candidates: Int32Array,
    P: number,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number;
  classKeys(
    n: number,
    depth: number,
    limit: number,
    bounds: SizeBounds,
    classes: number,
    keys: Float64Array,
    packed: Float64Array,
  ): void;
  leastSkipped(packed: Float64Array, classes: number, limit: number): number;
  least(ranking: Ranking): number;
  batch(ranking: Ranking, live: number, batch: Int32Array): number;
  /** The split kernel of the same game, over the same table. */
  readonly splits: SplitKernel;
}

/**
 * A node's candidates split by their answers, as the recursion and search/two-left.ts ask, in
 * WebAssembly (`MaskSplits`) or in TypeScript (search/plain-splits.ts): each method is described
 * at `MaskSplits`'.
 */
export interface SplitKernel {
  split(guess: number, candidates: Int32Array, grouped: Int32Array, start: Int32Array): void;
  perfect(candidates: Int32Array): number;
  splitter(candidates: Int32Array, live: number): number;
  largest(guess: number, candidates: Int32Array, out: Int32Array): number;
  answerOrder(candidates: Int32Array, atLeast: Int32Array, byCount: Int32Array): void;
}
