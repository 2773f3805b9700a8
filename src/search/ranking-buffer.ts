/**
 * A node's ranking as the exact search keeps it: the guesses worth trying and their sort keys,
 * in a buffer the ranking kernels (search/ranking.ts, and in WebAssembly search/masks.ts) fill
 * and the recursion (search/branch-and-bound.ts) reads. A key is 2 × the guess's lower bound
 * + 1 if the guess is not a candidate, so that the least key is the next to try and candidates
 * win ties.
 */
import { keyBound } from './cost.js';

/** The guesses of a node worth trying, with their sort keys. */
export interface Ranking {
  guesses: Int32Array;
  keys: Float64Array;
  count: number;
  /** The least bound among the guesses left out (at or above the limit). */
  skipped: number;
  /**
   * The node's width (search/bounds.ts): the most answers other than all hits that one of the
   * guesses ranked gets from its candidates. Its bounds were the ranking's.
   */
  width: number;
  /** Kept by a lookahead for the search of its class that may follow: the class, its depth and the limit ranked under. */
  saved: boolean;
  members: Int32Array | undefined;
  depth: number;
  limit: number;
}

/** An empty ranking with room for `size` guesses. */
export function newRanking(size: number): Ranking {
  return {
    guesses: new Int32Array(size),
    keys: new Float64Array(size),
    count: 0,
    skipped: Number.POSITIVE_INFINITY,
    width: 0,
    saved: false,
    members: undefined,
    depth: 0,
    limit: 0,
  };
}

/** The least bound in `ranking`: that of its least key, or of the guesses it left out. */
export function leastBound(ranking: Ranking): number {
  // floor(key / 2) is monotone, so the least bound is that of the least key.
  // The buffer and count in locals: in code not yet optimized each property read is a call.
  const { keys, count } = ranking;
  let key = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const k = keys[i];
    if (k < key) key = k;
  }
  return Math.min(ranking.skipped, keyBound(key));
}

/**
 * Removes from the first `live` entries of `ranking` those at the indices `batch[0..tried)`
 * (increasing), keeping the others in order; returns how many are left.
 */
export function withoutTried(
  ranking: Ranking,
  live: number,
  batch: Int32Array,
  tried: number,
): number {
  const { keys, guesses } = ranking;
  let kept = batch[0];
  let next = 0;
  for (let i = batch[0]; i < live; i++) {
    if (next < tried && i === batch[next]) {
      next++;
      continue;
    }
    keys[kept] = keys[i];
    guesses[kept++] = guesses[i];
  }
  return kept;
}
