/**
 * The last two guesses of a static search (static-size.ts): every pair of the guesses still
 * viable is one set visited, most of a search's sets, so this loop is where it spends its time.
 * The secrets still confused come listed largest class first, and a pair fails at the first two
 * of them that agree on both guesses, so most pairs cost a handful of lookups. Those lookups go
 * to a small copy of every viable guess's answers to the first secrets of the list (the head),
 * with the head's parts numbered per first guess, so they stay in the fastest cache; only pairs
 * the head cannot tell apart are checked on every secret.
 */
import { type Marks, type Prepared, STAMP_LIMIT } from './static-tables.js';

/** The secrets at the head of the list, whose answers every viable guess keeps at hand. */
const PAIR_HEAD = 32;

/** The pair search of one set size, with the buffers it reuses from node to node. */
export class PairSearch {
  readonly #ready: Prepared;
  readonly #answers: number;
  /** Stamped marks the size's search shares: classes, then parts of the head, numbered. */
  readonly #marks: Marks;
  /** Per confused secret, its class's number × answers. */
  readonly #classBase: Int32Array;
  /** Per viable guess, its answers to the head's secrets. */
  readonly #heads: Uint8Array;
  /** Per head secret, its part under the first guess, numbered × answers. */
  readonly #firstKeys: Int32Array;
  /** Stamped marks of the head's parts under a pair, and of every confused secret's. */
  readonly #headMarks: Int32Array;
  #headStamp = 0;
  #pairMarks = new Int32Array(0);
  #pairStamp = 0;

  /** The pair search of `ready`'s game, sharing `marks` with the search that calls it. */
  constructor(ready: Prepared, marks: Marks) {
    const n = ready.game.size;
    this.#ready = ready;
    this.#answers = ready.game.answers;
    this.#marks = marks;
    this.#classBase = new Int32Array(n);
    this.#heads = new Uint8Array(n * PAIR_HEAD);
    this.#firstKeys = new Int32Array(PAIR_HEAD);
    this.#headMarks = new Int32Array(PAIR_HEAD * this.#answers);
  }

  /**
   * Looks for two guesses of `viable[0..length)`, in order, that tell apart the `confused`
   * secrets (`confused[0..confusedLength)`, largest class first; `labels`, each secret's class)
   * after `guesses[0..depth)`. The first is written at `guesses[depth]`, a set `isCanonical`
   * must accept, and the second returned; −1 if no pair does, or if `tick` (given the sets
   * visited since it was last called) says to stop.
   */
  find(
    guesses: Int32Array,
    depth: number,
    labels: Int32Array,
    confused: Int32Array,
    confusedLength: number,
    viable: Int32Array,
    length: number,
    tick: (visited: number) => boolean,
  ): number {
    const n = this.#ready.game.size;
    const answers = this.#answers;
    const table = this.#ready.table;
    const canonizer = this.#ready.canonizer;
    const base = this.#classBase;
    const classes = this.#marks;
    const classStamp = classes.next();
    let classCount = 0;
    for (let t = 0; t < confusedLength; t++) {
      const c = labels[confused[t]];
      if (classes.stamps[c] !== classStamp) {
        classes.stamps[c] = classStamp;
        classes.values[c] = classCount++ * answers;
      }
      base[t] = classes.values[c];
    }
    if (this.#pairMarks.length < classCount * answers * answers) {
      this.#pairMarks = new Int32Array(classCount * answers * answers);
      this.#pairStamp = 0;
    }
    // The first secrets decide almost every pair: their answers, one short row per guess.
    const head = Math.min(PAIR_HEAD, confusedLength);
    const heads = this.#heads;
    for (let j = 0; j < length; j++) {
      const row = viable[j] * n;
      for (let t = 0; t < head; t++) heads[j * head + t] = table[row + confused[t]];
    }
    const firstKeys = this.#firstKeys;
    const near = this.#headMarks;
    let nearStamp = this.#headStamp;
    const mark = this.#pairMarks;
    let stamp = this.#pairStamp;
    for (let i = 0; i + 1 < length; i++) {
      const first = viable[i];
      guesses[depth] = first;
      if (!canonizer.isCanonical(guesses, depth + 1)) continue;
      // Number the parts `first` cuts the head into, so head checks use a small table.
      const partStamp = classes.next();
      let parts = 0;
      for (let t = 0; t < head; t++) {
        const key = base[t] + heads[i * head + t];
        if (classes.stamps[key] !== partStamp) {
          classes.stamps[key] = partStamp;
          classes.values[key] = parts++ * answers;
        }
        firstKeys[t] = classes.values[key];
      }
      const row = first * n;
      for (let j = i + 1; j < length; j++) {
        if (++nearStamp === STAMP_LIMIT) {
          near.fill(0);
          nearStamp = 1;
        }
        const second = j * head;
        let t = 0;
        for (; t < head; t++) {
          const key = firstKeys[t] + heads[second + t];
          if (near[key] === nearStamp) break;
          near[key] = nearStamp;
        }
        if (t < head) continue;
        // The head does not tell: check every confused secret.
        if (++stamp === STAMP_LIMIT) {
          mark.fill(0);
          stamp = 1;
        }
        const secondRow = viable[j] * n;
        for (t = 0; t < confusedLength; t++) {
          const s = confused[t];
          const key = (base[t] + table[row + s]) * answers + table[secondRow + s];
          if (mark[key] === stamp) break;
          mark[key] = stamp;
        }
        if (t === confusedLength) {
          this.#headStamp = nearStamp;
          this.#pairStamp = stamp;
          return viable[j];
        }
      }
      this.#pairStamp = stamp;
      this.#headStamp = nearStamp;
      if (tick(length - i)) return -1;
    }
    this.#headStamp = nearStamp;
    this.#pairStamp = stamp;
    return -1;
  }
}
