/**
 * The ranking kernels of search/ranking.ts in WebAssembly, from search/masks.wat: the mask
 * kernel (`#settleMasks`), the count the streaming kernel reads its bounds off
 * (`#rankStreaming`), and, over the same table, a node's partition by answer (`split`), the
 * perfect-candidate test (`perfectCandidate`), and what search/two-left.ts decides classes with
 * two guesses left by (the largest class of a guess, the codes ordered by their answers, the
 * code that splits a class apart); and the small loops the recursion runs at every node over a
 * ranking (its least key, its next batch of guesses, the bounds of its classes of guess), where
 * TypeScript not yet optimized allocates a number for every key it reads. Two reasons for the
 * big ones. JavaScript has no SIMD: gathering
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
 * The exports' signatures are search/masks-exports.ts's, and what the ranking asks of a kernel
 * search/rank-kernel.ts's. Most of the class is the calls that pass the exports the buffers'
 * addresses, one argument a line.
 */
import { instantiateKernel } from '../wasm.js';
import type { SizeBounds } from './bounds.js';
import type { EarlyPlan } from './early-count.js';
import {
  type KernelLayout,
  type KernelPlace,
  type KernelViews,
  answerShift,
  kernelPlace,
  kernelViews,
  layout,
} from './mask-memory.js';
import type { MaskExports } from './masks-exports.js';
import type { ClassBounds, RankKernel } from './rank-kernel.js';
import type { Ranking } from './ranking-buffer.js';

/** `sampleKill`'s mark of a guess that cannot keep to the depth. */
const DEAD = 255;

/** The mask kernel of one game, over its own copy of the score table or a shared one. */
export class MaskKernel implements RankKernel {
  readonly #exports: MaskExports;
  readonly #size: number;
  readonly #answers: number;
  readonly #solved: number;
  readonly #planeCount: number;
  readonly #shift: number;
  /** Where its buffers are in the kernel's memory (see `layout`). */
  readonly #at: KernelLayout;
  /** Views of them (made once: the memory never grows after the constructor). */
  readonly #view: KernelViews;
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
    this.#answers = answers;
    this.#solved = solved;
    this.#planeCount = answers <= 16 ? 2 : 4;
    this.#shift = answerShift(answers);
    this.#at = layout(size, this.#shift, base, tableAt);
    this.sharesTable = tableAt !== undefined;
    this.#exports = instantiateKernel<MaskExports>(module, { env: { memory, base } });
    this.#view = kernelViews(memory.buffer, this.#at, size, answers);
    this.classCounts = this.#view.classCounts;
    this.seen = this.#view.seen;
  }

  /** Copies `table` into the kernel's own memory, each row padded to the stride. */
  #copyTable(table: Uint8Array): void {
    const size = this.#size;
    const rows = new Uint8Array(this.#view.codes.buffer, this.#at.table, size * this.#at.stride);
    // Rows without padding (a size that is a multiple of 16) go as one block: a copy a row was
    // most of the time a short proof spent here.
    if (this.#at.stride === size) {
      rows.set(table);
      return;
    }
    for (let code = 0; code < size; code++) {
      rows.set(table.subarray(code * size, code * size + size), code * this.#at.stride);
    }
  }

  /**
   * Counts, per code and answer, the candidates that give it (`#rankStreaming` in
   * search/ranking.ts), into `classCounts`.
   */
  count(candidates: Int32Array): Uint16Array {
    this.#setRows(candidates);
    this.#exports.count(
      this.#at.rows,
      candidates.length,
      this.#size,
      this.#shift,
      this.#at.classCounts,
    );
    return this.classCounts;
  }

  /**
   * `count` for `guesses` alone: their counters, each guess's from its own row of the table
   * (the other codes' counters are left as they were). For a node whose guesses are few against
   * the codes, where reading every candidate's whole row would count mostly codes not tried.
   */
  countEach(candidates: Int32Array, guesses: Int32Array): Uint16Array {
    this.#view.codes.set(candidates);
    this.#view.guesses.set(guesses);
    this.#exports.countEach(
      this.#at.table,
      this.#at.stride,
      this.#at.codes,
      candidates.length,
      this.#at.guesses,
      guesses.length,
      this.#shift,
      this.#at.classCounts,
    );
    return this.classCounts;
  }

  /**
   * The codes into `byCount` by how many different answers each gets from `candidates` (all hits
   * among them), those with the most first and, of those alike, in code order; and into
   * `atLeast[k]` how many get k or more, k from 0 to 33 (`RankingKernels.answerOrder`). The sets
   * of answers are `classify`'s, gathered the same way.
   */
  answerOrder(candidates: Int32Array, atLeast: Int32Array, byCount: Int32Array): void {
    this.#gather(candidates);
    this.#exports.answerOrder(
      this.#at.planes,
      this.#at.stride,
      this.#planeCount,
      this.#size,
      // A byte a code of scratch: the splitter's masks, free between its calls.
      this.#at.aliveMasks,
      this.#at.atLeast,
      this.#at.start,
      this.#at.alive,
    );
    atLeast.set(this.#view.atLeast);
    byCount.set(this.#view.alive);
  }

  /**
   * The bounds and keys of the classes of guess at a node of `n` candidates
   * (`RankingKernels.#keysByClass`), from `bounds`' sizes up to n + 1, into `keys` and `packed`.
   */
  classKeys(
    n: number,
    depth: number,
    limit: number,
    bounds: SizeBounds,
    classes: number,
    keys: Float64Array,
    packed: Float64Array,
  ): void {
    const sizes = Math.min(n + 2, this.#size + 1);
    this.#view.total.set(bounds.within(depth - 1).subarray(0, sizes));
    this.#view.depths.set(bounds.depth.subarray(0, sizes));
    const at = this.#at;
    // A depth past any class's (∞ where the search has no cap) as a whole number.
    const left = Math.min(depth, 1024);
    this.#exports.classKeys(n, left, limit, classes, at.total, at.depths, at.keys, at.packed);
    keys.set(this.#view.keys);
    packed.set(this.#view.packed);
  }

  /**
   * The least of the bounds `packed` of the first `classes` classes of guess that reach `limit`,
   * of the classes the last `classify` met (∞ if none): the guesses it left out.
   */
  leastSkipped(packed: Float64Array, classes: number, limit: number): number {
    this.#view.packed.set(packed);
    return this.#exports.leastSkipped(this.#at.seen, this.#at.packed, classes, limit);
  }

  /**
   * The least of `ranking`'s keys, ∞ if it has none (`RankingKernels.least`): read here, as in
   * TypeScript not yet optimized every key read from a Float64Array is a number allocated.
   */
  least(ranking: Ranking): number {
    const count = ranking.count;
    this.#view.outKeys.set(ranking.keys.subarray(0, count));
    return this.#exports.least(this.#at.outKeys, count);
  }

  /** The places of the least of `ranking`'s first `live` keys (`RankingKernels.batch`). */
  batch(ranking: Ranking, live: number, batch: Int32Array): number {
    this.#view.outKeys.set(ranking.keys.subarray(0, live));
    const ties = this.#exports.batch(this.#at.outKeys, live, this.#at.outGuesses);
    batch.set(this.#view.outGuesses.subarray(0, ties));
    return ties;
  }

  /**
   * The first candidate whose answers split the others apart (each a different answer), or −1
   * (`RankingKernels.perfectCandidate`).
   */
  perfect(candidates: Int32Array): number {
    this.#view.codes.set(candidates);
    return this.#exports.perfect(
      this.#at.codes,
      candidates.length,
      this.#at.table,
      this.#at.stride,
    );
  }

  /**
   * The first of `codes[0..live)`, in their order, whose answers split `candidates` apart, or −1
   * (`RankingKernels.splitter`).
   */
  splitter(candidates: Int32Array, codes: Int32Array, live: number): number {
    this.#setRows(candidates);
    this.#view.alive.set(codes.subarray(0, live));
    return this.#exports.splitter(
      this.#at.rows,
      candidates.length,
      this.#at.alive,
      live,
      this.#at.aliveMasks,
    );
  }

  /**
   * The largest class of `candidates` by their answers to `guess`, all hits aside, if it has more
   * than 2 (of those alike in size, the first answer's): its members into `out`, in the
   * candidates' order, and their number; else 0 (`RankingKernels.largest`).
   */
  largest(guess: number, candidates: Int32Array, out: Int32Array): number {
    this.#view.codes.set(candidates);
    const size = this.#exports.largest(
      this.#at.codes,
      candidates.length,
      guess,
      this.#at.table,
      this.#at.stride,
      this.#answers,
      this.#solved,
      this.#at.start,
      this.#at.grouped,
    );
    for (let i = 0; i < size; i++) out[i] = this.#view.grouped[i];
    return size;
  }

  /**
   * Groups `candidates` by their answers to `guess` into `grouped`, class a from `start[a]` to
   * `start[a + 1]` (`RankingKernels.split`).
   */
  split(guess: number, candidates: Int32Array, grouped: Int32Array, start: Int32Array): void {
    const n = candidates.length;
    this.#view.codes.set(candidates);
    const row = this.#at.table + guess * this.#at.stride;
    this.#exports.split(
      row,
      this.#at.codes,
      n,
      this.#answers,
      this.#at.start,
      this.#at.next,
      this.#at.grouped,
    );
    grouped.set(this.#view.grouped.subarray(0, n));
    start.set(this.#view.start);
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
    const rows = this.#view.rows;
    const { table, stride } = this.#at;
    for (let i = 0, at = 0; i < n; i++, at = (at + step) % n) {
      rows[i] = table + candidates[at] * stride;
    }
    this.#view.checked.set(checked);
    this.#view.checked.set(caps, 32);
    const dead = this.#at.planes;
    this.#exports.sampleKill(
      this.#at.rows,
      sample,
      this.#size,
      this.#at.checked,
      this.#at.checkedCaps,
      checked.length,
      dead,
    );
    if (guesses) this.#view.guesses.set(guesses);
    const count = guesses ? guesses.length : this.#size;
    const all = guesses ? 0 : 1;
    // Each guess alive once, its classes counted over every candidate.
    const { alive } = this.#exports;
    const kept = alive(
      dead,
      this.#at.guesses,
      count,
      all,
      this.#shift,
      this.#at.classCounts,
      this.#at.codes,
    );
    this.#exports.countMore(
      this.#at.rows,
      n,
      this.#at.codes,
      kept,
      this.#shift,
      this.#at.classCounts,
    );
    if (!guesses) {
      // Every code: those alive, in order, are the guesses to key.
      this.#view.guesses.set(this.#view.codes.subarray(0, kept));
      this.#keysOf(n, kept, false, classes, depth, limit, ranking);
      return kept;
    }
    // The guesses given, as many times as they are given, but the dead ones.
    const marks = this.#view.dead;
    const listedGuesses = this.#view.guesses;
    let listed = 0;
    for (let i = 0; i < guesses.length; i++) {
      if (marks[guesses[i]] !== DEAD) listedGuesses[listed++] = guesses[i];
    }
    this.#keysOf(n, listed, false, classes, depth, limit, ranking);
    return kept;
  }

  /**
   * The streaming kernel's keys (`keys` in search/plain-kernel.ts) from the counters `count`
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
    if (guesses) this.#view.guesses.set(guesses);
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
      this.#at.classCounts,
      this.#shift,
      this.#at.guesses,
      count,
      all ? 1 : 0,
      this.#answers,
      this.#solved,
      n,
      this.#at.total,
      this.#at.depths,
      classes.narrowMask,
      this.#at.totalNarrow,
      this.#at.depthsNarrow,
      depth,
      limit,
      this.#at.outGuesses,
      this.#at.outKeys,
    );
    ranking.guesses.set(this.#view.outGuesses.subarray(0, written));
    ranking.keys.set(this.#view.outKeys.subarray(0, written));
    ranking.count = written;
    ranking.skipped = Math.min(ranking.skipped, this.#view.skipped[0]);
    return this.#view.width[0];
  }

  /** Copies the size bounds `settle` and `keys` read, up to `n` secrets, into the memory. */
  #setTables(n: number, { bounds, narrow, narrowMask }: ClassBounds, depth: number): void {
    this.#view.total.set(bounds.within(depth - 1).subarray(0, n + 1));
    this.#view.depths.set(bounds.depth.subarray(0, n + 1));
    if (narrowMask !== 0) {
      this.#view.totalNarrow.set(narrow.within(depth - 1).subarray(0, n + 1));
      this.#view.depthsNarrow.set(narrow.depth.subarray(0, n + 1));
    }
  }

  /** Each code's set of answers from `candidates`, into the planes (masks.wat `gather`). */
  #gather(candidates: Int32Array): void {
    const stride = this.#at.stride;
    this.#setRows(candidates);
    this.#exports.gather(
      this.#at.rows,
      candidates.length,
      stride / 16,
      this.#at.planes,
      stride,
      this.#planeCount,
    );
  }

  /** Puts the addresses of the rows of `candidates` at `#rows`. */
  #setRows(candidates: Int32Array): void {
    this.#view.codes.set(candidates);
    const at = this.#at;
    this.#exports.rows(at.codes, candidates.length, at.table, at.stride, at.rows);
  }

  /**
   * The first pass of `#settleMasks` (search/ranking.ts) at the node `candidates`: gathers each
   * code's set of answers, and keeps the guesses of `guesses` (undefined: every code) whose
   * class of guess (2 × the answers it gets + 1 if it is a candidate) has a finite key in
   * `keys`, marking in `seen` the classes met. Returns the node's width: the most answers other
   * than all hits that one of the guesses gets (search/bounds.ts).
   */
  classify(candidates: Int32Array, guesses: Int32Array | undefined, keys: Float64Array): number {
    const stride = this.#at.stride;
    this.#gather(candidates);
    const kernel = this.#exports;
    if (guesses) this.#view.guesses.set(guesses);
    this.#view.keys.set(keys);
    this.#classified = kernel.classify(
      this.#at.guesses,
      guesses ? guesses.length : this.#size,
      guesses ? 0 : 1,
      this.#solved,
      this.#at.planes,
      stride,
      this.#planeCount,
      this.#at.keys,
      this.#at.seen,
      this.#at.outGuesses,
      this.#at.outKeys,
      this.#at.outMasks,
      // 96 bytes of scratch: the class counters', free while classifying (`settle` clears them).
      this.#at.counts,
    );
    return this.#view.width[0];
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
        this.#at.outGuesses,
        this.#at.outKeys,
        this.#at.outMasks,
        kept,
        P,
        this.#at.total,
        this.#at.depths,
        classes.narrowMask,
        this.#at.totalNarrow,
        this.#at.depthsNarrow,
        this.#solved,
        depth,
        limit,
        this.#at.rows,
        n,
        this.#at.counts,
      );
      skipped = this.#view.skipped[0];
    }
    ranking.guesses.set(this.#view.outGuesses.subarray(0, kept));
    ranking.keys.set(this.#view.outKeys.subarray(0, kept));
    ranking.count = kept;
    return skipped;
  }
}
