/**
 * A game: rules, every code, and fast scoring.
 *
 * Scoring has two paths. Where the game is small enough, `useTable()` precomputes every answer
 * once into an n×n `Uint8Array` (25 MB for Bulls and Cows), and strategies that score every
 * guess against every candidate read rows of it. Everywhere else each score is computed from
 * per-code bit patterns: symbols packed four bits a position, so the misses are the non-zero
 * nibbles of an XOR, summed by one multiplication; and, without repetition, a bit mask of the
 * symbols used, so hits + blows is the popcount of an AND. With repetition the common symbols,
 * Σ min(count, count) over the colours, depend only on the two codes' colour counts: where
 * there are few such multisets (792 for Super Mastermind) a small table indexed by the pair
 * holds them; otherwise the counts are kept in unary (a few bits a colour, in two 32-bit
 * words), so they are the popcount of an AND; games too large for either count with a loop.
 * A black-peg game needs the hits alone, so it builds none of these.
 *
 * One concept in one file, past 400 lines: every scoring path serves the same `score` and the
 * same table, and which one a game takes is decided here, from its rules and size.
 */
import { popcount32 } from './bits.js';
import { Codebook } from './code.js';
import {
  type Feedback,
  answerCount,
  answerIndex,
  answerOf,
  makeFeedback,
  solvedIndex,
} from './feedback.js';
import { PartitionKernel } from './partitions.js';
import { type FeedbackKind, type Rules, feedbackOf } from './rules.js';
import { fillScoreTable } from './scores.js';

/** Games with at most this many codes may build a full score table (64 MB at the limit). */
export const TABLE_MAX_CODES = 8192;
/**
 * The most codes the exact search takes: it reads a score table of every pair of codes (1 GiB at
 * the limit, Super Mastermind), larger than `TABLE_MAX_CODES` allows the other uses.
 */
export const SEARCH_MAX_CODES = 32768;
/** The most colour multisets for which common symbols come from a table of pairs (1 MB). */
const MULTISET_MAX = 1024;

/** How `useTable` builds the score table. */
export interface TableOptions {
  /** Build it for games of up to this many codes (default: the game's `tableMaxCodes`). */
  readonly maxCodes?: number;
  /** In a `SharedArrayBuffer`, so that worker threads can share it (see `adoptTable`). */
  readonly shared?: boolean;
  /**
   * Built in this array of size × size bytes (memory the ranking kernels of several threads
   * share: search/mask-memory.ts `sharedKernelTable`), where no table is built yet.
   */
  readonly into?: Uint8Array;
}

/** How a game may score. */
export interface GameOptions {
  /**
   * The most codes for which `useTable()` builds a score table (default `TABLE_MAX_CODES`).
   * 0 never builds one: the tests play small games that way to check the table-free paths
   * that large games take against the table.
   */
  readonly tableMaxCodes?: number;
  /**
   * Whether the game's WebAssembly kernels run where they can (default true): the one that
   * builds the score table (`useTable()`) and the symmetry reductions' (src/symmetry.ts); false
   * runs their TypeScript instead, to measure or check one against the other.
   */
  readonly simd?: boolean;
}

/** Rules, codes and scoring, built once per game and shared by everything that plays it. */
export class Game {
  /** Every code of the game: `codes.parse` and `codes.make` turn code indices into text and back. */
  readonly codes: Codebook;
  /** The number of codes. */
  readonly size: number;
  /** The number of pegs (positions) of a code. */
  readonly pegs: number;
  /** What an answer tells: hits and blows, or hits alone. */
  readonly feedback: FeedbackKind;
  /** The number of answer indices (see feedback.ts). */
  readonly answers: number;
  /** The answer index of all hits. */
  readonly solved: number;
  /** Whether answers are the hits alone (a black-peg game): then the hits are the answer index. */
  readonly #hitsOnly: boolean;
  /** `answerOfPair[hits * (pegs + 1) + common]`: the answer index from hits and common symbols. */
  readonly #answerOfPair: Uint8Array;
  /** Symbols packed four bits a position, when colours ≤ 16 and pegs ≤ 8. */
  #packed: Uint32Array | undefined;
  #packedMask = 0;
  /** Where the sum of the nibbles lands when the packed mask multiplies itself. */
  #missesShift = 0;
  /** Without repetition: the set of symbols of each code, as two 32-bit words. */
  #maskLow: Uint32Array | undefined;
  #maskHigh: Uint32Array | undefined;
  /**
   * With repetition, too many multisets and colours × pegs ≤ 64: each colour's count in unary,
   * `pegs` bits a colour, so the symbols two codes share, Σ min(count, count), is the popcount
   * of an AND. Bits 0-31 here, bits 32-63 in `#unaryHigh` (when colours × pegs > 32).
   */
  #unary: Uint32Array | undefined;
  #unaryHigh: Uint32Array | undefined;
  /** With repetition and at most `MULTISET_MAX` colour multisets: each code's multiset. */
  #multiset: Uint16Array | undefined;
  /** `commonOfMultisets[a * multisets + b]`: the symbols codes of multisets a and b share. */
  #commonOfMultisets: Uint8Array | undefined;
  #multisets = 0;
  readonly #counts: Int32Array;
  /** Whether `#prepareScoring` has run. */
  #scoringReady = false;
  #table: Uint8Array | undefined;
  /**
   * The table scoring reads: the table, unless the game is above its `tableMaxCodes` and it was
   * built only for the exact search. Reading a few answers from each 32 KB row of a 1 GiB table
   * waits on memory far longer than computing them (three times, on Irving's tree of Super
   * Mastermind). The search streams whole rows, which is what a table that large is for.
   */
  #lookup: Uint8Array | undefined;
  readonly #tableMaxCodes: number;
  /** Whether the game's WebAssembly kernels run where they can (`GameOptions.simd`). */
  readonly simd: boolean;

  /**
   * Enumerates the codes of `rules` (their scoring is prepared when first needed). Throws
   * `CodebreakerError` if the rules are bad; `gameFor` shares one game per rules instead of
   * building another.
   */
  constructor(
    /** The rules, checked. */
    readonly rules: Rules,
    options: GameOptions = {},
  ) {
    this.#tableMaxCodes = options.tableMaxCodes ?? TABLE_MAX_CODES;
    this.simd = options.simd ?? true;
    this.codes = new Codebook(rules);
    const { pegs, colors } = rules;
    this.size = this.codes.size;
    this.pegs = pegs;
    this.feedback = feedbackOf(rules);
    this.answers = answerCount(pegs, this.feedback);
    this.solved = solvedIndex(pegs, this.feedback);
    this.#hitsOnly = this.feedback === 'black';
    this.#answerOfPair = new Uint8Array((pegs + 1) * (pegs + 1));
    for (let hits = 0; hits <= pegs; hits++) {
      for (let common = hits; common <= pegs; common++) {
        this.#answerOfPair[hits * (pegs + 1) + common] = answerIndex(pegs, hits, common - hits);
      }
    }
    this.#counts = new Int32Array(colors);
  }

  /**
   * Builds what scoring without the table reads (bit patterns, multisets, unary counts), when
   * first needed: a game whose table the WebAssembly kernel builds may never need it.
   */
  #prepareScoring(): void {
    this.#scoringReady = true;
    const { pegs, colors, repeat } = this.rules;
    const hitsOnly = this.#hitsOnly;
    const symbols = this.codes.symbols;
    if (colors <= 16 && pegs <= 8) {
      this.#packed = new Uint32Array(this.size);
      for (let code = 0; code < this.size; code++) {
        let word = 0;
        for (let i = 0; i < pegs; i++) word |= symbols[code * pegs + i] << (4 * i);
        this.#packed[code] = word;
      }
    }
    this.#packedMask = lowNibbles(pegs);
    this.#missesShift = 4 * (pegs - 1);
    if (!repeat && !hitsOnly) {
      this.#maskLow = new Uint32Array(this.size);
      this.#maskHigh = new Uint32Array(this.size);
      for (let code = 0; code < this.size; code++) {
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
      const found = colourMultisets(this.codes.symbols, this.size, pegs, colors);
      this.#multiset = found.multiset;
      this.#multisets = found.counts.length;
      this.#commonOfMultisets = commonSymbols(found.counts);
    } else if (repeat && !hitsOnly && colors * pegs <= 64) {
      this.#unary = new Uint32Array(this.size);
      const high = colors * pegs > 32 ? new Uint32Array(this.size) : undefined;
      this.#unaryHigh = high;
      const seen = new Uint8Array(colors);
      for (let code = 0; code < this.size; code++) {
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

  /** The hits and blows of an answer index (blows 0 in a black-peg game). */
  answerOf(answer: number): Feedback {
    return answerOf(this.pegs, answer, this.feedback);
  }

  /** The answer index of feedback that can occur in this game. */
  answerIndex({ hits, blows }: Feedback): number {
    return answerIndex(this.pegs, hits, blows, this.feedback);
  }

  /** An answer index as text: `2H1B`, or `2H` in a black-peg game. */
  answerText(answer: number): string {
    return makeFeedback(this.answerOf(answer), this.feedback);
  }

  /** Whether this game is small enough for a full score table (see `GameOptions`). */
  get tableFits(): boolean {
    return this.size <= this.#tableMaxCodes;
  }

  /**
   * The score table the exact search reads (`useTable` up to `SEARCH_MAX_CODES` codes), in
   * shared memory with `shared` (for worker threads); undefined for a larger game.
   */
  searchTable(options: Omit<TableOptions, 'maxCodes'> = {}): Uint8Array | undefined {
    return this.useTable({ ...options, maxCodes: SEARCH_MAX_CODES });
  }

  /**
   * Builds the score table if it fits and is not built yet; returns it, or undefined if the game
   * is larger than `options.maxCodes` (by default its own `tableMaxCodes`, even when a larger
   * limit built one for the search). Rows are guesses: `table[guess * size + secret]`. The
   * WebAssembly kernel of scores.ts builds it where it runs; otherwise a table of more than
   * `TABLE_MAX_CODES` codes is built a whole row at a time, in order: filling both halves of a
   * symmetric table from one writes across rows, a cache miss a byte once rows are large
   * (Super Mastermind's 1 GiB takes twice as long that way).
   */
  useTable(options: TableOptions = {}): Uint8Array | undefined {
    const largest = options.maxCodes ?? this.#tableMaxCodes;
    if (this.size > largest) return undefined;
    if (this.#table) return this.#table;
    const n = this.size;
    if (options.into && options.into.length !== n * n) {
      throw new Error(`a score table has ${n * n} bytes, not ${options.into.length}`);
    }
    const table =
      options.into ??
      (options.shared ? new Uint8Array(new SharedArrayBuffer(n * n)) : new Uint8Array(n * n));
    const scored = {
      size: n,
      pegs: this.pegs,
      colors: this.rules.colors,
      symbols: this.codes.symbols,
      hitsOnly: this.#hitsOnly,
    };
    if (this.simd && fillScoreTable(table, scored)) {
      this.#keep(table);
      return table;
    }
    const codes = new Int32Array(n);
    for (let code = 0; code < n; code++) codes[code] = code;
    if (n > TABLE_MAX_CODES) {
      for (let guess = 0; guess < n; guess++) {
        this.#computeRun(guess, codes, 0, n, table.subarray(guess * n, guess * n + n), false);
      }
    } else {
      const row = new Uint8Array(n);
      for (let guess = 0; guess < n; guess++) {
        this.#computeRun(guess, codes, guess, n, row, false);
        for (let secret = guess; secret < n; secret++) {
          const answer = row[secret - guess];
          table[guess * n + secret] = answer;
          table[secret * n + guess] = answer;
        }
      }
    }
    this.#keep(table);
    return table;
  }

  /**
   * Takes the score table another thread built for this same game (shared memory), instead of
   * building one. Throws if it cannot be this game's. For the command line's worker threads.
   *
   * @internal
   */
  adoptTable(table: Uint8Array): void {
    const n = this.size;
    const step = Math.max(1, Math.floor(n / 61));
    let matches = table.length === n * n;
    for (let guess = 0; matches && guess < n; guess += step) {
      for (let secret = guess % step; matches && secret < n; secret += step) {
        matches = table[guess * n + secret] === this.#compute(guess, secret);
      }
    }
    if (!matches) throw new Error('the score table given is not this game’s');
    if (!this.#table) this.#keep(table);
  }

  #keep(table: Uint8Array): void {
    this.#table = table;
    if (this.tableFits) this.#lookup = table;
  }

  /** The answer index of `guess` against `secret`. */
  score(guess: number, secret: number): number {
    const table = this.#lookup;
    return table ? table[guess * this.size + secret] : this.#compute(guess, secret);
  }

  /** Scores `guess` against `secrets[0..count)`, writing answer indices into `out`. */
  scoreAll(guess: number, secrets: ArrayLike<number>, count: number, out: Uint8Array): void {
    const table = this.#lookup;
    if (table) {
      const row = guess * this.size;
      for (let i = 0; i < count; i++) out[i] = table[row + secrets[i]];
      return;
    }
    // The heuristics' kernel where one runs: no structures to build, and no JIT to warm.
    const kernel = PartitionKernel.made(this);
    if (kernel) kernel.scoreAll(guess, secrets, count, out);
    else this.#computeRun(guess, secrets, 0, count, out, false);
  }

  /**
   * Scores `guess` against `secrets[from..to)`, writing each secret's answer at its own index,
   * `out[secret]` (`out` has room for every code): a row of the score table, computed on demand.
   */
  scoreEach(guess: number, secrets: ArrayLike<number>, from: number, to: number, out: Uint8Array) {
    const table = this.#lookup;
    if (table) {
      const row = guess * this.size;
      for (let i = from; i < to; i++) out[secrets[i]] = table[row + secrets[i]];
    } else {
      this.#computeRun(guess, secrets, from, to, out, true);
    }
  }

  /**
   * The answers of `guess` to `secrets[from..to)` into `out[secret]` (`bySecret`) or
   * `out[i − from]`. The loop games without a table spend their time in: for the bit-pattern
   * games, what is known of `guess` is read once rather than once a secret.
   */
  #computeRun(
    guess: number,
    secrets: ArrayLike<number>,
    from: number,
    to: number,
    out: Uint8Array,
    bySecret: boolean,
  ): void {
    if (!this.#scoringReady) this.#prepareScoring();
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
          this.pegs - ((Math.imul(x & nibbles, nibbles) >>> shift) & 15);
      }
      return;
    }
    if (!packed || !(multiset || first)) {
      for (let i = from; i < to; i++) {
        out[bySecret ? secrets[i] : i - from] = this.#compute(guess, secrets[i]);
      }
      return;
    }
    const pegs = this.pegs;
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

  #compute(guess: number, secret: number): number {
    if (!this.#scoringReady) this.#prepareScoring();
    const pegs = this.pegs;
    let hits = 0;
    const packed = this.#packed;
    if (packed) {
      let x = packed[guess] ^ packed[secret];
      x |= x >>> 1;
      x |= x >>> 2;
      const nibbles = this.#packedMask;
      hits = pegs - ((Math.imul(x & nibbles, nibbles) >>> this.#missesShift) & 15);
    } else {
      const symbols = this.codes.symbols;
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
    const pegs = this.pegs;
    const symbols = this.codes.symbols;
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

/** n choose k, as a float. */
export function binomial(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return Math.round(value);
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

const games = new Map<string, Game>();

/** The game for these rules, built once and shared. */
export function gameFor(rules: Rules): Game {
  const key = `${rules.pegs}/${rules.colors}/${rules.repeat}/${rules.alphabet}/${feedbackOf(rules)}`;
  let game = games.get(key);
  if (!game) {
    game = new Game(rules);
    games.set(key, game);
  }
  return game;
}
