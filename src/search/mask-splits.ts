/**
 * A node's candidates split by their answers, in WebAssembly (search/masks.wat), over the memory
 * and table of the ranking kernel it goes with (search/mask-instance.ts): the classes of a guess
 * the recursion enters (`split`), the perfect-candidate test, and what search/two-left.ts
 * decides classes with two guesses left by (the largest class of a guess, the codes ordered by
 * their answers, the code that splits a class apart). search/plain-splits.ts does the same in
 * TypeScript, and a test holds the two to each other.
 */
import type { MaskInstance } from './mask-instance.js';
import type { SplitKernel } from './rank-kernel.js';

/** The split kernel of one game in WebAssembly. */
export class MaskSplits implements SplitKernel {
  readonly #wasm: MaskInstance;

  /** Over `wasm`, the instance its ranking kernel calls. */
  constructor(wasm: MaskInstance) {
    this.#wasm = wasm;
  }

  /**
   * The codes into `byCount` by how many different answers each gets from `candidates` (all hits
   * among them), those with the most first and, of those alike, in code order; and into
   * `atLeast[k]` how many get k or more, k from 0 to 33 (`RankingKernels.answerOrder`). The sets
   * of answers are the ranking's `classify`'s, gathered the same way. The order is also kept in
   * the instance's memory, where `splitter` reads it.
   */
  answerOrder(candidates: Int32Array, atLeast: Int32Array, byCount: Int32Array): void {
    const wasm = this.#wasm;
    wasm.gather(candidates);
    wasm.exports.answerOrder(
      wasm.at.planes,
      wasm.at.stride,
      wasm.planeCount,
      wasm.size,
      // A byte a code of scratch.
      wasm.at.aliveMasks,
      wasm.at.atLeast,
      wasm.at.start,
      wasm.at.order,
    );
    atLeast.set(wasm.view.atLeast);
    byCount.set(wasm.view.order);
  }

  /**
   * The first candidate whose answers split the others apart (each a different answer), or −1
   * (`RankingKernels.perfectCandidate`).
   */
  perfect(candidates: Int32Array): number {
    const wasm = this.#wasm;
    wasm.view.codes.set(candidates);
    return wasm.exports.perfect(wasm.at.codes, candidates.length, wasm.at.table, wasm.at.stride);
  }

  /**
   * The first of the first `live` codes of the order `answerOrder` last made whose answers split
   * `candidates` apart, or −1 (`RankingKernels.splitter`).
   */
  splitter(candidates: Int32Array, live: number): number {
    const wasm = this.#wasm;
    wasm.setRows(candidates);
    return wasm.exports.splitter(wasm.at.rows, candidates.length, wasm.at.order, live);
  }

  /**
   * The largest class of `candidates` by their answers to `guess`, all hits aside, if it has more
   * than 2 (of those alike in size, the first answer's): its members into `out`, in the
   * candidates' order, and their number; else 0 (`RankingKernels.largest`).
   */
  largest(guess: number, candidates: Int32Array, out: Int32Array): number {
    const wasm = this.#wasm;
    wasm.view.codes.set(candidates);
    const size = wasm.exports.largest(
      wasm.at.codes,
      candidates.length,
      guess,
      wasm.at.table,
      wasm.at.stride,
      wasm.answers,
      wasm.solved,
      wasm.at.start,
      wasm.at.grouped,
    );
    const grouped = wasm.view.grouped;
    for (let i = 0; i < size; i++) out[i] = grouped[i];
    return size;
  }

  /**
   * Groups `candidates` by their answers to `guess` into `grouped`, class a from `start[a]` to
   * `start[a + 1]` (`RankingKernels.split`).
   */
  split(guess: number, candidates: Int32Array, grouped: Int32Array, start: Int32Array): void {
    const wasm = this.#wasm;
    const n = candidates.length;
    wasm.view.codes.set(candidates);
    const row = wasm.at.table + guess * wasm.at.stride;
    wasm.exports.split(
      row,
      wasm.at.codes,
      n,
      wasm.answers,
      wasm.at.start,
      wasm.at.next,
      wasm.at.grouped,
    );
    grouped.set(wasm.view.grouped.subarray(0, n));
    start.set(wasm.view.start);
  }
}
