/**
 * A node's ranking as the exact search keeps it: the guesses worth trying and their sort keys,
 * in a buffer the ranking kernels (search/ranking.ts, and in WebAssembly search/masks.ts) fill
 * and the recursion (search/branch-and-bound.ts) reads. A key is 2 × the guess's lower bound
 * + 1 if the guess is not a candidate, so that the least key is the next to try and candidates
 * win ties.
 */
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

/** The least of `ranking`'s keys, ∞ if it has none (the kernels' `least`, in TypeScript). */
export function leastKey(ranking: Ranking): number {
  // The buffer and count in locals: in code not yet optimized each property read is a call.
  const { keys, count } = ranking;
  let key = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const k = keys[i];
    if (k < key) key = k;
  }
  return key;
}

/**
 * Puts at `batch` the places, in increasing order, of the least of `ranking`'s first `live` keys
 * (`live` > 0) and of every key equal to it; returns how many (the kernels' `batch`, in
 * TypeScript).
 */
export function leastKeys(ranking: Ranking, live: number, batch: Int32Array): number {
  const keys = ranking.keys;
  let ties = 0;
  let key = keys[0];
  for (let i = 0; i < live; i++) {
    const k = keys[i];
    if (k < key) {
      key = k;
      ties = 0;
    }
    if (k === key) batch[ties++] = i;
  }
  return ties;
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
  // The entries between two removed ones move down as blocks (copyWithin): no key is read in
  // TypeScript, where code not yet optimized allocates a number for each.
  if (tried === 0) return live;
  const { keys, guesses } = ranking;
  let kept = batch[0];
  for (let t = 0; t < tried; t++) {
    const from = batch[t] + 1;
    const to = t + 1 < tried ? batch[t + 1] : live;
    keys.copyWithin(kept, from, to);
    guesses.copyWithin(kept, from, to);
    kept += to - from;
  }
  return kept;
}
