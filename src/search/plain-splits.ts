/**
 * A node's candidates split by their answers, in TypeScript, for where search/mask-splits.ts's
 * WebAssembly does not run: the same methods (`SplitKernel`) and the same results, which
 * search/masks.test.ts holds to each other and to plain scans.
 */
import { popcount32 } from '../bits.js';
import { ANSWER_COUNTS } from './mask-memory.js';
import type { PlainTable } from './plain-table.js';
import type { SplitKernel } from './rank-kernel.js';

/** The split kernel of one game in TypeScript, over its score table. */
export class PlainSplits implements SplitKernel {
  readonly #table: PlainTable;
  readonly #answers: number;
  readonly #solved: number;
  /** Per answer, a counter (`perfect`, `largest`); always left at zero. */
  readonly #counts: Int32Array;
  /** Per answer, where `split` puts the next member of its class. */
  readonly #next: Int32Array;
  /** Per code, the set of answers it gets from a node's candidates (`answerOrder`). */
  readonly #masks: Int32Array;
  /** The codes by their answers from a node, as `answerOrder` last left them (`splitter`'s). */
  readonly #order: Int32Array;

  /** Over `table`, of a game of `answers` answer indices, `solved` the index of all hits. */
  constructor(table: PlainTable, answers: number, solved: number) {
    const size = table.size;
    this.#table = table;
    this.#answers = answers;
    this.#solved = solved;
    this.#counts = new Int32Array(answers);
    this.#next = new Int32Array(answers);
    this.#masks = new Int32Array(size);
    this.#order = new Int32Array(size);
  }

  /**
   * The largest class of `candidates` by their answers to `guess`, all hits aside, if it has more
   * than 2 (of those alike in size, the first answer's): its members into `out`, in the
   * candidates' order, and their number; else 0.
   */
  largest(guess: number, candidates: Int32Array, out: Int32Array): number {
    const table = this.#table.bytes;
    const row = guess * this.#table.size;
    const counts = this.#counts;
    for (let j = 0; j < candidates.length; j++) counts[table[row + candidates[j]]]++;
    let best = -1;
    let size = 2;
    for (let a = 0; a < this.#answers; a++) {
      if (a !== this.#solved && counts[a] > size) {
        best = a;
        size = counts[a];
      }
      counts[a] = 0;
    }
    if (best < 0) return 0;
    let k = 0;
    for (let j = 0; j < candidates.length; j++) {
      if (table[row + candidates[j]] === best) out[k++] = candidates[j];
    }
    return size;
  }
  /**
   * Groups `candidates` by their answers to `guess` into `grouped`, class a from `start[a]` to
   * `start[a + 1]`, in the candidates' order.
   */
  split(guess: number, candidates: Int32Array, grouped: Int32Array, start: Int32Array): void {
    const table = this.#table.bytes;
    const row = guess * this.#table.size;
    const n = candidates.length;
    const answers = this.#answers;
    const next = this.#next;
    start.fill(0);
    for (let j = 0; j < n; j++) start[table[row + candidates[j]] + 1]++;
    for (let a = 0; a < answers; a++) {
      start[a + 1] += start[a];
      next[a] = start[a];
    }
    for (let j = 0; j < n; j++) grouped[next[table[row + candidates[j]]]++] = candidates[j];
  }
  /**
   * The codes into `byCount` by how many different answers each gets from `candidates`, those
   * with the most first and, of those alike, in code order; and into `atLeast[k]` how many get k
   * or more, k from 0 to 33. The order is also kept for `splitter`.
   */
  answerOrder(candidates: Int32Array, atLeast: Int32Array, byCount: Int32Array): void {
    const masks = this.#masks;
    masks.fill(0);
    this.#table.gatherAnswerMasks(candidates, masks);
    atLeast.fill(0);
    for (let g = 0; g < this.#table.size; g++) atLeast[popcount32(masks[g])]++;
    for (let k = ANSWER_COUNTS - 2; k >= 0; k--) atLeast[k] += atLeast[k + 1];
    // Codes with k answers or more go first, those with exactly k from atLeast[k + 1] on.
    const next = atLeast.slice(1);
    for (let g = 0; g < this.#table.size; g++) byCount[next[popcount32(masks[g])]++] = g;
    this.#order.set(byCount);
  }
  /**
   * The first of the first `live` codes of the order `answerOrder` last made whose answers split
   * `candidates` apart (at most 32 answers), or −1: code by code, each dropped at its first
   * repeated answer.
   */
  splitter(candidates: Int32Array, live: number): number {
    const size = this.#table.size;
    const table = this.#table.bytes;
    const order = this.#order;
    trying: for (let j = 0; j < live; j++) {
      const code = order[j];
      let seen = 0;
      for (let i = 0; i < candidates.length; i++) {
        const bit = 1 << table[candidates[i] * size + code];
        if ((seen & bit) !== 0) continue trying;
        seen |= bit;
      }
      return code;
    }
    return -1;
  }
  /** The first candidate whose answers split the others apart, or −1. */
  perfect(candidates: Int32Array): number {
    const size = this.#table.size;
    const table = this.#table.bytes;
    const n = candidates.length;
    if (this.#answers <= 32) {
      // Answers as bits: a candidate fails at its first repeated answer, usually within a few.
      for (let i = 0; i < n; i++) {
        const row = candidates[i] * size;
        let seen = 0;
        let j = 0;
        for (; j < n; j++) {
          const bit = 1 << table[row + candidates[j]];
          if ((seen & bit) !== 0) break;
          seen |= bit;
        }
        if (j === n) return candidates[i];
      }
      return -1;
    }
    const seen = this.#counts;
    for (let i = 0; i < n; i++) {
      const row = candidates[i] * size;
      let parts = 0;
      for (let j = 0; j < n; j++) if (seen[table[row + candidates[j]]]++ === 0) parts++;
      for (let j = 0; j < n; j++) seen[table[row + candidates[j]]] = 0;
      if (parts === n) return candidates[i];
    }
    return -1;
  }
}
