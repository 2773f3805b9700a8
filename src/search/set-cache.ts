/**
 * The cache of the exact search: from (set of codes, depth budget) to what a search or a
 * lookahead proved about it, a packed cost and its best guess (−1 when the cost is only a proved
 * lower bound). Nearly every node of a search is a new set, so the cache is mostly written and
 * must cost little to miss; and a proof that runs for hours makes billions of entries, so it
 * must stay within a memory budget.
 *
 * - Everything is kept in typed arrays, nothing in objects: the sets as 16-bit codes (exact
 *   searches need a score table, so codes are below 65,536) one after another in one slab, and
 *   per entry its place in the slab, depth, hash, result and the next entry of its bucket.
 *   Searches make thousands of entries a second, and objects for them kept the garbage
 *   collector busy.
 * - Keys are 32-bit hashes of the set, and every hit is checked against the stored set, so a
 *   collision can cost time but never a wrong answer.
 * - Two generations share the budget: entries go into the young one; when it is full, the old
 *   one is dropped and the young one becomes old. A hit in the old generation is copied into the
 *   young one, so what is still in use survives. Memory stays within the budget, and what is
 *   forgotten is only searched again.
 * - One generation is a hash table over a slab (search/set-generation.ts).
 * - Given the game's images (search/set-images.ts), the sets searched are indexed a second time
 *   by a hash the game's symmetry keeps, and `find` asked for images answers a set from one of
 *   which it is the image (every code checked), keeping it as itself with the image of its
 *   guess.
 */
import { Generation } from './set-generation.js';
import type { SetImages } from './set-images.js';

/** The cache's budget when none is given. */
const DEFAULT_CACHE_BYTES = 512 * 2 ** 20;
/** The least budget: a cache this small forgets all the time, which tests use. */
export const MIN_CACHE_BYTES = 64 * 2 ** 10;
export class SetCache {
  #young: Generation;
  #old: Generation;
  /** Budgets above a set's size plus this bind nothing (see `effectiveDepth`). */
  readonly #slack: number;
  /** With it, a set is found as the image of a set searched (search/set-images.ts). */
  readonly #images: SetImages | undefined;
  /** The set whose image hash was computed last, at its depth, and the hash: `set` reuses it. */
  #imageOf: Int32Array | undefined;
  #imageDepth = -1;
  #imageHash = 0;

  /**
   * A cache that keeps within about `bytes` of memory (at least `MIN_CACHE_BYTES`); `crush`: of
   * costs that weigh the secrets at a budget's last guess, so that a budget of exactly n guesses
   * for n secrets differs from a larger one; `images`: the game's symmetry, to answer a set from
   * an image of it searched before.
   */
  constructor(bytes = DEFAULT_CACHE_BYTES, crush = false, images?: SetImages) {
    this.#slack = crush ? 1 : 0;
    this.#images = images;
    // Each generation gets half.
    const half = Math.max(bytes, MIN_CACHE_BYTES) / 2;
    this.#young = Generation.withinBytes(half, images !== undefined);
    this.#old = Generation.withinBytes(half, images !== undefined);
  }

  /** The bytes its buffers take (never much more than the budget it was given). */
  get bytes(): number {
    return this.#young.bytes + this.#old.bytes;
  }

  /**
   * The entry for `codes` within `budget` guesses, or −1; with `images` (and the game's
   * symmetry), one made from a set searched of which `codes` is an image, if it is not kept as
   * itself. An entry is a handle for `cost` and `guess`, good until the next `set`. Images cost
   * a hash of the set's shape and a match: worth it before a set is searched or looked ahead
   * at, not for every class whose bound a ranking reads (most are never searched).
   */
  find(codes: Int32Array, budget: number, images = false): number {
    const depth = effectiveDepth(codes, budget, this.#slack);
    const hash = hashSet(codes, depth);
    const young = this.#young.lookup(codes, depth, hash);
    if (young >= 0) return young;
    const old = this.#old.lookup(codes, depth, hash);
    if (old >= 0) return this.#promote(old, codes, depth, hash);
    return images && this.#images ? this.#findImage(codes, depth, hash, this.#images) : -1;
  }

  /**
   * The entry for a set not kept as itself, `codes`, from a set searched of which it is an
   * image, or −1. It is then kept as itself (not indexed as an image: its original is), with
   * the image of the original's guess.
   */
  #findImage(codes: Int32Array, depth: number, hash: number, images: SetImages): number {
    const imageHash = this.#imageHashOf(codes, depth, images);
    const young = this.#imageIn(this.#young, codes, depth, hash, imageHash, images);
    return young >= 0 ? young : this.#imageIn(this.#old, codes, depth, hash, imageHash, images);
  }

  /** `#findImage` in one generation, `from`: the new entry, or −1. */
  #imageIn(
    from: Generation,
    codes: Int32Array,
    depth: number,
    hash: number,
    imageHash: number,
    images: SetImages,
  ): number {
    const length = codes.length;
    for (let e = from.firstImage(imageHash); e >= 0; e = from.imageNext[e]) {
      if (!from.imageCandidate(e, imageHash, depth, length)) continue;
      const sigma = images.match(from.slab, from.offsets[e], length);
      if (!sigma) continue;
      const cost = from.costs[e];
      const kept = from.guesses[e];
      const guess = kept >= 0 ? sigma.image(kept) : kept;
      this.#roomFor(length);
      return this.#young.add(codes, depth, hash, cost, guess);
    }
    return -1;
  }

  /** The image hash of `codes` at `depth`, computed once for a `find` and the `set` after it. */
  #imageHashOf(codes: Int32Array, depth: number, images: SetImages): number {
    if (this.#imageOf !== codes || this.#imageDepth !== depth) {
      this.#imageHash = images.hash(codes, depth);
      this.#imageOf = codes;
      this.#imageDepth = depth;
    }
    return this.#imageHash;
  }

  /** The packed cost of `entry`. */
  cost(entry: number): number {
    return this.#young.costs[entry];
  }

  /** The best guess of `entry`, or −1 when its cost is a lower bound. */
  guess(entry: number): number {
    return this.#young.guesses[entry];
  }

  /**
   * Records what was proved about `codes` within `budget` guesses; `image` false leaves it out of
   * the index of images (where none of the sets its images would answer is ever asked for).
   */
  set(codes: Int32Array, budget: number, cost: number, guess: number, image = true): void {
    const depth = effectiveDepth(codes, budget, this.#slack);
    const hash = hashSet(codes, depth);
    const young = this.#young;
    const found = young.lookup(codes, depth, hash);
    const images = image ? this.#images : undefined;
    if (found >= 0) {
      young.costs[found] = cost;
      young.guesses[found] = guess;
      // Found as an image before, and now searched itself: its images find it too.
      if (images && !young.indexed(found))
        young.index(found, this.#imageHashOf(codes, depth, images));
      return;
    }
    const imageHash = images && this.#imageHashOf(codes, depth, images);
    this.#roomFor(codes.length);
    this.#young.add(codes, depth, hash, cost, guess, imageHash);
  }

  /** Copies entry `old` of the old generation into the young one; returns its new entry. */
  #promote(old: number, codes: Int32Array, depth: number, hash: number): number {
    const from = this.#old;
    const cost = from.costs[old];
    const guess = from.guesses[old];
    const imageHash = from.indexed(old) ? from.imageHashes[old] : undefined;
    this.#roomFor(codes.length);
    return this.#young.add(codes, depth, hash, cost, guess, imageHash);
  }

  /** Makes room in the young generation for an entry of `length` codes. */
  #roomFor(length: number): void {
    if (this.#young.fits(length)) return;
    const dropped = this.#old;
    dropped.clear();
    this.#old = this.#young;
    this.#young = dropped;
  }
}

/**
 * The depth budget as far as it matters: every guess of a sensible strategy rules out at least
 * one secret, so a budget of n guesses or more for n secrets binds nothing, and all such
 * budgets share their results. Under crush a budget of exactly n still weighs the secret a
 * strategy leaves to the n-th guess (`slack` 1): from n + 1 on, nothing.
 */
function effectiveDepth(codes: Int32Array, budget: number, slack: number): number {
  return Math.min(budget, codes.length + slack);
}

/** A 32-bit hash of a set of codes and a depth (multiplicative, with a final mix). */
function hashSet(codes: Int32Array, depth: number): number {
  let h = Math.imul(0x811c9dc5 ^ depth, 0x01000193) ^ codes.length;
  for (let i = 0; i < codes.length; i++) {
    h = Math.imul(h ^ codes[i], 0x5bd1e995);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}
