/**
 * The last two guesses of a static search (static-size.ts): every pair of the guesses still
 * viable is one set visited, most of a search's sets, so this loop is where it spends its time.
 * The secrets still confused come listed largest class first, and the first of them (the head)
 * decide almost every pair: a pair fails if two head secrets of one class get the same answer
 * from both guesses. So for two head secrets of one class, a bit per viable guess says whether
 * its answers tell them apart (a row of bits, made four guesses a step from the head's answers
 * kept secret by secret); for a first guess, the rows of the head secrets it leaves together,
 * each with the first and the last such secret before it, ANDed 32 second guesses at a time,
 * keep the second guesses that pass, and only those are checked on every confused secret. A
 * pair's set must also be canonical (static-sets.ts), but that test costs more than the checks
 * of a first guess's pairs, and nearly every pair fails them whatever it says: so a first guess
 * is tested only once a pair with it passes every secret, and a refutation never asks. The pairs
 * are taken in the same order as one at a time, so the pair found is the same. The loop runs in
 * WebAssembly where it can (static-pairs-kernel.ts), and here where it cannot.
 */
import { PairKernel } from './static-pairs-kernel.js';
import { type Marks, type Prepared, STAMP_LIMIT } from './static-tables.js';

/** The secrets at the head of the list, whose answers every viable guess keeps at hand. */
const PAIR_HEAD = 32;
/** A head part's first and last secrets are kept as one number, first × PART + last. */
const PART = 64;

/** The pair search of one set size, with the buffers it reuses from node to node. */
export class PairSearch {
  readonly #ready: Prepared;
  readonly #answers: number;
  /** Stamped marks the size's search shares: the classes of the confused secrets, numbered. */
  readonly #marks: Marks;
  /** Per confused secret, its class's number × answers. */
  readonly #classBase: Int32Array;
  /**
   * Per head secret, the answers every viable guess gives it, in a stretch of `#stride` bytes
   * (the guesses rounded up to 32, the rest 0); and the same bytes as 32-bit words.
   */
  readonly #heads: Uint8Array;
  readonly #headWords: Int32Array;
  #stride = 0;
  /** Where the rows of the head pairs a first guess leaves together begin, in `#apart`. */
  readonly #together = new Int32Array(2 * PAIR_HEAD);
  /** Rows of bits, one per head pair used at the node: which viable guesses tell it apart. */
  #apart = new Int32Array(0);
  /** The rows made at the node, and per head pair (a × PAIR_HEAD + b) where its row is. */
  #rows = 0;
  readonly #rowAt = new Int32Array(PAIR_HEAD * PAIR_HEAD);
  /** Stamped: which head pairs have a row at this node. */
  readonly #rowStamps = new Int32Array(PAIR_HEAD * PAIR_HEAD);
  #rowStamp = 0;
  /** Stamped marks of every confused secret's class, answer and answer under a pair. */
  #pairMarks = new Int32Array(0);
  #pairStamp = 0;

  /** The loop in WebAssembly (static-pairs-kernel.ts), where it runs. */
  readonly #kernel: PairKernel | undefined;

  /**
   * The pair search of `ready`'s game, sharing `marks` with the search that calls it; in
   * WebAssembly where it runs (not for a game made with `simd: false`).
   */
  constructor(ready: Prepared, marks: Marks) {
    const n = ready.game.size;
    this.#ready = ready;
    this.#kernel = PairKernel.for(ready);
    this.#answers = ready.game.answers;
    this.#marks = marks;
    this.#classBase = new Int32Array(n);
    const stride = (n + 31) & ~31;
    this.#heads = new Uint8Array(stride * PAIR_HEAD);
    this.#headWords = new Int32Array(this.#heads.buffer);
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
    const kernel = this.#kernel;
    const base = kernel ? kernel.base : this.#classBase;
    const classes = this.#marks;
    const classStamp = classes.next();
    let classCount = 0;
    for (let t = 0; t < confusedLength; t++) {
      const c = labels[confused[t]];
      if (classes.stamps[c] !== classStamp) {
        classes.stamps[c] = classStamp;
        classes.values[c] = classCount++ * this.#answers;
      }
      base[t] = classes.values[c];
    }
    const head = Math.min(PAIR_HEAD, confusedLength);
    if (!kernel) {
      return this.#findPlain(
        guesses,
        depth,
        classCount,
        confused,
        confusedLength,
        viable,
        length,
        tick,
      );
    }
    kernel.viable.set(viable.subarray(0, length));
    kernel.confused.set(confused.subarray(0, confusedLength));
    const canonizer = this.#ready.canonizer;
    kernel.canonical = (i) => {
      guesses[depth] = viable[i];
      return canonizer.isCanonical(guesses, depth + 1);
    };
    const found = kernel.find(length, confusedLength, head);
    // The sets visited, as the loop in TypeScript counts them: length − i for each first guess i
    // before the one found, or before the last.
    const firsts = found < 0 ? Math.max(0, length - 1) : found >>> 16;
    tick(firsts * length - (firsts * (firsts - 1)) / 2);
    if (found < 0) return -1;
    guesses[depth] = viable[found >>> 16];
    return viable[found & 0xffff];
  }

  /** `find`'s loop in TypeScript, the confused secrets' classes numbered (`classCount` of them). */
  #findPlain(
    guesses: Int32Array,
    depth: number,
    classCount: number,
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
    if (this.#pairMarks.length < classCount * answers * answers) {
      this.#pairMarks = new Int32Array(classCount * answers * answers);
      this.#pairStamp = 0;
    }
    const head = Math.min(PAIR_HEAD, confusedLength);
    const heads = this.#heads;
    const words = (length + 31) >>> 5;
    const stride = words << 5;
    this.#stride = stride;
    for (let j = 0; j < length; j++) {
      const row = viable[j] * n;
      for (let t = 0, at = j; t < head; t++, at += stride) heads[at] = table[row + confused[t]];
    }
    for (let t = 0; t < head; t++) heads.fill(0, t * stride + length, (t + 1) * stride);
    this.#newRows(words);
    const together = this.#together;
    const apart = this.#apart;
    const mark = this.#pairMarks;
    let stamp = this.#pairStamp;
    for (let i = 0; i + 1 < length; i++) {
      const first = viable[i];
      guesses[depth] = first;
      // Head secrets of one class that `first` leaves together, each with the first and the last
      // before it: a second guess must tell each such pair apart (a necessary test, which the
      // check on every confused secret completes).
      const partStamp = classes.next();
      let left = 0;
      for (let t = 0; t < head; t++) {
        const key = base[t] + heads[t * stride + i];
        // Per part of the head: its first secret × PART + its last so far.
        if (classes.stamps[key] === partStamp) {
          const part = classes.values[key];
          const earliest = (part / PART) | 0;
          const latest = part % PART;
          together[left++] = this.#rowApart(latest, t, words);
          if (earliest !== latest) together[left++] = this.#rowApart(earliest, t, words);
          classes.values[key] = earliest * PART + t;
        } else {
          classes.stamps[key] = partStamp;
          classes.values[key] = t * PART + t;
        }
      }
      const row = first * n;
      seconds: for (let w = (i + 1) >>> 5; w < words; w++) {
        // The second guesses of this word: after `first`, within the list.
        let bits = -1;
        if (w === (i + 1) >>> 5) bits &= -1 << ((i + 1) & 31);
        if (w === words - 1 && (length & 31) !== 0) bits &= (1 << (length & 31)) - 1;
        for (let k = 0; k < left && bits !== 0; k++) bits &= apart[together[k] + w];
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const j = (w << 5) + 31 - Math.clz32(low);
          // The head tells this pair: check every confused secret.
          if (++stamp === STAMP_LIMIT) {
            mark.fill(0);
            stamp = 1;
          }
          const secondRow = viable[j] * n;
          let t = 0;
          for (; t < confusedLength; t++) {
            const s = confused[t];
            const key = (base[t] + table[row + s]) * answers + table[secondRow + s];
            if (mark[key] === stamp) break;
            mark[key] = stamp;
          }
          if (t === confusedLength) {
            // A pair that tells every secret apart: taken if the set with `first` is canonical;
            // if not, no pair with `first` is searched (its canonical image is, elsewhere).
            if (canonizer.isCanonical(guesses, depth + 1)) {
              this.#pairStamp = stamp;
              return viable[j];
            }
            break seconds;
          }
        }
      }
      this.#pairStamp = stamp;
      if (tick(length - i)) return -1;
    }
    this.#pairStamp = stamp;
    return -1;
  }

  /** Forgets the rows of the last node: the next node's viable guesses are others. */
  #newRows(words: number): void {
    if (++this.#rowStamp === STAMP_LIMIT) {
      this.#rowStamps.fill(0);
      this.#rowStamp = 1;
    }
    this.#rows = 0;
    const most = (PAIR_HEAD * (PAIR_HEAD - 1)) / 2;
    if (this.#apart.length < most * words) this.#apart = new Int32Array(most * words);
  }

  /**
   * Where in `#apart` the row of bits of head secrets `a` and `b` begins: which of the node's
   * viable guesses tell them apart; made on first use at a node (most pairs never are), four
   * guesses a step: of two words of four answers, the bytes that differ.
   */
  #rowApart(a: number, b: number, words: number): number {
    const cell = a * PAIR_HEAD + b;
    if (this.#rowStamps[cell] === this.#rowStamp) return this.#rowAt[cell];
    const start = this.#rows++ * words;
    const apart = this.#apart;
    const answers = this.#headWords;
    const quarter = this.#stride >>> 2;
    let x = a * quarter;
    let y = b * quarter;
    for (let w = 0; w < words; w++) {
      let bits = 0;
      for (let q = 0; q < 32; q += 4) {
        const differ = answers[x++] ^ answers[y++];
        // The top bit of each byte set where the byte is not 0, then the four top bits together.
        const top = (((differ & 0x7f7f7f7f) + 0x7f7f7f7f) | differ) & 0x80808080;
        bits |= (Math.imul(top >>> 7, 0x01020408) >>> 24) << q;
      }
      apart[start + w] = bits;
    }
    this.#rowStamps[cell] = this.#rowStamp;
    this.#rowAt[cell] = start;
    return start;
  }
}
