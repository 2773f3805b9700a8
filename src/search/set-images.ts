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
 * - `maps` finds σ with σ(T) = S for a stored set T of the same hash, S the set last hashed.
 *   First each code's weight (the counts at its own positions and colours, its colours' totals,
 *   its repeated colours) summed over each set must agree, which tells most sets of the same
 *   hash apart; then position permutations that keep the rows' hashes, for each a colour
 *   renaming that keeps the columns (a colour no code of T has goes to the first free one no
 *   code of S has: which one changes nothing), and every code's image is checked. A match that
 *   would try too many renamings gives up: a miss costs only a search of the set.
 * - `image` is σ of a code, for the guess the cache keeps.
 */
import type { Game } from '../game.js';

/**
 * The search looks for images by default in games of more codes than this. In smaller ones a
 * proof takes a fraction of a second, mostly code run cold, and the images' code costs as much
 * as it saves: the classic proof 0.47 → 0.50 s of CPU with half the nodes (1,040 → 709), where
 * 4 × 8's takes 15.0 → 9.8 s (62,407 → 22,834 nodes).
 */
export const IMAGES_MIN_CODES = 2000;
/** Position permutations are tried for games of at most this many pegs (6! = 720). */
const MAX_PEGS = 6;
/** The most codes the table from a base-`colors` number to a code may take (8 MB). */
const MAX_RADIX_CODES = 2 ** 21;
/** Colour renamings a `maps` tries before it gives up. */
const MAX_RENAMINGS = 64;

/** An integer mix (a 32-bit finaliser): equal inputs, equal outputs, else unrelated. */
function mix(x: number, salt: number): number {
  let h = Math.imul(x ^ salt, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** Sets of codes of one game up to its symmetry: see the module comment. */
export class SetImages {
  readonly #pegs: number;
  readonly #colors: number;
  /** `symbols[code * pegs + i]`: the colour at position i. */
  readonly #symbols: Uint8Array;
  /** The code whose colours, read as a base-`colors` number, are the index; −1 for none. */
  readonly #codeOfRadix: Int32Array;
  /** M of the set last hashed (S) and of the stored set tested (T): `[i * colors + c]`. */
  readonly #countsS: Int32Array;
  readonly #countsT: Int32Array;
  readonly #rowsS: Int32Array;
  readonly #rowsT: Int32Array;
  readonly #columnsS: Int32Array;
  readonly #columnsT: Int32Array;
  /** S's codes marked with `#stamp` when `maps` first needs them. */
  readonly #marks: Int32Array;
  #stamp = 0;
  #codesS: Int32Array = new Int32Array(0);
  #marked = false;
  /** S's codes' weights (`#weigh`), once a `maps` needs them. */
  #weightS: number | undefined;
  /** The weights of the codes at each position, and with each colour, of S and of T (`#weigh`). */
  readonly #byPositionS: Int32Array;
  readonly #byPositionT: Int32Array;
  readonly #byColourS: Int32Array;
  readonly #byColourT: Int32Array;
  /** σ found by the last `maps`: position i goes to `#positions[i]`, colour c to `#renaming[c]`. */
  readonly #positions: Int32Array;
  readonly #renaming: Int32Array;
  readonly #positionUsed: Uint8Array;
  readonly #colourUsed: Uint8Array;
  readonly #digits: Int32Array;
  #renamings = 0;
  /** Random values by count, one table per use (a sum of them hashes a multiset of counts). */
  readonly #rowValues: Int32Array;
  readonly #columnValues: Int32Array;
  readonly #cellValues: Int32Array;
  readonly #totalValues: Int32Array;
  /** How many codes of the set have each colour, wherever (`#describe`'s scratch). */
  readonly #totals: Int32Array;

  /** The images of `game`'s sets, or undefined where they are not worth it (too many pegs). */
  static of(game: Game): SetImages | undefined {
    const { pegs, colors } = game.rules;
    if (pegs > MAX_PEGS || colors ** pegs > MAX_RADIX_CODES) return undefined;
    return new SetImages(game);
  }

  private constructor(game: Game) {
    const { pegs, colors } = game.rules;
    this.#pegs = pegs;
    this.#colors = colors;
    this.#symbols = game.codes.symbols;
    this.#codeOfRadix = new Int32Array(colors ** pegs).fill(-1);
    for (let code = 0; code < game.size; code++) {
      let radix = 0;
      for (let i = 0; i < pegs; i++) radix = radix * colors + this.#symbols[code * pegs + i];
      this.#codeOfRadix[radix] = code;
    }
    this.#countsS = new Int32Array(pegs * colors);
    this.#countsT = new Int32Array(pegs * colors);
    this.#rowsS = new Int32Array(pegs);
    this.#rowsT = new Int32Array(pegs);
    this.#columnsS = new Int32Array(colors);
    this.#columnsT = new Int32Array(colors);
    this.#marks = new Int32Array(game.size);
    this.#positions = new Int32Array(pegs);
    this.#renaming = new Int32Array(colors);
    this.#positionUsed = new Uint8Array(pegs);
    this.#colourUsed = new Uint8Array(colors);
    this.#digits = new Int32Array(pegs);
    const values = (salt: number): Int32Array => {
      const table = new Int32Array(game.size * pegs + 1);
      for (let count = 0; count < table.length; count++) table[count] = mix(count, salt);
      return table;
    };
    this.#rowValues = values(0x1b873593);
    this.#columnValues = values(0xcc9e2d51);
    this.#cellValues = values(0x2545f491);
    this.#totalValues = values(0x68e31da4);
    this.#totals = new Int32Array(colors);
    this.#byPositionS = new Int32Array(pegs);
    this.#byPositionT = new Int32Array(pegs);
    this.#byColourS = new Int32Array(colors);
    this.#byColourT = new Int32Array(colors);
  }

  /** A hash of `codes` (S from now on, for `maps`) and `depth` that every σ keeps. */
  hash(codes: Int32Array, depth: number): number {
    this.#codesS = codes;
    this.#marked = false;
    this.#weightS = undefined;
    this.#count(codes, 0, codes.length, null, this.#countsS);
    const h = this.#keys(this.#countsS, this.#rowsS, this.#columnsS, mix(codes.length, depth));
    return mix(h, 0x51ed27);
  }

  /**
   * Whether σ maps the `length` codes of `slab` from `offset` (T, stored with the same hash) onto
   * S, the set last hashed; if so `image` applies it.
   */
  maps(slab: Uint16Array, offset: number, length: number): boolean {
    const codes = this.#codesS;
    if (length !== codes.length) return false;
    this.#count(null, offset, offset + length, slab, this.#countsT);
    this.#keys(this.#countsT, this.#rowsT, this.#columnsT, 0);
    // The hash leaves the codes out (cheap for every set the cache misses); their weights tell
    // most sets of the same hash apart before any permutation is tried.
    this.#weightS ??= this.#weigh(codes, 0, codes.length, null, true);
    if (this.#weigh(null, offset, offset + length, slab, false) !== this.#weightS) {
      return false;
    }
    if (!this.#marked) {
      this.#stamp++;
      for (let i = 0; i < codes.length; i++) this.#marks[codes[i]] = this.#stamp;
      this.#marked = true;
    }
    this.#renamings = 0;
    this.#positionUsed.fill(0);
    return this.#placePosition(0, slab, offset, length);
  }

  /** σ of `code`, for the σ the last successful `maps` found. */
  image(code: number): number {
    const pegs = this.#pegs;
    const digits = this.#digits;
    for (let i = 0; i < pegs; i++) {
      digits[this.#positions[i]] = this.#renaming[this.#symbols[code * pegs + i]];
    }
    let radix = 0;
    for (let i = 0; i < pegs; i++) radix = radix * this.#colors + digits[i];
    return this.#codeOfRadix[radix];
  }

  /** Fills `counts` (M) from the codes of `codes`, or of `slab`, from `from` to `to`. */
  #count(
    codes: Int32Array | null,
    from: number,
    to: number,
    slab: Uint16Array | null,
    counts: Int32Array,
  ): void {
    const pegs = this.#pegs;
    const colors = this.#colors;
    const symbols = this.#symbols;
    counts.fill(0);
    for (let k = from; k < to; k++) {
      const code = codes ? codes[k] : slab![k];
      for (let i = 0; i < pegs; i++) counts[i * colors + symbols[code * pegs + i]]++;
    }
  }

  /**
   * What each code of S (`ofS`) or T (of `codes`, or of `slab`, from `from` to `to`) says of its
   * place in it, summed: the multiset of the counts at its own position and colour, the multiset
   * of its colours' totals, and how many pairs of its positions share a colour. Each code's
   * weight is also added to its positions' and its colours' sums (`#byPosition…`,
   * `#byColour…`), which tell apart positions and colours that their counts alone do not: the
   * matches try only those alike.
   */
  #weigh(
    codes: Int32Array | null,
    from: number,
    to: number,
    slab: Uint16Array | null,
    ofS: boolean,
  ): number {
    const pegs = this.#pegs;
    const colors = this.#colors;
    const symbols = this.#symbols;
    const counts = ofS ? this.#countsS : this.#countsT;
    const byPosition = ofS ? this.#byPositionS : this.#byPositionT;
    const byColour = ofS ? this.#byColourS : this.#byColourT;
    const totals = this.#totals;
    totals.fill(0);
    byPosition.fill(0);
    byColour.fill(0);
    for (let i = 0; i < pegs; i++) {
      for (let c = 0; c < colors; c++) totals[c] += counts[i * colors + c];
    }
    let weights = 0;
    for (let k = from; k < to; k++) {
      const at = (codes ? codes[k] : slab![k]) * pegs;
      let weight = 0;
      let pairs = 0;
      for (let i = 0; i < pegs; i++) {
        const c = symbols[at + i];
        weight =
          (weight + this.#cellValues[counts[i * colors + c]] + this.#totalValues[totals[c]]) | 0;
        for (let j = 0; j < i; j++) if (symbols[at + j] === c) pairs++;
      }
      const mixed = mix(weight, pairs);
      weights = (weights + mixed) | 0;
      for (let i = 0; i < pegs; i++) {
        const c = symbols[at + i];
        byPosition[i] = (byPosition[i] + mix(mixed, this.#cellValues[counts[i * colors + c]])) | 0;
        byColour[c] = (byColour[c] + mix(mixed, 0x3c6ef372)) | 0;
      }
    }
    return weights;
  }

  /** Each position's and each colour's hash of its counts into `rows` and `columns`; h with them. */
  #keys(counts: Int32Array, rows: Int32Array, columns: Int32Array, h: number): number {
    const pegs = this.#pegs;
    const colors = this.#colors;
    columns.fill(0);
    for (let i = 0; i < pegs; i++) {
      let row = 0;
      for (let c = 0; c < colors; c++) {
        const count = counts[i * colors + c];
        row = (row + this.#rowValues[count]) | 0;
        columns[c] = (columns[c] + this.#columnValues[count]) | 0;
      }
      rows[i] = row;
      h = (h + mix(row, 0x7feb352d)) | 0;
    }
    for (let c = 0; c < colors; c++) h = (h + mix(columns[c], 0x846ca68b)) | 0;
    return h;
  }

  /** Chooses where position `i` of T goes, among S's positions of the same row hash. */
  #placePosition(i: number, slab: Uint16Array, offset: number, length: number): boolean {
    if (i === this.#pegs) {
      this.#colourUsed.fill(0);
      return this.#renameColour(0, slab, offset, length);
    }
    for (let j = 0; j < this.#pegs; j++) {
      if (this.#positionUsed[j] || this.#rowsS[j] !== this.#rowsT[i]) continue;
      if (this.#byPositionS[j] !== this.#byPositionT[i]) continue;
      this.#positions[i] = j;
      this.#positionUsed[j] = 1;
      const found = this.#placePosition(i + 1, slab, offset, length);
      this.#positionUsed[j] = 0;
      if (found) return true;
      if (this.#renamings > MAX_RENAMINGS) return false;
    }
    return false;
  }

  /** Chooses colour `c`'s name in S, its column the same under the positions chosen. */
  #renameColour(c: number, slab: Uint16Array, offset: number, length: number): boolean {
    const colors = this.#colors;
    if (c === colors) {
      this.#renamings++;
      return this.#mapsOnto(slab, offset, length);
    }
    const unused = this.#unusedInT(c);
    for (let d = 0; d < colors; d++) {
      if (this.#colourUsed[d] || this.#columnsS[d] !== this.#columnsT[c]) continue;
      if (this.#byColourS[d] !== this.#byColourT[c]) continue;
      if (!this.#sameColumn(c, d)) continue;
      this.#renaming[c] = d;
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
    const colors = this.#colors;
    for (let i = 0; i < this.#pegs; i++) {
      if (this.#countsT[i * colors + c] !== this.#countsS[this.#positions[i] * colors + d]) {
        return false;
      }
    }
    return true;
  }

  /** Whether no code of T has colour `c`. */
  #unusedInT(c: number): boolean {
    for (let i = 0; i < this.#pegs; i++)
      if (this.#countsT[i * this.#colors + c] !== 0) return false;
    return true;
  }

  /** Whether σ, as chosen, maps every code of T into S (the sizes are equal: onto). */
  #mapsOnto(slab: Uint16Array, offset: number, length: number): boolean {
    for (let k = offset; k < offset + length; k++) {
      const image = this.image(slab[k]);
      if (image < 0 || this.#marks[image] !== this.#stamp) return false;
    }
    return true;
  }
}
