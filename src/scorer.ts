/**
 * Scores computed without a table, from per-code bit patterns: symbols packed four bits a
 * position, so the misses are the non-zero nibbles of an XOR, summed by one multiplication;
 * and, without repetition, a bit mask of the symbols used, so hits + blows is the popcount of
 * an AND. With repetition the common symbols, Σ min(count, count) over the colours, depend only
 * on the two codes' colour counts: where there are few such multisets (792 for Super
 * Mastermind) a small table indexed by the pair holds them; otherwise the counts are kept in
 * unary (a few bits a colour, in two 32-bit words), so they are the popcount of an AND; games
 * too large for either count with a loop. A black-peg game needs the hits alone, so it builds
 * none of these. A game (game.ts) makes its scorer when it first scores without its table.
 */
import { popcount32 } from './bits.js';
import type { Codebook } from './code.js';
import { answerIndex } from './feedback.js';

/** The most colour multisets for which common symbols come from a table of pairs (1 MB). */
const MULTISET_MAX = 1024;

/** The scores of one game's codes, computed. */
export class Scorer {
  readonly #pegs: number;
  readonly #symbols: Uint8Array;
  /** Whether answers are the hits alone (a black-peg game): then the hits are the answer index. */
  readonly #hitsOnly: boolean;
  /** `answerOfPair[hits * (pegs + 1) + common]`: the answer index from hits and common symbols. */
  readonly #answerOfPair: Uint8Array;
  /** Symbols packed four bits a position, when colours ≤ 16 and pegs ≤ 8. */
  readonly #packed: Uint32Array | undefined;
  readonly #packedMask: number = 0;
  /** Where the sum of the nibbles lands when the packed mask multiplies itself. */
  readonly #missesShift: number = 0;
  /** Without repetition: the set of symbols of each code, as two 32-bit words. */
  readonly #maskLow: Uint32Array | undefined;
  readonly #maskHigh: Uint32Array | undefined;
  /**
   * With repetition, too many multisets and colours × pegs ≤ 64: each colour's count in unary,
   * `pegs` bits a colour, so the symbols two codes share, Σ min(count, count), is the popcount
   * of an AND. Bits 0-31 here, bits 32-63 in `#unaryHigh` (when colours × pegs > 32).
   */
  readonly #unary: Uint32Array | undefined;
  readonly #unaryHigh: Uint32Array | undefined;
  /** With repetition and at most `MULTISET_MAX` colour multisets: each code's multiset. */
  readonly #multiset: Uint16Array | undefined;
  /** `commonOfMultisets[a * multisets + b]`: the symbols codes of multisets a and b share. */
  readonly #commonOfMultisets: Uint8Array | undefined;
  readonly #multisets: number = 0;
  /** Per colour, a counter (`#commonWithRepeats`); always left at zero. */
  readonly #counts: Int32Array;

  /** Builds the bit patterns, multisets or unary counts that scoring `codes` reads. */
  constructor(codes: Codebook, hitsOnly: boolean) {
    const { pegs, colors, repeat } = codes.rules;
    const { size, symbols } = codes;
    this.#pegs = pegs;
    this.#symbols = symbols;
    this.#hitsOnly = hitsOnly;
    this.#counts = new Int32Array(colors);
    this.#answerOfPair = new Uint8Array((pegs + 1) * (pegs + 1));
    for (let hits = 0; hits <= pegs; hits++) {
      for (let common = hits; common <= pegs; common++) {
        this.#answerOfPair[hits * (pegs + 1) + common] = answerIndex(pegs, hits, common - hits);
      }
    }
    if (colors <= 16 && pegs <= 8) {
      this.#packed = new Uint32Array(size);
      for (let code = 0; code < size; code++) {
        let word = 0;
        for (let i = 0; i < pegs; i++) word |= symbols[code * pegs + i] << (4 * i);
        this.#packed[code] = word;
      }
    }
    this.#packedMask = lowNibbles(pegs);
    this.#missesShift = 4 * (pegs - 1);
    if (!repeat && !hitsOnly) {
      this.#maskLow = new Uint32Array(size);
      this.#maskHigh = new Uint32Array(size);
      for (let code = 0; code < size; code++) {
        for (let i = 0; i < pegs; i++) {
          const s = symbols[code * pegs + i];
          if (s < 32) this.#maskLow[code] |= 1 << s;
          else this.#maskHigh[code] |= 1 << (s - 32);
        }
      }
    }
    const multisets =
      repeat && !hitsOnly ? binomial(colors + pegs - 1, pegs) : Number.POSITIVE_INFINITY;
    if (multisets <= MULTISET_MAX) {
      const found = colourMultisets(symbols, size, pegs, colors);
      this.#multiset = found.multiset;
      this.#multisets = found.counts.length;
      this.#commonOfMultisets = commonSymbols(found.counts);
    } else if (repeat && !hitsOnly && colors * pegs <= 64) {
      this.#unary = new Uint32Array(size);
      const high = colors * pegs > 32 ? new Uint32Array(size) : undefined;
      this.#unaryHigh = high;
      const seen = new Uint8Array(colors);
      for (let code = 0; code < size; code++) {
        seen.fill(0);
        for (let i = 0; i < pegs; i++) {
          const s = symbols[code * pegs + i];
          const bit = s * pegs + seen[s]++;
          if (bit < 32) this.#unary[code] |= 1 << bit;
          else high![code] |= 1 << (bit - 32);
        }
      }
    }
  }

  /**
   * The answers of `guess` to `secrets[from..to)` into `out[secret]` (`bySecret`) or
   * `out[i − from]`. The loop games without a table spend their time in: for the bit-pattern
   * games, what is known of `guess` is read once rather than once a secret.
   */
  run(
    guess: number,
    secrets: ArrayLike<number>,
    from: number,
    to: number,
    out: Uint8Array,
    bySecret: boolean,
  ): void {
    const packed = this.#packed;
    const multiset = this.#multiset;
    const first = this.#unary ?? this.#maskLow;
    if (packed && this.#hitsOnly) {
      // Black pegs: the answer index is the hits.
      const symbolsOfGuess = packed[guess];
      const nibbles = this.#packedMask;
      const shift = this.#missesShift;
      for (let i = from; i < to; i++) {
        const secret = secrets[i];
        let x = symbolsOfGuess ^ packed[secret];
        x |= x >>> 1;
        x |= x >>> 2;
        out[bySecret ? secret : i - from] =
          this.#pegs - ((Math.imul(x & nibbles, nibbles) >>> shift) & 15);
      }
      return;
    }
    if (!packed || !(multiset || first)) {
      for (let i = from; i < to; i++) {
        out[bySecret ? secrets[i] : i - from] = this.score(guess, secrets[i]);
      }
      return;
    }
    const pegs = this.#pegs;
    const stride = pegs + 1;
    const answerOfPair = this.#answerOfPair;
    const nibbles = this.#packedMask;
    const shift = this.#missesShift;
    const symbolsOfGuess = packed[guess];
    if (multiset) {
      const common = this.#commonOfMultisets!;
      const row = multiset[guess] * this.#multisets;
      for (let i = from; i < to; i++) {
        const secret = secrets[i];
        let x = symbolsOfGuess ^ packed[secret];
        x |= x >>> 1;
        x |= x >>> 2;
        const hits = pegs - ((Math.imul(x & nibbles, nibbles) >>> shift) & 15);
        out[bySecret ? secret : i - from] =
          answerOfPair[hits * stride + common[row + multiset[secret]]];
      }
      return;
    }
    // With repetition: colour counts in unary (one word or two); without: symbol sets.
    const words = first!;
    const second = this.#unary ? this.#unaryHigh : this.#maskHigh;
    const firstOfGuess = words[guess];
    const secondOfGuess = second ? second[guess] : 0;
    for (let i = from; i < to; i++) {
      const secret = secrets[i];
      let x = symbolsOfGuess ^ packed[secret];
      x |= x >>> 1;
      x |= x >>> 2;
      const hits = pegs - ((Math.imul(x & nibbles, nibbles) >>> shift) & 15);
      let common = popcount32(firstOfGuess & words[secret]);
      if (second) common += popcount32(secondOfGuess & second[secret]);
      out[bySecret ? secret : i - from] = answerOfPair[hits * stride + common];
    }
  }

  /** The answer index of `guess` against `secret`. */
  score(guess: number, secret: number): number {
    const pegs = this.#pegs;
    let hits = 0;
    const packed = this.#packed;
    if (packed) {
      let x = packed[guess] ^ packed[secret];
      x |= x >>> 1;
      x |= x >>> 2;
      const nibbles = this.#packedMask;
      hits = pegs - ((Math.imul(x & nibbles, nibbles) >>> this.#missesShift) & 15);
    } else {
      const symbols = this.#symbols;
      const g = guess * pegs;
      const s = secret * pegs;
      for (let i = 0; i < pegs; i++) if (symbols[g + i] === symbols[s + i]) hits++;
    }
    if (this.#hitsOnly) return hits;
    let common: number;
    const low = this.#maskLow;
    const unary = this.#unary;
    const multiset = this.#multiset;
    if (multiset) {
      common = this.#commonOfMultisets![multiset[guess] * this.#multisets + multiset[secret]];
    } else if (low) {
      const high = this.#maskHigh!;
      common = popcount32(low[guess] & low[secret]) + popcount32(high[guess] & high[secret]);
    } else if (unary) {
      common = popcount32(unary[guess] & unary[secret]);
      const high = this.#unaryHigh;
      if (high) common += popcount32(high[guess] & high[secret]);
    } else {
      common = this.#commonWithRepeats(guess, secret);
    }
    return this.#answerOfPair[hits * (pegs + 1) + common];
  }

  #commonWithRepeats(guess: number, secret: number): number {
    const pegs = this.#pegs;
    const symbols = this.#symbols;
    const counts = this.#counts;
    const g = guess * pegs;
    const s = secret * pegs;
    for (let i = 0; i < pegs; i++) counts[symbols[s + i]]++;
    let common = 0;
    for (let i = 0; i < pegs; i++) {
      const c = symbols[g + i];
      if (counts[c] > 0) {
        counts[c]--;
        common++;
      }
    }
    for (let i = 0; i < pegs; i++) counts[symbols[s + i]] = 0;
    return common;
  }
}

/** Each code's colour multiset (numbered in order of first appearance) and each multiset's counts. */
function colourMultisets(
  symbols: Uint8Array,
  size: number,
  pegs: number,
  colors: number,
): { multiset: Uint16Array; counts: Uint8Array[] } {
  const multiset = new Uint16Array(size);
  const counts: Uint8Array[] = [];
  const numbered = new Map<string, number>();
  const count = new Uint8Array(colors);
  for (let code = 0; code < size; code++) {
    count.fill(0);
    for (let i = 0; i < pegs; i++) count[symbols[code * pegs + i]]++;
    const key = count.join();
    let index = numbered.get(key);
    if (index === undefined) {
      index = counts.length;
      numbered.set(key, index);
      counts.push(count.slice());
    }
    multiset[code] = index;
  }
  return { multiset, counts };
}

/** The symbols shared, Σ min over the colours, of every pair of colour multisets. */
function commonSymbols(counts: readonly Uint8Array[]): Uint8Array {
  const m = counts.length;
  const common = new Uint8Array(m * m);
  for (let a = 0; a < m; a++) {
    for (let b = 0; b < m; b++) {
      let shared = 0;
      for (let c = 0; c < counts[a].length; c++) shared += Math.min(counts[a][c], counts[b][c]);
      common[a * m + b] = shared;
    }
  }
  return common;
}

/** 0x1 in each of the low `pegs` nibbles. */
function lowNibbles(pegs: number): number {
  let mask = 0;
  for (let i = 0; i < pegs; i++) mask |= 1 << (4 * i);
  return mask >>> 0;
}

/** n choose k, as a float. */
export function binomial(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return Math.round(value);
}
