/**
 * A game: rules, every code, and fast scoring.
 *
 * Scoring has two paths. Where the game is small enough, `useTable()` precomputes every answer
 * once into an n×n `Uint8Array` (25 MB for Bulls and Cows), and strategies that score every
 * guess against every candidate read rows of it. Everywhere else each score is computed from
 * per-code bit patterns: symbols packed four bits a position, so hits are the zero nibbles of an
 * XOR; and, without repetition, a bit mask of the symbols used, so hits + blows is the popcount
 * of an AND. With repetition the colour counts are kept in unary (a few bits a colour), so the
 * common symbols are again the popcount of an AND; games too large for that count them with a
 * small loop. A black-peg game needs the hits alone, so it builds neither.
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
import { type FeedbackKind, type Rules, feedbackOf } from './rules.js';

/** Games with at most this many codes may build a full score table (64 MB at the limit). */
export const TABLE_MAX_CODES = 8192;

/** Rules, codes and scoring, built once per game and shared by everything that plays it. */
export class Game {
  readonly codes: Codebook;
  /** The number of codes. */
  readonly size: number;
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
  readonly #packed: Uint32Array | undefined;
  readonly #packedMask: number;
  /** Without repetition: the set of symbols of each code, as two 32-bit words. */
  readonly #maskLow: Uint32Array | undefined;
  readonly #maskHigh: Uint32Array | undefined;
  /**
   * With repetition, when colours × pegs ≤ 32: each colour's count in unary, `pegs` bits a
   * colour, so the symbols two codes share, Σ min(count, count), is the popcount of an AND.
   */
  readonly #unary: Uint32Array | undefined;
  readonly #counts: Int32Array;
  #table: Uint8Array | undefined;

  constructor(readonly rules: Rules) {
    this.codes = new Codebook(rules);
    const { pegs, colors, repeat } = rules;
    this.size = this.codes.size;
    this.pegs = pegs;
    this.feedback = feedbackOf(rules);
    this.answers = answerCount(pegs, this.feedback);
    this.solved = solvedIndex(pegs, this.feedback);
    const hitsOnly = this.feedback === 'black';
    this.#hitsOnly = hitsOnly;
    this.#answerOfPair = new Uint8Array((pegs + 1) * (pegs + 1));
    for (let hits = 0; hits <= pegs; hits++) {
      for (let common = hits; common <= pegs; common++) {
        this.#answerOfPair[hits * (pegs + 1) + common] = answerIndex(pegs, hits, common - hits);
      }
    }
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
    if (repeat && !hitsOnly && colors * pegs <= 32) {
      this.#unary = new Uint32Array(this.size);
      for (let code = 0; code < this.size; code++) {
        const seen = new Uint8Array(colors);
        let word = 0;
        for (let i = 0; i < pegs; i++) {
          const s = symbols[code * pegs + i];
          word |= 1 << (s * pegs + seen[s]++);
        }
        this.#unary[code] = word;
      }
    }
    this.#counts = new Int32Array(colors);
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

  /** Whether this game is small enough for a full score table. */
  get tableFits(): boolean {
    return this.size <= TABLE_MAX_CODES;
  }

  /**
   * Builds the score table if it fits and is not built yet; returns it, or undefined if the game
   * is too large. Rows are guesses: `table[guess * size + secret]`.
   */
  useTable(): Uint8Array | undefined {
    if (this.#table || !this.tableFits) return this.#table;
    const n = this.size;
    const table = new Uint8Array(n * n);
    for (let guess = 0; guess < n; guess++) {
      table[guess * n + guess] = this.solved;
      for (let secret = guess + 1; secret < n; secret++) {
        const answer = this.#compute(guess, secret);
        table[guess * n + secret] = answer;
        table[secret * n + guess] = answer;
      }
    }
    this.#table = table;
    return table;
  }

  /** The answer index of `guess` against `secret`. */
  score(guess: number, secret: number): number {
    const table = this.#table;
    return table ? table[guess * this.size + secret] : this.#compute(guess, secret);
  }

  /** Scores `guess` against `secrets[0..count)`, writing answer indices into `out`. */
  scoreAll(guess: number, secrets: ArrayLike<number>, count: number, out: Uint8Array): void {
    const table = this.#table;
    if (table) {
      const row = guess * this.size;
      for (let i = 0; i < count; i++) out[i] = table[row + secrets[i]];
    } else {
      for (let i = 0; i < count; i++) out[i] = this.#compute(guess, secrets[i]);
    }
  }

  #compute(guess: number, secret: number): number {
    const pegs = this.pegs;
    let hits = 0;
    const packed = this.#packed;
    if (packed) {
      let x = packed[guess] ^ packed[secret];
      x |= x >>> 1;
      x |= x >>> 2;
      hits = pegs - popcount32(x & this.#packedMask);
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
    if (low) {
      const high = this.#maskHigh!;
      common = popcount32(low[guess] & low[secret]) + popcount32(high[guess] & high[secret]);
    } else if (unary) {
      common = popcount32(unary[guess] & unary[secret]);
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
