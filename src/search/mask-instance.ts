/**
 * One instance of the mask kernels' WebAssembly (search/masks.wat) over its buffers
 * (search/mask-memory.ts lays them out): what the ranking kernel (search/masks.ts) and the split
 * kernel (search/mask-splits.ts) both call, so that they share one memory, one copy of the table
 * and one slot of a shared table; and the two steps both take first, the addresses of the
 * candidates' rows and each code's set of answers from them.
 */
import { instantiateKernel } from '../wasm.js';
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

/** An instance of the mask kernels for one game, over its own copy of the table or a shared one. */
export class MaskInstance {
  readonly exports: MaskExports;
  readonly size: number;
  readonly answers: number;
  /** The answer index of all hits. */
  readonly solved: number;
  /**
   * How many planes hold the sets of answers, a byte a code each (answers 8p to 8p + 7 in plane
   * p): 2 for up to 16 answers, else 4.
   */
  readonly planeCount: number;
  /** log2 of the counters per code: the answers rounded up to a power of two. */
  readonly shift: number;
  /** Where its buffers are in the memory (see `layout`). */
  readonly at: KernelLayout;
  /** Views of them (made once: the memory never grows after the constructor). */
  readonly view: KernelViews;
  /** Whether it reads a table shared with other kernels (`sharedKernelTable`), not its copy. */
  readonly sharesTable: boolean;

  /**
   * The instance for a game of `size` codes with `answers` answer indices (`solved` the index
   * of all hits) and score table `table`, or undefined where it cannot run.
   */
  static create(
    table: Uint8Array,
    size: number,
    answers: number,
    solved: number,
  ): MaskInstance | undefined {
    const place = kernelPlace(table, size, answers);
    if (!place) return undefined;
    const instance = new MaskInstance(place, size, answers, solved);
    if (instance.sharesTable) place.keep(instance);
    else instance.#copyTable(table);
    return instance;
  }

  /**
   * An instance where `place` says: its buffers from `place.base`, and its table at
   * `place.tableAt` (a shared memory's) or, if undefined, after its buffers (its own, which
   * `#copyTable` fills).
   */
  private constructor(place: KernelPlace, size: number, answers: number, solved: number) {
    const { module, memory, base, tableAt } = place;
    this.size = size;
    this.answers = answers;
    this.solved = solved;
    this.planeCount = answers <= 16 ? 2 : 4;
    this.shift = answerShift(answers);
    this.at = layout(size, this.shift, base, tableAt);
    this.sharesTable = tableAt !== undefined;
    this.exports = instantiateKernel<MaskExports>(module, { env: { memory, base } });
    this.view = kernelViews(memory.buffer, this.at, size, answers);
  }

  /** Copies `table` into the instance's own memory, each row padded to the stride. */
  #copyTable(table: Uint8Array): void {
    const size = this.size;
    const rows = new Uint8Array(this.view.codes.buffer, this.at.table, size * this.at.stride);
    // Rows without padding (a size that is a multiple of 16) go as one block: a copy a row was
    // most of the time a short proof spent here.
    if (this.at.stride === size) {
      rows.set(table);
      return;
    }
    for (let code = 0; code < size; code++) {
      rows.set(table.subarray(code * size, code * size + size), code * this.at.stride);
    }
  }

  /** Puts the addresses of the rows of `candidates` at `at.rows`. */
  setRows(candidates: Int32Array): void {
    this.view.codes.set(candidates);
    const at = this.at;
    this.exports.rows(at.codes, candidates.length, at.table, at.stride, at.rows);
  }

  /** Each code's set of answers from `candidates`, into the planes (masks.wat `gather`). */
  gather(candidates: Int32Array): void {
    const stride = this.at.stride;
    this.setRows(candidates);
    this.exports.gather(
      this.at.rows,
      candidates.length,
      stride / 16,
      this.at.planes,
      stride,
      this.planeCount,
    );
  }
}
