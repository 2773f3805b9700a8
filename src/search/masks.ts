/**
 * The mask ranking kernel (search/ranking.ts `#rankMasks`) in WebAssembly, from
 * search/masks.wat. Two reasons. JavaScript has no SIMD: gathering each code's set of answers
 * costs a shift and an OR per candidate and code, where a 16-byte shuffle turns 16 answers into
 * their bits at once (11 times faster on Bulls and Cows's nodes). And WebAssembly needs no
 * warm-up: it is compiled when loaded, where the same loops in TypeScript run slowly until the
 * JIT has seen them often enough, a large part of a short proof in a fresh process.
 *
 * Each kernel keeps its own copy of the score table in its memory, rows padded to 16 bytes, so
 * it serves games up to `WASM_MAX_CODES`; where WebAssembly or its SIMD is missing, or the game
 * is larger or has more than 32 answers, `MaskKernel.create` returns undefined and the
 * TypeScript kernel runs.
 */
import { MASKS_WASM_BASE64 } from './masks-wasm.js';
import type { Ranking } from './ranking.js';

/** The largest game the kernel copies the table of (64 MB at the limit). */
export const WASM_MAX_CODES = 8192;

/**
 * The part of the WebAssembly global the kernel uses, declared here: the core is type-checked
 * without the DOM's declarations, and Node's have none.
 */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: object };
  validate(bytes: Uint8Array): boolean;
}

/** The kernel's exports (see masks.wat). */
interface MaskExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  gather(
    rows: number,
    n: number,
    blocks: number,
    planes: number,
    stride: number,
    planeCount: number,
  ): void;
  excess(rows: number, n: number, guess: number, P: number, counts: number): number;
  rank(
    guesses: number,
    count: number,
    all: number,
    solved: number,
    n: number,
    depth: number,
    limit: number,
    lastAll: number,
    lastBut1: number,
    planes: number,
    stride: number,
    planeCount: number,
    outGuesses: number,
    outKeys: number,
  ): number;
}

const wasm = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;

/** The compiled module, once per process; null once it is known not to compile here. */
let compiled: object | null | undefined;

/**
 * The kernel compiled, or null where WebAssembly or its SIMD is missing, or not allowed (a page
 * whose content security policy forbids compiling it).
 */
function maskModule(): object | null {
  if (compiled === undefined) {
    const bytes = Uint8Array.from(atob(MASKS_WASM_BASE64), (char) => char.charCodeAt(0));
    try {
      compiled = wasm?.validate(bytes) ? new wasm.Module(bytes) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** The mask kernel of one game, over its own copy of the score table. */
export class MaskKernel {
  readonly #exports: MaskExports;
  readonly #size: number;
  readonly #solved: number;
  readonly #stride: number;
  readonly #planeCount: number;
  // Addresses in the kernel's memory; 0 and 8 hold the two numbers `rank` leaves, 16 to 143
  // the counters of `excess`.
  readonly #counts = 16;
  readonly #rows = 144;
  /** How many candidates' rows `#rows` holds: those of the last node ranked. */
  #n = 0;
  readonly #guesses: number;
  readonly #outGuesses: number;
  readonly #outKeys: number;
  readonly #planes: number;
  readonly #table: number;
  // Views of the memory (made once: it never grows after the constructor).
  readonly #rowsView: Int32Array;
  readonly #guessesView: Int32Array;
  readonly #outGuessesView: Int32Array;
  readonly #outKeysView: Float64Array;
  readonly #results: Float64Array;

  /**
   * The kernel for a game of `size` codes with `answers` answer indices (`solved` the index of
   * all hits) and score table `table`, or undefined where it cannot run.
   */
  static create(
    table: Uint8Array,
    size: number,
    answers: number,
    solved: number,
  ): MaskKernel | undefined {
    if (size > WASM_MAX_CODES || answers > 32) return undefined;
    const module = maskModule();
    if (!module) return undefined;
    return new MaskKernel(module, table, size, answers, solved);
  }

  private constructor(
    module: object,
    table: Uint8Array,
    size: number,
    answers: number,
    solved: number,
  ) {
    this.#size = size;
    this.#solved = solved;
    this.#stride = Math.ceil(size / 16) * 16;
    this.#planeCount = answers <= 16 ? 2 : 4;
    this.#guesses = this.#rows + 4 * size;
    this.#outGuesses = this.#guesses + 4 * size;
    this.#outKeys = align(this.#outGuesses + 4 * size, 16);
    this.#planes = this.#outKeys + 8 * size;
    this.#table = align(this.#planes + 4 * this.#stride, 16);
    const bytes = this.#table + size * this.#stride;
    this.#exports = new (wasm as WebAssemblyApi).Instance(module).exports as MaskExports;
    const memory = this.#exports.memory;
    memory.grow(Math.ceil(bytes / 65536) - memory.buffer.byteLength / 65536);
    const buffer = memory.buffer;
    const rows = new Uint8Array(buffer, this.#table, size * this.#stride);
    for (let code = 0; code < size; code++) {
      rows.set(table.subarray(code * size, code * size + size), code * this.#stride);
    }
    this.#rowsView = new Int32Array(buffer, this.#rows, size);
    this.#guessesView = new Int32Array(buffer, this.#guesses, size);
    this.#outGuessesView = new Int32Array(buffer, this.#outGuesses, size);
    this.#outKeysView = new Float64Array(buffer, this.#outKeys, size);
    this.#results = new Float64Array(buffer, 0, 2);
  }

  /**
   * Ranks `guesses` (undefined: every code) at the node `candidates` with `depth` guesses left,
   * as `#rankMasks` does before it settles the excess: keeps in `ranking` the guesses below
   * `limit`, and returns the least bound of any guess not skipped. `lastAll` and `lastBut1` are
   * the crush weights of the secrets left with two and with three guesses.
   */
  rank(
    candidates: Int32Array,
    guesses: Int32Array | undefined,
    depth: number,
    limit: number,
    lastAll: number,
    lastBut1: number,
    ranking: Ranking,
  ): number {
    const n = candidates.length;
    const rows = this.#rowsView;
    const table = this.#table;
    const stride = this.#stride;
    for (let i = 0; i < n; i++) rows[i] = table + candidates[i] * stride;
    this.#n = n;
    const kernel = this.#exports;
    kernel.gather(this.#rows, n, stride / 16, this.#planes, stride, this.#planeCount);
    if (guesses) this.#guessesView.set(guesses);
    const written = kernel.rank(
      this.#guesses,
      guesses ? guesses.length : this.#size,
      guesses ? 0 : 1,
      this.#solved,
      n,
      depth,
      limit,
      lastAll,
      lastBut1,
      this.#planes,
      stride,
      this.#planeCount,
      this.#outGuesses,
      this.#outKeys,
    );
    ranking.guesses.set(this.#outGuessesView.subarray(0, written));
    ranking.keys.set(this.#outKeysView.subarray(0, written));
    ranking.count = written;
    ranking.skipped = Math.min(ranking.skipped, this.#results[1]);
    return this.#results[0];
  }

  /**
   * E = Σ_a max(0, c_a − P) for the classes `guess` makes of the node `rank` last ranked (the
   * same as `#excess` in search/ranking.ts).
   */
  excess(guess: number, P: number): number {
    return this.#exports.excess(this.#rows, this.#n, guess, P, this.#counts);
  }
}

function align(address: number, to: number): number {
  return Math.ceil(address / to) * to;
}
