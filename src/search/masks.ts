/**
 * The ranking kernels of search/ranking.ts in WebAssembly, from search/masks.wat: the mask
 * kernel (`#settleMasks`), the count the streaming kernel reads its bounds off
 * (`#rankStreaming`), and, over the same table, a node's partition by answer (`split`) and the
 * perfect-candidate test (`perfectCandidate`). Two reasons. JavaScript has no SIMD: gathering
 * each code's set of answers costs a shift and an OR per candidate and code, where a 16-byte
 * shuffle turns 16 answers into their bits at once (an order of magnitude faster:
 * docs/performance.md). And WebAssembly needs no warm-up: it is compiled when loaded, where the
 * same loops in TypeScript run slowly until the JIT has seen them often enough, a large part of
 * a short proof in a fresh process.
 *
 * Where WebAssembly or its SIMD is missing, or the game has more than 32,768 codes or more
 * than 32 answers, `MaskKernel.create` returns undefined and the TypeScript kernels
 * (search/plain-kernel.ts) run. Where a kernel keeps its buffers and the table:
 * search/mask-memory.ts.
 *
 * One class past 400 lines: most of it is the kernel's addresses, its views of them and the
 * signatures of its exports.
 */
import { instantiateKernel } from '../wasm.js';
import type { SizeBounds } from './bounds.js';
import type { EarlyPlan } from './early-count.js';
import { CLASSES, type KernelPlace, answerShift, kernelPlace, layout } from './mask-memory.js';
import type { Ranking } from './ranking-buffer.js';

/** `sampleKill`'s mark of a guess that cannot keep to the depth. */
const DEAD = 255;

/** The kernel's exports (see masks.wat). */
interface MaskExports {
  count(rows: number, n: number, size: number, shift: number, counts: number): void;
  countEach(
    table: number,
    stride: number,
    codes: number,
    n: number,
    guesses: number,
    count: number,
    shift: number,
    counts: number,
  ): void;
  sampleKill(
    rows: number,
    m: number,
    size: number,
    checked: number,
    checkedCaps: number,
    nChecked: number,
    dead: number,
  ): void;
  alive(
    dead: number,
    guesses: number,
    count: number,
    all: number,
    shift: number,
    counts: number,
    out: number,
  ): number;
  countMore(
    rows: number,
    n: number,
    guesses: number,
    count: number,
    shift: number,
    counts: number,
  ): void;
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
    scratch: number,
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

/**
 * What the ranking (search/ranking.ts) asks of its kernels, in WebAssembly (`MaskKernel`) or in
 * TypeScript (search/plain-kernel.ts): each method is described at `MaskKernel`'s.
 */
export interface RankKernel {
  readonly seen: Uint8Array;
  count(candidates: Int32Array): Uint16Array;
  countEach(candidates: Int32Array, guesses: Int32Array): Uint16Array;
  keys(
    n: number,
    guesses: Int32Array | undefined,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number;
  classify(candidates: Int32Array, guesses: Int32Array | undefined, keys: Float64Array): number;
  settle(
    candidates: Int32Array,
    P: number,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number;
  split(guess: number, candidates: Int32Array, grouped: Int32Array, start: Int32Array): void;
  perfect(candidates: Int32Array): number;
}

/** The mask kernel of one game, over its own copy of the score table or a shared one. */
export class MaskKernel implements RankKernel {
  readonly #exports: MaskExports;
  readonly #size: number;
  readonly #solved: number;
  readonly #stride: number;
  readonly #planeCount: number;
  // Addresses in the kernel's memory (see `layout`).
  readonly #counts: number;
  readonly #keys: number;
  readonly #seen: number;
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
  readonly #checked: number;
  readonly #checkedCaps: number;
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
  readonly #checkedView: Uint8Array;
  /** Early counting's marks, a byte per code (`sampleKill`, `alive`): DEAD for a guess dead. */
  readonly #deadView: Uint8Array;
  readonly #skipped: Float64Array;
  readonly #width: Int32Array;
  /** How many guesses the last `classify` kept. */
  #classified = 0;
  /** Per code and answer (`2^answerShift` a code), the candidates `count` last counted. */
  readonly classCounts: Uint16Array;
  /** Per class of guess, 1 if the last node ranked had a guess of it. */
  readonly seen: Uint8Array;
  /** Whether it reads a table shared with other kernels (`sharedKernelTable`), not its copy. */
  readonly sharesTable: boolean;

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
    const place = kernelPlace(table, size, answers);
    if (!place) return undefined;
    const kernel = new MaskKernel(place, size, answers, solved);
    if (kernel.sharesTable) place.keep(kernel);
    else kernel.#copyTable(table);
    return kernel;
  }

  /**
   * A kernel where `place` says: its buffers from `place.base`, and its table at
   * `place.tableAt` (a shared memory's) or, if undefined, after its buffers (its own, which
   * `#copyTable` fills).
   */
  private constructor(place: KernelPlace, size: number, answers: number, solved: number) {
    const { module, memory, base, tableAt } = place;
    this.#size = size;
    this.#solved = solved;
    this.#planeCount = answers <= 16 ? 2 : 4;
    this.#shift = answerShift(answers);
    const addresses = layout(size, this.#shift, base, tableAt);
    this.sharesTable = tableAt !== undefined;
    this.#counts = addresses.counts;
    this.#keys = addresses.keys;
    this.#seen = addresses.seen;
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
    this.#checked = addresses.checked;
    this.#checkedCaps = addresses.checkedCaps;
    this.#total = addresses.total;
    this.#depths = addresses.depths;
    this.#totalNarrow = addresses.totalNarrow;
    this.#depthsNarrow = addresses.depthsNarrow;
    this.#exports = instantiateKernel<MaskExports>(module, { env: { memory, base } });
    const buffer = memory.buffer;
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
    this.#checkedView = new Uint8Array(buffer, this.#checked, 64);
    this.#deadView = new Uint8Array(buffer, this.#planes, size);
    this.#codesView = new Int32Array(buffer, this.#codes, size);
    this.#groupedView = new Int32Array(buffer, this.#grouped, size);
    this.#startView = new Int32Array(buffer, this.#start, answers + 1);
    this.#skipped = new Float64Array(buffer, addresses.results, 1);
    this.#width = new Int32Array(buffer, addresses.results + 8, 1);
    this.seen = new Uint8Array(buffer, this.#seen, CLASSES);
  }

  /** Copies `table` into the kernel's own memory, each row padded to the stride. */
  #copyTable(table: Uint8Array): void {
    const size = this.#size;
    const rows = new Uint8Array(this.#codesView.buffer, this.#table, size * this.#stride);
    for (let code = 0; code < size; code++) {
      rows.set(table.subarray(code * size, code * size + size), code * this.#stride);
    }
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
   * `count` for `guesses` alone: their counters, each guess's from its own row of the table
   * (the other codes' counters are left as they were). For a node whose guesses are few against
   * the codes, where reading every candidate's whole row would count mostly codes not tried.
   */
  countEach(candidates: Int32Array, guesses: Int32Array): Uint16Array {
    this.#codesView.set(candidates);
    this.#guessesView.set(guesses);
    this.#exports.countEach(
      this.#table,
      this.#stride,
      this.#codes,
      candidates.length,
      this.#guesses,
      guesses.length,
      this.#shift,
      this.#classCounts,
    );
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
   * Early counting (`#rankEarly` in search/ranking.ts, its plan search/early-count.ts): counts,
   * for every code, how many of the first `sample` candidates (taken `step` apart, so that the
   * sample spreads over the node) give each answer of `checked`, with SIMD; the guesses of
   * `guesses` (undefined: every code) none of whose counts exceeds its cap (`caps`, at the same
   * places) survive, and their classes are counted over every candidate and keyed as `keys`
   * keys them. Returns how many survived.
   */
  rankEarly(
    candidates: Int32Array,
    { sample, step, checked, caps }: EarlyPlan,
    guesses: Int32Array | undefined,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number {
    const n = candidates.length;
    const rows = this.#rowsView;
    for (let i = 0, at = 0; i < n; i++, at = (at + step) % n) {
      rows[i] = this.#table + candidates[at] * this.#stride;
    }
    this.#checkedView.set(checked);
    this.#checkedView.set(caps, 32);
    const dead = this.#planes;
    this.#exports.sampleKill(
      this.#rows,
      sample,
      this.#size,
      this.#checked,
      this.#checkedCaps,
      checked.length,
      dead,
    );
    if (guesses) this.#guessesView.set(guesses);
    const count = guesses ? guesses.length : this.#size;
    const all = guesses ? 0 : 1;
    // Each guess alive once, its classes counted over every candidate.
    const { alive } = this.#exports;
    const kept = alive(
      dead,
      this.#guesses,
      count,
      all,
      this.#shift,
      this.#classCounts,
      this.#codes,
    );
    this.#exports.countMore(this.#rows, n, this.#codes, kept, this.#shift, this.#classCounts);
    if (!guesses) {
      // Every code: those alive, in order, are the guesses to key.
      this.#guessesView.set(this.#codesView.subarray(0, kept));
      this.#keysOf(n, kept, false, classes, depth, limit, ranking);
      return kept;
    }
    // The guesses given, as many times as they are given, but the dead ones.
    const marks = this.#deadView;
    let listed = 0;
    for (let i = 0; i < guesses.length; i++) {
      if (marks[guesses[i]] !== DEAD) this.#guessesView[listed++] = guesses[i];
    }
    this.#keysOf(n, listed, false, classes, depth, limit, ranking);
    return kept;
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
    if (guesses) this.#guessesView.set(guesses);
    const count = guesses ? guesses.length : this.#size;
    return this.#keysOf(n, count, guesses === undefined, classes, depth, limit, ranking);
  }

  /** `keys` for the `count` guesses at `#guesses`, or every code below `count` if `all`. */
  #keysOf(
    n: number,
    count: number,
    all: boolean,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number {
    this.#setTables(n, classes, depth);
    const written = this.#exports.keys(
      this.#classCounts,
      this.#shift,
      this.#guesses,
      count,
      all ? 1 : 0,
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
      // 96 bytes of scratch: the class counters', free while classifying (`settle` clears them).
      this.#counts,
    );
    return this.#width[0];
  }

  /**
   * The rest of the ranking `classify` began, of `candidates` (the same): above `P` of them (the
   * game's P), each guess kept whose classes may exceed P gets its exact bound from their sizes
   * under `classes`, and is left out if that reaches `limit` or dropped if it cannot keep to
   * `depth`. Puts the guesses kept and their keys in `ranking`, and returns the least packed
   * bound of those left out.
   */
  settle(
    candidates: Int32Array,
    P: number,
    classes: ClassBounds,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): number {
    const n = candidates.length;
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
