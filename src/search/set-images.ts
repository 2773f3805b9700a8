/**
 * Sets of codes up to the game's symmetry, for the cache of solved sets (search/set-cache.ts).
 *
 * Permuting the positions and renaming the colours of every code alike (an element σ of the
 * game's group, src/symmetry.ts) keeps every answer, so a set S and its image σ(S) cost the same
 * within any budget, and if guess g is best at S, σ(g) is best at σ(S). The exact search meets
 * such images all the time, classes of different guesses at different nodes: of the nodes it
 * searched without this, a fifth of the classic proof's by size, a third of 4 × 7's, three
 * fifths of 5 of 7's without repetition were images of nodes searched before. The cache answers
 * them from the set it searched, through σ.
 *
 * - `hash` is a hash that σ keeps, cheap enough for every set the cache misses: from the counts
 *   M[i][c] of the set's codes with colour c at position i (σ permutes the rows and the columns
 *   of M), each position's multiset of counts and each colour's. A sum of a random value per
 *   count hashes a multiset whatever its order.
 * - `match` finds σ with σ(T) = S for a stored set T of the same hash, S the set last hashed.
 *   First each code's weight (the counts at its own positions and colours, its colours' totals,
 *   its repeated colours) summed over each set must agree, which tells most sets of the same
 *   hash apart; then position permutations that keep the rows' hashes, for each a colour
 *   renaming that keeps the columns (a colour no code of T has goes to the first free one no
 *   code of S has: which one changes nothing), and every code's image is checked. A match that
 *   would try too many renamings gives up: a miss costs only a search of the set.
 * - the σ it returns maps a code (`image`): the guess the cache keeps for T, to S.
 */
import type { Game } from '../game.js';

/**
 * The search looks for images by default in games of more codes than this. In smaller ones a
 * proof takes a fraction of a second, mostly code run cold, and the images' code costs as much
 * as it saves: the classic proof 0.47 → 0.50 s of CPU with half the nodes (1,040 → 709), where
 * 4 × 8's takes 15.0 → 9.0 s (62,407 → 22,833 nodes).
 */
export const IMAGES_MIN_CODES = 2000;
/** Position permutations are tried for games of at most this many pegs (6! = 720). */
const MAX_PEGS = 6;
/** The most codes the table from a base-`colors` number to a code may take (8 MB). */
const MAX_RADIX_CODES = 2 ** 21;
/** Colour renamings a match tries before it gives up. */
const MAX_RENAMINGS = 64;

/** An integer mix (a 32-bit finaliser): equal inputs, equal outputs, else unrelated. */
function mix(x: number, salt: number): number {
  let h = Math.imul(x ^ salt, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** A random value for each count, one table per use: a sum of them hashes a multiset of counts. */
function randomValues(length: number, salt: number): Int32Array {
  const table = new Int32Array(length);
  for (let count = 0; count < length; count++) table[count] = mix(count, salt);
  return table;
}

/** The game's codes as the images read them, and the tables their hashes take values from. */
class ImageCodes {
  readonly pegs: number;
  readonly colors: number;
  /** `symbols[code * pegs + i]`: the colour at position i. */
  readonly symbols: Uint8Array;
  /** The code whose colours, read as a base-`colors` number, are the index; −1 for none. */
  readonly codeOfRadix: Int32Array;
  readonly rowValues: Int32Array;
  readonly columnValues: Int32Array;
  readonly cellValues: Int32Array;
  readonly totalValues: Int32Array;

  constructor(game: Game) {
    const { pegs, colors } = game.rules;
    this.pegs = pegs;
    this.colors = colors;
    this.symbols = game.codes.symbols;
    this.codeOfRadix = new Int32Array(colors ** pegs).fill(-1);
    for (let code = 0; code < game.size; code++) {
      let radix = 0;
      for (let i = 0; i < pegs; i++) radix = radix * colors + this.symbols[code * pegs + i];
      this.codeOfRadix[radix] = code;
    }
    // Counts and totals go up to a set's codes times its pegs.
    const counts = game.size * pegs + 1;
    this.rowValues = randomValues(counts, 0x1b873593);
    this.columnValues = randomValues(counts, 0xcc9e2d51);
    this.cellValues = randomValues(counts, 0x2545f491);
    this.totalValues = randomValues(counts, 0x68e31da4);
  }
}

/**
 * How a set's codes sit (the set looked up, S, or a stored one, T): the counts M[i][c] of its
 * codes with colour c at position i, each row's and each column's hash of its counts and, once
 * a match needs them (`weigh`), its codes' weights summed, by position and by colour.
 */
class SetShape {
  readonly #codes: ImageCodes;
  readonly counts: Int32Array;
  readonly rows: Int32Array;
  readonly columns: Int32Array;
  readonly byPosition: Int32Array;
  readonly byColour: Int32Array;
  /** How many codes of the set have each colour, wherever (`weigh`'s scratch). */
  readonly #totals: Int32Array;

  constructor(codes: ImageCodes) {
    this.#codes = codes;
    const { pegs, colors } = codes;
    this.counts = new Int32Array(pegs * colors);
    this.rows = new Int32Array(pegs);
    this.columns = new Int32Array(colors);
    this.byPosition = new Int32Array(pegs);
    this.byColour = new Int32Array(colors);
    this.#totals = new Int32Array(colors);
  }

  /**
   * Counts the codes of `list`, or of `slab`, from `from` to `to`, and hashes each row and each
   * column; returns the hash of them all, with `h`.
   */
  describe(
    list: Int32Array | null,
    slab: Uint16Array | null,
    from: number,
    to: number,
    h: number,
  ): number {
    const { pegs, colors, symbols, rowValues, columnValues } = this.#codes;
    const counts = this.counts;
    const columns = this.columns;
    counts.fill(0);
    for (let k = from; k < to; k++) {
      const code = list ? list[k] : slab![k];
      for (let i = 0; i < pegs; i++) counts[i * colors + symbols[code * pegs + i]]++;
    }
    columns.fill(0);
    for (let i = 0; i < pegs; i++) {
      let row = 0;
      for (let c = 0; c < colors; c++) {
        const count = counts[i * colors + c];
        row = (row + rowValues[count]) | 0;
        columns[c] = (columns[c] + columnValues[count]) | 0;
      }
      this.rows[i] = row;
      h = (h + mix(row, 0x7feb352d)) | 0;
    }
    for (let c = 0; c < colors; c++) h = (h + mix(columns[c], 0x846ca68b)) | 0;
    return h;
  }

  /**
   * What each code of the set described last says of its place in it, summed: the multiset of
   * the counts at its own position and colour, the multiset of its colours' totals, and how many
   * pairs of its positions share a colour. Each code's weight is also added to its positions'
   * and its colours' sums (`byPosition`, `byColour`), which tell apart positions and colours
   * that their counts alone do not: a match tries only those alike.
   */
  weigh(list: Int32Array | null, slab: Uint16Array | null, from: number, to: number): number {
    const { pegs, colors, symbols, cellValues, totalValues } = this.#codes;
    const { counts, byPosition, byColour } = this;
    const totals = this.#totals;
    totals.fill(0);
    byPosition.fill(0);
    byColour.fill(0);
    for (let i = 0; i < pegs; i++) {
      for (let c = 0; c < colors; c++) totals[c] += counts[i * colors + c];
    }
    let weights = 0;
    for (let k = from; k < to; k++) {
      const at = (list ? list[k] : slab![k]) * pegs;
      let weight = 0;
      let pairs = 0;
      for (let i = 0; i < pegs; i++) {
        const c = symbols[at + i];
        weight = (weight + cellValues[counts[i * colors + c]] + totalValues[totals[c]]) | 0;
        for (let j = 0; j < i; j++) if (symbols[at + j] === c) pairs++;
      }
      const mixed = mix(weight, pairs);
      weights = (weights + mixed) | 0;
      for (let i = 0; i < pegs; i++) {
        const c = symbols[at + i];
        byPosition[i] = (byPosition[i] + mix(mixed, cellValues[counts[i * colors + c]])) | 0;
        byColour[c] = (byColour[c] + mix(mixed, 0x3c6ef372)) | 0;
      }
    }
    return weights;
  }

  /** Whether no code of the set has colour `c`. */
  lacks(c: number): boolean {
    const { pegs, colors } = this.#codes;
    for (let i = 0; i < pegs; i++) if (this.counts[i * colors + c] !== 0) return false;
    return true;
  }
}

/**
 * An element σ of the game's group as a match builds it: position i goes to `positions[i]`,
 * colour c becomes `renaming[c]`.
 */
export class Relabelling {
  readonly #codes: ImageCodes;
  readonly positions: Int32Array;
  readonly renaming: Int32Array;
  readonly #digits: Int32Array;

  constructor(codes: ImageCodes) {
    this.#codes = codes;
    this.positions = new Int32Array(codes.pegs);
    this.renaming = new Int32Array(codes.colors);
    this.#digits = new Int32Array(codes.pegs);
  }

  /** σ of `code`. */
  image(code: number): number {
    const { pegs, colors, symbols, codeOfRadix } = this.#codes;
    const digits = this.#digits;
    for (let i = 0; i < pegs; i++) {
      digits[this.positions[i]] = this.renaming[symbols[code * pegs + i]];
    }
    let radix = 0;
    for (let i = 0; i < pegs; i++) radix = radix * colors + digits[i];
    return codeOfRadix[radix];
  }
}

/** Sets of codes of one game up to its symmetry: see the module comment. */
export class SetImages {
  readonly #codes: ImageCodes;
  /** The set last hashed (S), its shape, and whether its weights and marks are made yet. */
  #list: Int32Array = new Int32Array(0);
  readonly #s: SetShape;
  #weightS: number | undefined;
  #marked = false;
  /** The stored set a match tries (T). */
  readonly #t: SetShape;
  /** S's codes, marked with `#stamp`. */
  readonly #marks: Int32Array;
  #stamp = 0;
  /** The σ a match builds, returned when it maps T onto S; its choices so far. */
  readonly #sigma: Relabelling;
  readonly #positionUsed: Uint8Array;
  readonly #colourUsed: Uint8Array;
  #renamings = 0;

  /** The images of `game`'s sets, or undefined where they are not worth it (too many pegs). */
  static of(game: Game): SetImages | undefined {
    const { pegs, colors } = game.rules;
    if (pegs > MAX_PEGS || colors ** pegs > MAX_RADIX_CODES) return undefined;
    return new SetImages(game);
  }

  private constructor(game: Game) {
    const codes = new ImageCodes(game);
    this.#codes = codes;
    this.#s = new SetShape(codes);
    this.#t = new SetShape(codes);
    this.#marks = new Int32Array(game.size);
    this.#sigma = new Relabelling(codes);
    this.#positionUsed = new Uint8Array(codes.pegs);
    this.#colourUsed = new Uint8Array(codes.colors);
  }

  /** A hash of `codes` (S from now on, for `match`) and `depth` that every σ keeps. */
  hash(codes: Int32Array, depth: number): number {
    this.#list = codes;
    this.#marked = false;
    this.#weightS = undefined;
    return mix(this.#s.describe(codes, null, 0, codes.length, mix(codes.length, depth)), 0x51ed27);
  }

  /**
   * The σ that maps the `length` codes of `slab` from `offset` (T, stored with the same hash)
   * onto S, the set last hashed, or undefined; the σ is good until the next match.
   */
  match(slab: Uint16Array, offset: number, length: number): Relabelling | undefined {
    const list = this.#list;
    if (length !== list.length) return undefined;
    const t = this.#t;
    t.describe(null, slab, offset, offset + length, 0);
    // The hash leaves the codes' weights out (it is made for every set the cache misses); they
    // tell most sets of the same hash apart before any permutation is tried.
    this.#weightS ??= this.#s.weigh(list, null, 0, list.length);
    if (t.weigh(null, slab, offset, offset + length) !== this.#weightS) return undefined;
    if (!this.#marked) {
      this.#stamp++;
      for (let i = 0; i < list.length; i++) this.#marks[list[i]] = this.#stamp;
      this.#marked = true;
    }
    this.#renamings = 0;
    this.#positionUsed.fill(0);
    return this.#placePosition(0, slab, offset, length) ? this.#sigma : undefined;
  }

  /** Chooses where position `i` of T goes, among S's positions alike. */
  #placePosition(i: number, slab: Uint16Array, offset: number, length: number): boolean {
    const pegs = this.#codes.pegs;
    if (i === pegs) {
      this.#colourUsed.fill(0);
      return this.#renameColour(0, slab, offset, length);
    }
    const s = this.#s;
    const t = this.#t;
    for (let j = 0; j < pegs; j++) {
      if (this.#positionUsed[j] || s.rows[j] !== t.rows[i]) continue;
      if (s.byPosition[j] !== t.byPosition[i]) continue;
      this.#sigma.positions[i] = j;
      this.#positionUsed[j] = 1;
      const found = this.#placePosition(i + 1, slab, offset, length);
      this.#positionUsed[j] = 0;
      if (found) return true;
      if (this.#renamings > MAX_RENAMINGS) return false;
    }
    return false;
  }

  /** Chooses colour `c`'s name in S, alike and its column the same under the positions chosen. */
  #renameColour(c: number, slab: Uint16Array, offset: number, length: number): boolean {
    const colors = this.#codes.colors;
    if (c === colors) {
      this.#renamings++;
      return this.#mapsOnto(slab, offset, length);
    }
    const s = this.#s;
    const t = this.#t;
    const unused = t.lacks(c);
    for (let d = 0; d < colors; d++) {
      if (this.#colourUsed[d] || s.columns[d] !== t.columns[c]) continue;
      if (s.byColour[d] !== t.byColour[c] || !this.#sameColumn(c, d)) continue;
      this.#sigma.renaming[c] = d;
      this.#colourUsed[d] = 1;
      const found = this.#renameColour(c + 1, slab, offset, length);
      this.#colourUsed[d] = 0;
      // A colour no code of T has can go to any colour no code of S has: one choice is enough.
      if (found || unused) return found;
      if (this.#renamings > MAX_RENAMINGS) return false;
    }
    return false;
  }

  /** Whether T's column `c` and S's column `d` agree under the positions chosen. */
  #sameColumn(c: number, d: number): boolean {
    const { pegs, colors } = this.#codes;
    const positions = this.#sigma.positions;
    const inS = this.#s.counts;
    const inT = this.#t.counts;
    for (let i = 0; i < pegs; i++) {
      if (inT[i * colors + c] !== inS[positions[i] * colors + d]) return false;
    }
    return true;
  }

  /** Whether σ, as chosen, maps every code of T into S (the sizes are equal: onto). */
  #mapsOnto(slab: Uint16Array, offset: number, length: number): boolean {
    for (let k = offset; k < offset + length; k++) {
      const image = this.#sigma.image(slab[k]);
      if (image < 0 || this.#marks[image] !== this.#stamp) return false;
    }
    return true;
  }
}
