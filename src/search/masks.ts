/**
 * The ranking kernels of search/ranking.ts in WebAssembly, from search/masks.wat: the mask
 * kernel (`#settleMasks`), the count the streaming kernel reads its bounds off
 * (`#rankStreaming`), early counting (`#rankEarly`), and the small loops the recursion runs at
 * every node over a ranking (its least key, its next batch of guesses, the bounds of its
 * classes of guess), where TypeScript not yet optimized allocates a number for every key it
 * reads. Two reasons for the big ones. JavaScript has no SIMD: gathering each code's set of
 * answers costs a shift and an OR per candidate and code, where a 16-byte shuffle turns 16
 * answers into their bits at once (an order of magnitude faster: docs/performance.md). And
 * WebAssembly needs no warm-up: it is compiled when loaded, where the same loops in TypeScript
 * run slowly until the JIT has seen them often enough, a large part of a short proof in a fresh
 * process. Over the same instance, a node's candidates split by their answers:
 * search/mask-splits.ts.
 *
 * Where WebAssembly or its SIMD is missing, or the game has more than 32,768 codes or more
 * than 32 answers, `MaskKernel.create` returns undefined and the TypeScript kernels
 * (search/plain-kernel.ts) run. Where a kernel keeps its buffers and the table:
 * search/mask-memory.ts; the instance they are read through: search/mask-instance.ts.
 *
 * The exports' signatures are search/masks-exports.ts's, and what the ranking asks of a kernel
 * search/rank-kernel.ts's. Most of the class is the calls that pass the exports the buffers'
 * addresses, one argument a line.
 */
import type { SizeBounds } from './bounds.js';
import type { EarlyPlan } from './early-count.js';
import { MaskInstance } from './mask-instance.js';
import { MaskSplits } from './mask-splits.js';
import type { ClassBounds, RankKernel } from './rank-kernel.js';
import type { Ranking } from './ranking-buffer.js';

/** `sampleKill`'s mark of a guess that cannot keep to the depth. */
const DEAD = 255;

/** The mask kernel of one game, over its own copy of the score table or a shared one. */
export class MaskKernel implements RankKernel {
  readonly #wasm: MaskInstance;
  /** How many guesses the last `classify` kept. */
  #classified = 0;
  /** Per code and answer (`2^answerShift` a code), the candidates `count` last counted. */
  readonly classCounts: Uint16Array;
  /** Per class of guess, 1 if the last node ranked had a guess of it. */
  readonly seen: Uint8Array;
  /** The split kernel over the same instance (search/mask-splits.ts). */
  readonly splits: MaskSplits;

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
    const wasm = MaskInstance.create(table, size, answers, solved);
    return wasm && new MaskKernel(wasm);
  }

  /** The ranking kernel over `wasm`, and its split kernel over the same. */
  private constructor(wasm: MaskInstance) {
    this.#wasm = wasm;
    this.classCounts = wasm.view.classCounts;
    this.seen = wasm.view.seen;
    this.splits = new MaskSplits(wasm);
  }

  /** Whether it reads a table shared with other kernels (`sharedKernelTable`), not its copy. */
  get sharesTable(): boolean {
    return this.#wasm.sharesTable;
  }

  /**
   * Counts, per code and answer, the candidates that give it (`#rankStreaming` in
   * search/ranking.ts), into `classCounts`.
   */
  count(candidates: Int32Array): Uint16Array {
    this.#wasm.setRows(candidates);
    this.#wasm.exports.count(
      this.#wasm.at.rows,
      candidates.length,
      this.#wasm.size,
      this.#wasm.shift,
      this.#wasm.at.classCounts,
    );
    return this.classCounts;
  }

  /**
   * `count` for `guesses` alone: their counters, each guess's from its own row of the table
   * (the other codes' counters are left as they were). For a node whose guesses are few against
   * the codes, where reading every candidate's whole row would count mostly codes not tried.
   */
  countEach(candidates: Int32Array, guesses: Int32Array): Uint16Array {
    this.#wasm.view.codes.set(candidates);
    this.#wasm.view.guesses.set(guesses);
    this.#wasm.exports.countEach(
      this.#wasm.at.table,
      this.#wasm.at.stride,
      this.#wasm.at.codes,
      candidates.length,
      this.#wasm.at.guesses,
      guesses.length,
      this.#wasm.shift,
      this.#wasm.at.classCounts,
    );
    return this.classCounts;
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
    const sizes = Math.min(n + 2, this.#wasm.size + 1);
    this.#wasm.view.total.set(bounds.within(depth - 1).subarray(0, sizes));
    this.#wasm.view.depths.set(bounds.depth.subarray(0, sizes));
    const at = this.#wasm.at;
    // A depth past any class's (∞ where the search has no cap) as a whole number.
    const left = Math.min(depth, 1024);
    this.#wasm.exports.classKeys(n, left, limit, classes, at.total, at.depths, at.keys, at.packed);
    keys.set(this.#wasm.view.keys);
    packed.set(this.#wasm.view.packed);
  }

  /**
   * The least of the bounds `packed` of the first `classes` classes of guess that reach `limit`,
   * of the classes the last `classify` met (∞ if none): the guesses it left out.
   */
  leastSkipped(packed: Float64Array, classes: number, limit: number): number {
    this.#wasm.view.packed.set(packed);
    return this.#wasm.exports.leastSkipped(
      this.#wasm.at.seen,
      this.#wasm.at.packed,
      classes,
      limit,
    );
  }

  /**
   * The least of `ranking`'s keys, ∞ if it has none (`RankingKernels.least`): read here, as in
   * TypeScript not yet optimized every key read from a Float64Array is a number allocated.
   */
  least(ranking: Ranking): number {
    const count = ranking.count;
    this.#wasm.view.outKeys.set(ranking.keys.subarray(0, count));
    return this.#wasm.exports.least(this.#wasm.at.outKeys, count);
  }

  /** The places of the least of `ranking`'s first `live` keys (`RankingKernels.batch`). */
  batch(ranking: Ranking, live: number, batch: Int32Array): number {
    this.#wasm.view.outKeys.set(ranking.keys.subarray(0, live));
    const ties = this.#wasm.exports.batch(this.#wasm.at.outKeys, live, this.#wasm.at.outGuesses);
    batch.set(this.#wasm.view.outGuesses.subarray(0, ties));
    return ties;
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
    const rows = this.#wasm.view.rows;
    const { table, stride } = this.#wasm.at;
    for (let i = 0, at = 0; i < n; i++, at = (at + step) % n) {
      rows[i] = table + candidates[at] * stride;
    }
    this.#wasm.view.checked.set(checked);
    this.#wasm.view.checked.set(caps, 32);
    const dead = this.#wasm.at.planes;
    this.#wasm.exports.sampleKill(
      this.#wasm.at.rows,
      sample,
      this.#wasm.size,
      this.#wasm.at.checked,
      this.#wasm.at.checkedCaps,
      checked.length,
      dead,
    );
    if (guesses) this.#wasm.view.guesses.set(guesses);
    const count = guesses ? guesses.length : this.#wasm.size;
    const all = guesses ? 0 : 1;
    // Each guess alive once, its classes counted over every candidate.
    const { alive } = this.#wasm.exports;
    const kept = alive(
      dead,
      this.#wasm.at.guesses,
      count,
      all,
      this.#wasm.shift,
      this.#wasm.at.classCounts,
      this.#wasm.at.codes,
    );
    this.#wasm.exports.countMore(
      this.#wasm.at.rows,
      n,
      this.#wasm.at.codes,
      kept,
      this.#wasm.shift,
      this.#wasm.at.classCounts,
    );
    if (!guesses) {
      // Every code: those alive, in order, are the guesses to key.
      this.#wasm.view.guesses.set(this.#wasm.view.codes.subarray(0, kept));
      this.#keysOf(n, kept, false, classes, depth, limit, ranking);
      return kept;
    }
    // The guesses given, as many times as they are given, but the dead ones.
    const marks = this.#wasm.view.dead;
    const listedGuesses = this.#wasm.view.guesses;
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
    if (guesses) this.#wasm.view.guesses.set(guesses);
    const count = guesses ? guesses.length : this.#wasm.size;
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
    const written = this.#wasm.exports.keys(
      this.#wasm.at.classCounts,
      this.#wasm.shift,
      this.#wasm.at.guesses,
      count,
      all ? 1 : 0,
      this.#wasm.answers,
      this.#wasm.solved,
      n,
      this.#wasm.at.total,
      this.#wasm.at.depths,
      classes.narrowMask,
      this.#wasm.at.totalNarrow,
      this.#wasm.at.depthsNarrow,
      depth,
      limit,
      this.#wasm.at.outGuesses,
      this.#wasm.at.outKeys,
    );
    ranking.guesses.set(this.#wasm.view.outGuesses.subarray(0, written));
    ranking.keys.set(this.#wasm.view.outKeys.subarray(0, written));
    ranking.count = written;
    ranking.skipped = Math.min(ranking.skipped, this.#wasm.view.skipped[0]);
    return this.#wasm.view.width[0];
  }

  /** Copies the size bounds `settle` and `keys` read, up to `n` secrets, into the memory. */
  #setTables(n: number, { bounds, narrow, narrowMask }: ClassBounds, depth: number): void {
    this.#wasm.view.total.set(bounds.within(depth - 1).subarray(0, n + 1));
    this.#wasm.view.depths.set(bounds.depth.subarray(0, n + 1));
    if (narrowMask !== 0) {
      this.#wasm.view.totalNarrow.set(narrow.within(depth - 1).subarray(0, n + 1));
      this.#wasm.view.depthsNarrow.set(narrow.depth.subarray(0, n + 1));
    }
  }

  /**
   * The first pass of `#settleMasks` (search/ranking.ts) at the node `candidates`: gathers each
   * code's set of answers, and keeps the guesses of `guesses` (undefined: every code) whose
   * class of guess (2 × the answers it gets + 1 if it is a candidate) has a finite key in
   * `keys`, marking in `seen` the classes met. Returns the node's width: the most answers other
   * than all hits that one of the guesses gets (search/bounds.ts).
   */
  classify(candidates: Int32Array, guesses: Int32Array | undefined, keys: Float64Array): number {
    const stride = this.#wasm.at.stride;
    this.#wasm.gather(candidates);
    const kernel = this.#wasm.exports;
    if (guesses) this.#wasm.view.guesses.set(guesses);
    this.#wasm.view.keys.set(keys);
    this.#classified = kernel.classify(
      this.#wasm.at.guesses,
      guesses ? guesses.length : this.#wasm.size,
      guesses ? 0 : 1,
      this.#wasm.solved,
      this.#wasm.at.planes,
      stride,
      this.#wasm.planeCount,
      this.#wasm.at.keys,
      this.#wasm.at.seen,
      this.#wasm.at.outGuesses,
      this.#wasm.at.outKeys,
      this.#wasm.at.outMasks,
      // 96 bytes of scratch: the class counters', free while classifying (`settle` clears them).
      this.#wasm.at.counts,
    );
    return this.#wasm.view.width[0];
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
      kept = this.#wasm.exports.settle(
        this.#wasm.at.outGuesses,
        this.#wasm.at.outKeys,
        this.#wasm.at.outMasks,
        kept,
        P,
        this.#wasm.at.total,
        this.#wasm.at.depths,
        classes.narrowMask,
        this.#wasm.at.totalNarrow,
        this.#wasm.at.depthsNarrow,
        this.#wasm.solved,
        depth,
        limit,
        this.#wasm.at.rows,
        n,
        this.#wasm.at.counts,
      );
      skipped = this.#wasm.view.skipped[0];
    }
    ranking.guesses.set(this.#wasm.view.outGuesses.subarray(0, kept));
    ranking.keys.set(this.#wasm.view.outKeys.subarray(0, kept));
    ranking.count = kept;
    return skipped;
  }
}
