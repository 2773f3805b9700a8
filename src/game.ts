/**
 * A game: rules, every code, and fast scoring.
 *
 * Scoring has two paths. Where the game is small enough, `useTable()` precomputes every answer
 * once into an n×n `Uint8Array` (25 MB for Bulls and Cows), and strategies that score every
 * guess against every candidate read rows of it. Everywhere else each score is computed from
 * per-code bit patterns (scorer.ts), or by the heuristics' WebAssembly kernel (partitions.ts).
 */
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
import { Scorer } from './scorer.js';
import { fillScoreTable } from './scores.js';

/** Games with at most this many codes may build a full score table (64 MB at the limit). */
export const TABLE_MAX_CODES = 8192;
/**
 * The most codes the exact search takes: it reads a score table of every pair of codes (1 GiB at
 * the limit, Super Mastermind), larger than `TABLE_MAX_CODES` allows the other uses.
 */
export const SEARCH_MAX_CODES = 32768;

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
  /** Scores computed without the table, made when first needed (`#computed`). */
  #scorer: Scorer | undefined;
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
    const { pegs } = rules;
    this.size = this.codes.size;
    this.pegs = pegs;
    this.feedback = feedbackOf(rules);
    this.answers = answerCount(pegs, this.feedback);
    this.solved = solvedIndex(pegs, this.feedback);
    this.#hitsOnly = this.feedback === 'black';
  }

  /**
   * The scorer that computes scores without the table (scorer.ts), built when first needed: a
   * game whose table the WebAssembly kernel builds may never need it.
   */
  #computed(): Scorer {
    this.#scorer ??= new Scorer(this.codes, this.#hitsOnly);
    return this.#scorer;
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
        this.#computed().run(guess, codes, 0, n, table.subarray(guess * n, guess * n + n), false);
      }
    } else {
      const row = new Uint8Array(n);
      for (let guess = 0; guess < n; guess++) {
        this.#computed().run(guess, codes, guess, n, row, false);
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
        matches = table[guess * n + secret] === this.#computed().score(guess, secret);
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
    return table ? table[guess * this.size + secret] : this.#computed().score(guess, secret);
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
    else this.#computed().run(guess, secrets, 0, count, out, false);
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
      this.#computed().run(guess, secrets, from, to, out, true);
    }
  }
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
