/**
 * One generation of the exact search's cache of solved sets (search/set-cache.ts says why it is
 * built so): a hash table over a slab of sets, everything in typed arrays, with capacities fixed
 * by its share of the cache's memory budget. The arrays start small and grow as entries come, up
 * to those capacities; the cache drops a whole generation when it is full. Where the cache has
 * the game's images, the sets searched are indexed a second time by their image hash.
 */

/** Bytes an entry costs besides its codes: offset, length, hash, next (4 each), cost (8), guess (4), depth (1), bucket head (4). */
const ENTRY_BYTES = 33;
/** Bytes an entry costs in the index of images, where there is one: hash, next, bucket head. */
const IMAGE_ENTRY_BYTES = 12;
/** Bytes a code costs in the slab. */
const CODE_BYTES = 2;

/** One generation: a hash table over a slab of sets, with fixed capacities. */
export class Generation {
  /** Per bucket (hash & mask), its first entry + 1 (0: none). */
  heads: Int32Array;
  slab: Uint16Array;
  codes = 0;
  entries = 0;
  offsets: Int32Array;
  lengths: Int32Array;
  depths: Uint8Array;
  hashes: Int32Array;
  next: Int32Array;
  costs: Float64Array;
  guesses: Int32Array;
  /**
   * The sets searched (not those found as images) by a hash the game's symmetry keeps
   * (search/set-images.ts), when the cache has the images (`withImages`; else empty): per bucket
   * its first entry + 1, and per entry its hash and the next entry of its bucket (−2: not in
   * this index).
   */
  imageHeads: Int32Array;
  imageHashes: Int32Array;
  imageNext: Int32Array;

  /** Room for at most `maxCodes` codes in `maxEntries` entries; an index of images if asked. */
  constructor(
    readonly maxCodes: number,
    readonly maxEntries: number,
    readonly withImages: boolean,
  ) {
    // Room to start with, no more than the budget allows: the arrays grow as entries come.
    const entries = Math.min(1 << 10, maxEntries);
    this.heads = new Int32Array(Math.min(1 << 12, 2 ** Math.ceil(Math.log2(entries))));
    this.slab = new Uint16Array(Math.min(1 << 16, maxCodes));
    this.offsets = new Int32Array(entries);
    this.lengths = new Int32Array(entries);
    this.depths = new Uint8Array(entries);
    this.hashes = new Int32Array(entries);
    this.next = new Int32Array(entries);
    this.costs = new Float64Array(entries);
    this.guesses = new Int32Array(entries);
    const imageEntries = withImages ? entries : 0;
    this.imageHeads = new Int32Array(withImages ? this.heads.length : 0);
    this.imageHashes = new Int32Array(imageEntries);
    this.imageNext = new Int32Array(imageEntries);
  }

  /**
   * A generation within about `bytes` of memory: two thirds for the codes, one third for the
   * entries (each with its index of images where `withImages`).
   */
  static withinBytes(bytes: number, withImages: boolean): Generation {
    const maxCodes = Math.floor((bytes * 2) / 3 / CODE_BYTES);
    const entryBytes = ENTRY_BYTES + (withImages ? IMAGE_ENTRY_BYTES : 0);
    return new Generation(maxCodes, Math.floor(bytes / 3 / entryBytes), withImages);
  }

  /** Whether `length` more codes in one more entry fit. */
  fits(length: number): boolean {
    return this.codes + length <= this.maxCodes && this.entries < this.maxEntries;
  }

  /** The entry for `codes` at `depth` whose hash is `hash`, or −1. */
  lookup(codes: Int32Array, depth: number, hash: number): number {
    const heads = this.heads;
    for (let e = heads[hash & (heads.length - 1)] - 1; e >= 0; e = this.next[e]) {
      if (this.hashes[e] === hash && this.depths[e] === depth && this.#holds(e, codes)) return e;
    }
    return -1;
  }

  /** The first entry in the bucket of image hash `hash` of the index of images, or −1. */
  firstImage(hash: number): number {
    return this.imageHeads[hash & (this.imageHeads.length - 1)] - 1;
  }

  /**
   * Whether entry `e` is a set searched, of image hash `hash`, at `depth`, of `length` codes: one
   * that may have the set looked up as its image.
   */
  imageCandidate(e: number, hash: number, depth: number, length: number): boolean {
    return this.imageHashes[e] === hash && this.depths[e] === depth && this.lengths[e] === length;
  }

  /** Whether entry `e` is in the index of images (see `imageHeads`). */
  indexed(e: number): boolean {
    return this.withImages && this.imageNext[e] !== -2;
  }

  /** Puts entry `e`, not in the index of images yet, in it under `hash`. */
  index(e: number, hash: number): void {
    this.imageHashes[e] = hash;
    this.#indexImage(e, this.imageHeads);
  }

  /**
   * Adds an entry (there is room: see `fits`) and returns it; `imageHash`, if given, puts it in
   * the index of images.
   */
  add(
    codes: Int32Array,
    depth: number,
    hash: number,
    cost: number,
    guess: number,
    imageHash?: number,
  ): number {
    if (this.codes + codes.length > this.slab.length) {
      this.slab = grown(this.slab, this.codes + codes.length, this.maxCodes);
    }
    this.slab.set(codes, this.codes);
    const entry = this.entries++;
    if (entry === this.offsets.length) this.#growEntries();
    this.offsets[entry] = this.codes;
    this.lengths[entry] = codes.length;
    this.depths[entry] = depth;
    this.hashes[entry] = hash;
    this.costs[entry] = cost;
    this.guesses[entry] = guess;
    if (this.withImages) {
      this.imageHashes[entry] = imageHash ?? 0;
      this.imageNext[entry] = imageHash === undefined ? -2 : -1;
    }
    this.codes += codes.length;
    if (this.entries > this.heads.length) {
      this.#rehash(2 * this.heads.length);
    } else {
      const bucket = hash & (this.heads.length - 1);
      this.next[entry] = this.heads[bucket] - 1;
      this.heads[bucket] = entry + 1;
      if (imageHash !== undefined) this.#indexImage(entry, this.imageHeads);
    }
    return entry;
  }

  /** Puts entry `e` first in its bucket of `heads`, the index of images. */
  #indexImage(e: number, heads: Int32Array): void {
    const bucket = this.imageHashes[e] & (heads.length - 1);
    this.imageNext[e] = heads[bucket] - 1;
    heads[bucket] = e + 1;
  }

  /** The bytes its buffers take. */
  get bytes(): number {
    const perEntry = [this.offsets, this.lengths, this.depths, this.hashes, this.next];
    const images = [this.imageHeads, this.imageHashes, this.imageNext];
    let bytes = this.heads.byteLength + this.slab.byteLength;
    for (const array of [...perEntry, ...images]) bytes += array.byteLength;
    return bytes + this.costs.byteLength + this.guesses.byteLength;
  }

  /** Forgets every entry, keeping the buffers. */
  clear(): void {
    this.heads.fill(0);
    this.imageHeads.fill(0);
    this.codes = 0;
    this.entries = 0;
  }

  /** Whether entry `e` holds exactly `codes`. */
  #holds(e: number, codes: Int32Array): boolean {
    if (this.lengths[e] !== codes.length) return false;
    const slab = this.slab;
    for (let i = 0, j = this.offsets[e]; i < codes.length; i++, j++)
      if (slab[j] !== codes[i]) return false;
    return true;
  }

  #growEntries(): void {
    const size = 2 * this.offsets.length;
    const most = this.maxEntries;
    this.offsets = grown(this.offsets, size, most);
    this.lengths = grown(this.lengths, size, most);
    this.depths = grown(this.depths, size, most);
    this.hashes = grown(this.hashes, size, most);
    this.next = grown(this.next, size, most);
    this.costs = grown(this.costs, size, most);
    this.guesses = grown(this.guesses, size, most);
    if (!this.withImages) return;
    this.imageHashes = grown(this.imageHashes, size, most);
    this.imageNext = grown(this.imageNext, size, most);
  }

  /** Rebuilds the buckets with `buckets` of them (a power of two), about one entry each. */
  #rehash(buckets: number): void {
    const heads = new Int32Array(buckets);
    const imageHeads = new Int32Array(this.withImages ? buckets : 0);
    for (let e = 0; e < this.entries; e++) {
      const bucket = this.hashes[e] & (buckets - 1);
      this.next[e] = heads[bucket] - 1;
      heads[bucket] = e + 1;
      if (this.indexed(e)) this.#indexImage(e, imageHeads);
    }
    this.heads = heads;
    this.imageHeads = imageHeads;
  }
}

/** The cache: see the module comment. */
/** A copy of `array` at least `size` long (twice as long, if that is more, but at most `most`). */
function grown<T extends Uint8Array | Uint16Array | Int32Array | Float64Array>(
  array: T,
  size: number,
  most: number,
): T {
  const copy = new (array.constructor as new (length: number) => T)(
    Math.max(size, Math.min(2 * array.length, most)),
  );
  copy.set(array);
  return copy;
}
