/**
 * The ranking kernels of search/ranking.ts in WebAssembly, from search/masks.wat: the mask
 * kernel (`#settleMasks`), the count the streaming kernel reads its bounds off
 * (`#rankStreaming`), and, over the same copy of the table, a node's partition by answer
 * (`split`) and the perfect-candidate test (`perfectCandidate`). Two reasons. JavaScript has no SIMD: gathering each code's set of answers
 * costs a shift and an OR per candidate and code, where a 16-byte shuffle turns 16 answers into
 * their bits at once (an order of magnitude faster: docs/performance.md). And WebAssembly needs no
 * warm-up: it is compiled when loaded, where the same loops in TypeScript run slowly until the
 * JIT has seen them often enough, a large part of a short proof in a fresh process.
 *
 * Each kernel keeps its own copy of the score table in its memory, rows padded to 16 bytes, so
 * it serves games up to `WASM_MAX_CODES`; where WebAssembly or its SIMD is missing, or the game
 * is larger or has more than 32 answers, `MaskKernel.create` returns undefined and the
 * TypeScript kernel runs.
 *
 * One concept in one file, past 400 lines: the kernels share one memory, laid out below, and
 * one copy of the table in it.
 */
import { type KernelMemory, compileKernel, growTo, instantiateKernel } from '../wasm.js';
import type { SizeBounds } from './bounds.js';
import { MASKS_WASM_BASE64 } from './masks-wasm.js';
import type { Ranking } from './ranking-buffer.js';

/**
 * The largest game the kernel copies the table of: every game the exact search takes (1 GiB a
 * copy at the limit, Super Mastermind).
 */
const WASM_MAX_CODES = 32768;
/** Classes of guess by their answer masks: 2 × (0 to 32 answers) + (0 or 1). */
export const CLASSES = 66;

// The kernel's memory: at 0 the number `settle` leaves, at 8 the width `classify` leaves, then
// the counters of one guess's classes, the keys and marks by class (`CLASSES` of each), then what
// `layout` places by the size.
const COUNTS = 16;
const KEYS = 144;
const SEEN = KEYS + 8 * CLASSES;

/**
 * The memory one search's kernel takes for a game of `size` codes and `answers` answer indices
 * (its copy of the table, and buffers), or 0 where it would not run.
 */
export function maskKernelBytes(size: number, answers: number): number {
  return kernelModule(size, answers) ? layout(size, answerShift(answers)).bytes : 0;
}

/** The compiled kernel if it runs for a game of `size` codes and `answers` answer indices. */
function kernelModule(size: number, answers: number): object | null {
  return size > WASM_MAX_CODES || answers > 32 ? null : maskModule();
}

/** The kernel's exports (see masks.wat). */
interface MaskExports {
  readonly memory: KernelMemory;
  count(rows: number, n: number, size: number, shift: number, counts: number): void;
  gather(
    rows: number,
    n: number,
    blocks: number,
    planes: number,
    stride: number,
    planeCount: number,
  ): void;
  perfect(codes: number, n: number, table: number, stride: number): number;
  keys(
    counts: number,
    shift: number,
    guesses: number,
    count: number,
    all: number,
    answers: number,
    solved: number,
    n: number,
    total: number,
    depths: number,
    narrowMask: number,
    totalNarrow: number,
    depthsNarrow: number,
    depth: number,
    limit: number,
    outGuesses: number,
    outKeys: number,
  ): number;
  split(
    row: number,
    codes: number,
    n: number,
    answers: number,
    start: number,
    next: number,
    out: number,
  ): void;
  classify(
    guesses: number,
    count: number,
    all: number,
    solved: number,
    planes: number,
    stride: number,
    planeCount: number,
    keys: number,
    seen: number,
    outGuesses: number,
    outKeys: number,
    outMasks: number,
  ): number;
  settle(
    outGuesses: number,
    outKeys: number,
    outMasks: number,
    written: number,
    P: number,
    total: number,
    depths: number,
    narrowMask: number,
    totalNarrow: number,
    depthsNarrow: number,
    solved: number,
    depth: number,
    limit: number,
    rows: number,
    n: number,
    counts: number,
  ): number;
}

/**
 * The size bounds a node's classes are counted by: `bounds` (of the node's width), and `narrow`
 * for the answers of `narrowMask` (a bit each; 0 where they are no narrower).
 */
export interface ClassBounds {
  readonly bounds: SizeBounds;
  readonly narrow: SizeBounds;
  readonly narrowMask: number;
}

/** The compiled module, once per process; null once it is known not to compile here. */
let compiled: object | null | undefined;

/** The kernel compiled, or null where it cannot run (see `compileKernel`). */
function maskModule(): object | null {
  if (compiled === undefined) compiled = compileKernel(MASKS_WASM_BASE64);
  return compiled;
}

/** The mask kernel of one game, over its own copy of the score table. */
export class MaskKernel {
  readonly #exports: MaskExports;
  readonly #size: number;
  readonly #solved: number;
  readonly #stride: number;
  readonly #planeCount: number;
  // Addresses in the kernel's memory (see `layout`).
  readonly #counts = COUNTS;
  readonly #keys = KEYS;
  readonly #seen = SEEN;
  readonly #rows: number;
  readonly #classCounts: number;
  readonly #shift: number;
  readonly #guesses: number;
  readonly #outGuesses: number;
  readonly #outKeys: number;
  readonly #outMasks: number;
  readonly #planes: number;
  readonly #table: number;
  readonly #answers: number;
  readonly #codes: number;
  readonly #grouped: number;
  readonly #start: number;
  readonly #next: number;
  readonly #total: number;
  readonly #depths: number;
  readonly #totalNarrow: number;
  readonly #depthsNarrow: number;
  // Views of the memory (made once: it never grows after the constructor).
  readonly #rowsView: Int32Array;
  readonly #guessesView: Int32Array;
  readonly #outGuessesView: Int32Array;
  readonly #outKeysView: Float64Array;
  readonly #codesView: Int32Array;
  readonly #groupedView: Int32Array;
  readonly #startView: Int32Array;
  readonly #keysView: Float64Array;
  readonly #totalView: Float64Array;
  readonly #depthsView: Uint8Array;
  readonly #totalNarrowView: Float64Array;
  readonly #depthsNarrowView: Uint8Array;
  readonly #skipped: Float64Array;
  readonly #width: Int32Array;
  /** How many guesses the last `classify` kept. */
  #classified = 0;
  /** Per code and answer (`2^answerShift` a code), the candidates `count` last counted. */
  readonly classCounts: Uint16Array;
  /** Per class of guess, 1 if the last node ranked had a guess of it. */
  readonly seen: Uint8Array;

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
    const module = kernelModule(size, answers);
    return module ? new MaskKernel(module, table, size, answers, solved) : undefined;
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
    this.#planeCount = answers <= 16 ? 2 : 4;
    this.#shift = answerShift(answers);
    const addresses = layout(size, this.#shift);
    this.#stride = addresses.stride;
    this.#rows = addresses.rows;
    this.#classCounts = addresses.classCounts;
    this.#guesses = addresses.guesses;
    this.#outGuesses = addresses.outGuesses;
    this.#outKeys = addresses.outKeys;
    this.#outMasks = addresses.outMasks;
    this.#planes = addresses.planes;
    this.#table = addresses.table;
    this.#answers = answers;
    this.#codes = addresses.codes;
    this.#grouped = addresses.grouped;
    this.#start = addresses.start;
    this.#next = addresses.next;
    this.#total = addresses.total;
    this.#depths = addresses.depths;
    this.#totalNarrow = addresses.totalNarrow;
    this.#depthsNarrow = addresses.depthsNarrow;
    const bytes = addresses.bytes;
    this.#exports = instantiateKernel<MaskExports>(module);
    growTo(this.#exports.memory, bytes);
    const buffer = this.#exports.memory.buffer;
    const rows = new Uint8Array(buffer, this.#table, size * this.#stride);
    for (let code = 0; code < size; code++) {
      rows.set(table.subarray(code * size, code * size + size), code * this.#stride);
    }
    this.#rowsView = new Int32Array(buffer, this.#rows, size);
    this.#guessesView = new Int32Array(buffer, this.#guesses, size);
    this.#outGuessesView = new Int32Array(buffer, this.#outGuesses, size);
    this.#outKeysView = new Float64Array(buffer, this.#outKeys, size);
    this.classCounts = new Uint16Array(buffer, this.#classCounts, size << this.#shift);
    this.#keysView = new Float64Array(buffer, this.#keys, CLASSES);
    this.#totalView = new Float64Array(buffer, this.#total, size + 1);
    this.#depthsView = new Uint8Array(buffer, this.#depths, size + 1);
    this.#totalNarrowView = new Float64Array(buffer, this.#totalNarrow, size + 1);
    this.#depthsNarrowView = new Uint8Array(buffer, this.#depthsNarrow, size + 1);
    this.#codesView = new Int32Array(buffer, this.#codes, size);
    this.#groupedView = new Int32Array(buffer, this.#grouped, size);
    this.#startView = new Int32Array(buffer, this.#start, answers + 1);
    this.#skipped = new Float64Array(buffer, 0, 1);
    this.#width = new Int32Array(buffer, 8, 1);
    this.seen = new Uint8Array(buffer, this.#seen, CLASSES);
  }

  /**
   * Counts, per code and answer, the candidates that give it (`#rankStreaming` in
   * search/ranking.ts), into `classCounts`.
   */
  count(candidates: Int32Array): Uint16Array {
    this.#setRows(candidates);
    this.#exports.count(this.#rows, candidates.length, this.#size, this.#shift, this.#classCounts);
    return this.classCounts;
  }

  /**
   * The first candidate whose answers split the others apart (each a different answer), or −1
   * (`RankingKernels.perfectCandidate`).
   */
  perfect(candidates: Int32Array): number {
    this.#codesView.set(candidates);
    return this.#exports.perfect(this.#codes, candidates.length, this.#table, this.#stride);
  }

  /**
   * Groups `candidates` by their answers to `guess` into `grouped`, class a from `start[a]` to
   * `start[a + 1]` (`RankingKernels.split`).
   */
  split(guess: number, candidates: Int32Array, grouped: Int32Array, start: Int32Array): void {
    const n = candidates.length;
    this.#codesView.set(candidates);
    const row = this.#table + guess * this.#stride;
    this.#exports.split(row, this.#codes, n, this.#answers, this.#start, this.#next, this.#grouped);
    grouped.set(this.#groupedView.subarray(0, n));
    start.set(this.#startView);
  }

  /**
   * The streaming kernel's keys (`#keysFromCounts` in search/ranking.ts) from the counters `count`
   * just left, for `n` candidates and `guesses` (undefined: every code), under `classes`, with
   * `depth` guesses left: keeps in `ranking` the guesses below `limit` and notes the least bound
   * of the others. Returns the node's width.
   */
  keys(
    n: number,
    guesses: Int32Array | undefined,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number {
    this.#setTables(n, classes, depth);
    if (guesses) this.#guessesView.set(guesses);
    const written = this.#exports.keys(
      this.#classCounts,
      this.#shift,
      this.#guesses,
      guesses ? guesses.length : this.#size,
      guesses ? 0 : 1,
      this.#answers,
      this.#solved,
      n,
      this.#total,
      this.#depths,
      classes.narrowMask,
      this.#totalNarrow,
      this.#depthsNarrow,
      depth,
      limit,
      this.#outGuesses,
      this.#outKeys,
    );
    ranking.guesses.set(this.#outGuessesView.subarray(0, written));
    ranking.keys.set(this.#outKeysView.subarray(0, written));
    ranking.count = written;
    ranking.skipped = Math.min(ranking.skipped, this.#skipped[0]);
    return this.#width[0];
  }

  /** Copies the size bounds `settle` and `keys` read, up to `n` secrets, into the memory. */
  #setTables(n: number, { bounds, narrow, narrowMask }: ClassBounds, depth: number): void {
    this.#totalView.set(bounds.within(depth - 1).subarray(0, n + 1));
    this.#depthsView.set(bounds.depth.subarray(0, n + 1));
    if (narrowMask !== 0) {
      this.#totalNarrowView.set(narrow.within(depth - 1).subarray(0, n + 1));
      this.#depthsNarrowView.set(narrow.depth.subarray(0, n + 1));
    }
  }

  /** Puts the addresses of the rows of `candidates` at `#rows`. */
  #setRows(candidates: Int32Array): void {
    const rows = this.#rowsView;
    const table = this.#table;
    const stride = this.#stride;
    for (let i = 0; i < candidates.length; i++) rows[i] = table + candidates[i] * stride;
  }

  /**
   * The first pass of `#settleMasks` (search/ranking.ts) at the node `candidates`: gathers each
   * code's set of answers, and keeps the guesses of `guesses` (undefined: every code) whose
   * class of guess (2 × the answers it gets + 1 if it is a candidate) has a finite key in
   * `keys`, marking in `seen` the classes met. Returns the node's width: the most answers other
   * than all hits that one of the guesses gets (search/bounds.ts).
   */
  classify(candidates: Int32Array, guesses: Int32Array | undefined, keys: Float64Array): number {
    const stride = this.#stride;
    this.#setRows(candidates);
    const kernel = this.#exports;
    kernel.gather(
      this.#rows,
      candidates.length,
      stride / 16,
      this.#planes,
      stride,
      this.#planeCount,
    );
    if (guesses) this.#guessesView.set(guesses);
    this.#keysView.set(keys);
    this.#classified = kernel.classify(
      this.#guesses,
      guesses ? guesses.length : this.#size,
      guesses ? 0 : 1,
      this.#solved,
      this.#planes,
      stride,
      this.#planeCount,
      this.#keys,
      this.#seen,
      this.#outGuesses,
      this.#outKeys,
      this.#outMasks,
    );
    return this.#width[0];
  }

  /**
   * The rest of the ranking `classify` began, of `n` candidates: above `P` of them (the game's
   * P), each guess kept whose classes may exceed P gets its exact bound from their sizes under
   * `classes`, and is left out if that reaches `limit` or dropped if it cannot keep to `depth`.
   * Puts the guesses kept and their keys in `ranking`, and returns the least packed bound of
   * those left out.
   */
  settle(
    n: number,
    P: number,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number {
    let kept = this.#classified;
    let skipped = Number.POSITIVE_INFINITY;
    if (n > P) {
      this.#setTables(n, classes, depth);
      kept = this.#exports.settle(
        this.#outGuesses,
        this.#outKeys,
        this.#outMasks,
        kept,
        P,
        this.#total,
        this.#depths,
        classes.narrowMask,
        this.#totalNarrow,
        this.#depthsNarrow,
        this.#solved,
        depth,
        limit,
        this.#rows,
        n,
        this.#counts,
      );
      skipped = this.#skipped[0];
    }
    ranking.guesses.set(this.#outGuessesView.subarray(0, kept));
    ranking.keys.set(this.#outKeysView.subarray(0, kept));
    ranking.count = kept;
    return skipped;
  }
}

/**
 * Where the buffers of a kernel for `size` codes go (table rows padded to `stride` bytes), and
 * the bytes it needs in all.
 */
function layout(size: number, shift: number) {
  const stride = Math.ceil(size / 16) * 16;
  const rows = align(SEEN + CLASSES, 16);
  const classCounts = rows + 4 * size;
  const guesses = align(classCounts + (size << (shift + 1)), 16);
  const outGuesses = guesses + 4 * size;
  const outKeys = align(outGuesses + 4 * size, 16);
  const outMasks = outKeys + 8 * size;
  const planes = align(outMasks + 4 * size, 16);
  // A node's candidates, and their classes by answer to one guess (`split`).
  const codes = align(planes + 4 * stride, 16);
  const grouped = codes + 4 * size;
  const start = grouped + 4 * size;
  const next = start + 4 * 33;
  // The size bounds `settle` reads, by size.
  const total = align(next + 4 * 32, 16);
  const depths = total + 8 * (size + 1);
  const totalNarrow = align(depths + size + 1, 16);
  const depthsNarrow = totalNarrow + 8 * (size + 1);
  const table = align(depthsNarrow + size + 1, 16);
  const bytes = table + size * stride;
  return {
    stride,
    rows,
    classCounts,
    guesses,
    outGuesses,
    outKeys,
    outMasks,
    planes,
    codes,
    grouped,
    start,
    next,
    total,
    depths,
    totalNarrow,
    depthsNarrow,
    table,
    bytes,
  };
}

/** log2 of the counters per code in `classCounts`: answers rounded up to a power of two. */
export function answerShift(answers: number): number {
  return Math.ceil(Math.log2(answers));
}

function align(address: number, to: number): number {
  return Math.ceil(address / to) * to;
}
