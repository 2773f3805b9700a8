/**
 * The heuristics' inner loop, in WebAssembly (partitions.wat): each candidate's answer
 * from two 64-bit words, counted into its class, the heuristic's score kept as it goes and the
 * guess dropped once it cannot beat the best so far; for most parts, the classes seen as bits of
 * one word. In TypeScript the same loop computed the answers a block at a time into a buffer and
 * counted them after, several times slower; where there is a table, reading its rows in
 * TypeScript was still slower than this, so the kernel serves every game it fits (figures:
 * docs/performance.md). Games whose codes do not fit the words
 * (more than 16 pegs or colours, or more than 64 bits of colours in unary: 8 pegs of 9 colours
 * with repetition), places without WebAssembly, and games made with `simd: false` keep the
 * TypeScript (strategies/heuristic.ts); the tests check one against the other.
 *
 * A state's whole choice is one call (`best`, after `firstWithin` looks for a candidate that
 * splits the others apart): called once a guess, the JavaScript around the call cost more than
 * the scoring in a short analysis, before the JIT has warmed up. The same records give
 * `Game.scoreAll` its answers in games without a table once a heuristic has made the kernel, so
 * a walk's splits build nothing either (docs/performance.md).
 */
import type { Game } from './game.js';
import { PARTITIONS_WASM_BASE64 } from './partitions-wasm.js';
import { type KernelMemory, compileKernel, growTo, instantiateKernel } from './wasm.js';

interface PartitionExports {
  readonly memory: KernelMemory;
  setup(
    records: number,
    candidates: number,
    gains: number,
    counts: number,
    answers: number,
    offsets: number,
    nibbles: bigint,
    pegs: number,
    blows: number,
    narrow: number,
    guesses: number,
    flags: number,
  ): void;
  score(kind: number, guess: number, n: number, bound: number): number;
  mark(n: number, value: number): void;
  firstWithin(kind: number, n: number, bound: number): number;
  best(kind: number, n: number, count: number, listed: number, tolerant: number): number;
  answers(guess: number, codes: number, n: number, out: number): void;
}

/**
 * What the kernel scores a partition by (partitions.wat `score`): 0, the largest class
 * (minimax); 1, minus the number of classes (most parts); 2, the sum of each class's gains
 * (expected size, entropy).
 */
export type PartitionScore = 0 | 1 | 2;

/** The most pegs and colours a code's words hold: four bits a symbol, 64 bits in all. */
const MAX_PEGS = 16;
const MAX_COLORS = 16;

/** How many bits a colour takes in unary: as many as it may occur. */
function unaryWidth(game: Game): number {
  return game.rules.repeat ? game.pegs : 1;
}

/** The compiled module, once per process; null once it is known not to compile here. */
let compiled: object | null | undefined;

const kernels = new WeakMap<Game, PartitionKernel | null>();

/** One game's instance of the kernel, its codes' records written in once. */
export class PartitionKernel {
  readonly #kernel: PartitionExports;
  readonly #candidates: number;
  readonly #gains: number;
  /** How many gains the memory has room for. */
  readonly #gainRoom: number;
  readonly #guesses: number;
  /** How many candidates are prepared (and flagged). */
  #prepared = 0;
  /** A byte per code, 1 for each candidate prepared. */
  readonly flags: Uint8Array;
  /** The codes `scoreAll` scores, and their answers. */
  readonly #secrets: Int32Array;
  readonly #out: Uint8Array;

  /** The kernel for `game`, made on first use; undefined where it does not run. */
  static for(game: Game): PartitionKernel | undefined {
    let kernel = kernels.get(game);
    if (kernel === undefined) {
      const { pegs } = game;
      const { colors } = game.rules;
      const unaryFits = game.feedback === 'black' || colors * unaryWidth(game) <= 64;
      const fits = pegs <= MAX_PEGS && colors <= MAX_COLORS && unaryFits;
      if (fits && game.simd && compiled === undefined) {
        compiled = compileKernel(PARTITIONS_WASM_BASE64);
      }
      kernel = fits && game.simd && compiled ? new PartitionKernel(game, compiled) : null;
      kernels.set(game, kernel);
    }
    return kernel ?? undefined;
  }

  /**
   * The kernel for `game` if one was made already (a heuristic's first choice makes it): what
   * `Game.scoreAll` scores with, where making one for it alone would cost more than it saves
   * (first-consistent's walk, which chooses without scoring, builds no records).
   */
  static made(game: Game): PartitionKernel | undefined {
    return kernels.get(game) ?? undefined;
  }

  private constructor(game: Game, module: object) {
    this.#kernel = instantiateKernel<PartitionExports>(module);
    const { size, pegs } = game;
    const hitsOnly = game.feedback === 'black';
    // The offsets (16 bytes), the counts (an i32 per answer, at most 153), the records, the
    // candidates, the gains (an f64 per class size, 0 to size + 1), the guesses to choose
    // among, the answers counted, the candidates' flags, the codes `scoreAll` scores and their
    // answers.
    const offsets = 0;
    const counts = 16;
    const records = counts + 4 * 160;
    this.#candidates = records + 16 * size;
    this.#gains = this.#candidates + 8 * Math.ceil(size / 2);
    this.#gainRoom = size + 2;
    this.#guesses = this.#gains + 8 * this.#gainRoom;
    const answers = this.#guesses + 4 * size;
    const flags = answers + size;
    const secrets = flags + size + 3 - ((flags + size + 3) % 4);
    const out = secrets + 4 * size;
    growTo(this.#kernel.memory, out + size);
    const buffer = this.#kernel.memory.buffer;
    this.flags = new Uint8Array(buffer, flags, size);
    this.#secrets = new Int32Array(buffer, secrets, size);
    this.#out = new Uint8Array(buffer, out, size);
    const memory = new Uint8Array(buffer);
    for (let hits = 0; hits <= pegs; hits++) {
      memory[offsets + hits] = hits * pegs - (hits * (hits - 1)) / 2;
    }
    // Each 64-bit word written as two 32-bit halves, low first (WebAssembly is little-endian).
    const halves = new Uint32Array(buffer, records, 4 * size);
    const symbols = game.codes.symbols;
    const width = unaryWidth(game);
    const have = new Uint8Array(game.rules.colors);
    const set = (at: number, bit: number, value: number): void => {
      halves[at + (bit >>> 5)] |= value << (bit & 31);
    };
    for (let code = 0; code < size; code++) {
      have.fill(0);
      for (let p = 0; p < pegs; p++) {
        const symbol = symbols[code * pegs + p];
        set(4 * code, 4 * p, symbol);
        if (!hitsOnly) set(4 * code + 2, symbol * width + have[symbol]++, 1);
      }
    }
    let nibbles = 0n;
    for (let p = 0; p < pegs; p++) nibbles |= 1n << BigInt(4 * p);
    this.#kernel.setup(
      records,
      this.#candidates,
      this.#gains,
      counts,
      answers,
      offsets,
      BigInt.asIntN(64, nibbles),
      pegs,
      hitsOnly ? 0 : 1,
      game.answers <= 64 ? 1 : 0,
      this.#guesses,
      flags,
    );
  }

  /**
   * Takes the candidates of a game state, and the gains a class of each size adds (at least
   * `candidates.length + 2` of them, where the score is `Gains`), for the guesses scored next;
   * `flags` marks them.
   */
  prepare(candidates: Int32Array, gains?: Float64Array): void {
    const buffer = this.#kernel.memory.buffer;
    this.#kernel.mark(this.#prepared, 0);
    new Int32Array(buffer, this.#candidates, candidates.length).set(candidates);
    this.#kernel.mark(candidates.length, 1);
    this.#prepared = candidates.length;
    if (gains) {
      const used = Math.min(gains.length, candidates.length + 2, this.#gainRoom);
      new Float64Array(buffer, this.#gains, used).set(gains.subarray(0, used));
    }
  }

  /**
   * The score of `guess`'s partition of the `n` candidates prepared (lower is better), or +∞
   * once it must exceed `bound`: strategies/heuristic.ts `scorePartition`, in WebAssembly.
   */
  score(kind: PartitionScore, guess: number, n: number, bound: number): number {
    return this.#kernel.score(kind, guess, n, bound);
  }

  /** `Game.scoreAll`: the answers of `guess` to `secrets[0..count)` into `out`. */
  scoreAll(guess: number, secrets: ArrayLike<number>, count: number, out: Uint8Array): void {
    const codes = this.#secrets;
    if (secrets instanceof Int32Array) codes.set(secrets.subarray(0, count));
    else for (let i = 0; i < count; i++) codes[i] = secrets[i];
    this.#kernel.answers(guess, codes.byteOffset, count, this.#out.byteOffset);
    out.set(this.#out.subarray(0, count));
  }

  /**
   * The index of the first of the `n` candidates prepared whose score is within `bound`, or −1
   * (see `score`).
   */
  firstWithin(kind: PartitionScore, n: number, bound: number): number {
    return this.#kernel.firstWithin(kind, n, bound);
  }

  /**
   * The heuristic's choice among `guesses` (undefined: every code) over the `n` candidates
   * prepared: the least score, a candidate first among equals, then the earliest; with
   * `tolerant`, scores within 1e-9 (relative) are equal (strategies/heuristic.ts).
   */
  best(
    kind: PartitionScore,
    n: number,
    guesses: Int32Array | undefined,
    tolerant: boolean,
  ): number {
    if (guesses) new Int32Array(this.#kernel.memory.buffer, this.#guesses).set(guesses);
    const count = guesses ? guesses.length : this.flags.length;
    return this.#kernel.best(kind, n, count, guesses ? 1 : 0, tolerant ? 1 : 0);
  }
}
