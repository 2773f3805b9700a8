/**
 * The static search's pair loop (static-pairs.ts) in WebAssembly (static-pairs.wat): the head's
 * rows of bits made 16 guesses a step and ANDed 128 second guesses at a time, where TypeScript
 * takes 4 and 32. It finds the same pair as the TypeScript loop, which stays for where
 * WebAssembly's SIMD does not run. One kernel a game and thread, with its own copy of the answer
 * table; the searches of a thread take turns with it, a node at a time.
 */
import { type KernelMemory, compileKernel, growTo, instantiateKernel } from '../wasm.js';
import { STATIC_PAIRS_WASM_BASE64 } from './static-pairs-wasm.js';
import type { Prepared } from './static-tables.js';

/** The kernel's exports (see static-pairs.wat). */
interface PairExports {
  readonly memory: KernelMemory;
  setup(
    n: number,
    answers: number,
    table: number,
    viable: number,
    confused: number,
    base: number,
    heads: number,
    apart: number,
    rowStamps: number,
    rowAt: number,
    together: number,
    partStamps: number,
    partValues: number,
    partCount: number,
    marks: number,
    markCount: number,
    scratch: number,
    counts: number,
    countStamps: number,
    dead: number,
  ): void;
  find(length: number, confusedLength: number, head: number): number;
  filter(count: number, hardLength: number, limit: number): number;
}

/** The most answer indices the kernel takes: its marks hold a stamp per class and two answers. */
const MAX_ANSWERS = 32;
/** The head secrets whose pairs have rows (static-pairs.ts `PAIR_HEAD`). */
const HEAD = 32;

let compiled: object | null | undefined;
const kernels = new WeakMap<Prepared, PairKernel | null>();

/** The pair loop of one game in WebAssembly, with the node's lists it reads. */
export class PairKernel {
  /**
   * The node's viable guesses, confused secrets, and each confused secret's class × answers (for
   * `filter`: the guesses to filter, the secrets of the classes that matter, and their classes).
   */
  readonly viable: Int32Array;
  readonly confused: Int32Array;
  readonly base: Int32Array;
  /** Asked by the kernel whether the node's set with viable guess `i` added is canonical. */
  canonical: (i: number) => boolean = () => true;
  readonly #exports: PairExports;

  /** The kernel of `ready`'s game for this thread, made on first use; undefined where it cannot run. */
  static for(ready: Prepared): PairKernel | undefined {
    let kernel = kernels.get(ready);
    if (kernel === undefined) {
      const { game } = ready;
      const fits = game.simd && game.answers <= MAX_ANSWERS && game.size < 1 << 15;
      if (fits && compiled === undefined) compiled = compileKernel(STATIC_PAIRS_WASM_BASE64);
      kernel = fits && compiled ? new PairKernel(ready, compiled) : null;
      kernels.set(ready, kernel);
    }
    return kernel ?? undefined;
  }

  private constructor(ready: Prepared, module: object) {
    const { game, table } = ready;
    const n = game.size;
    const answers = game.answers;
    this.#exports = instantiateKernel<PairExports>(module, {
      env: { canonical: (i: number) => (this.canonical(i) ? 1 : 0) },
    });
    // A row of bits has a word per 32 viable guesses, rounded up to 128 guesses; the head's
    // answers a byte per guess, as many.
    const stride = Math.ceil(n / 128) * 128;
    const scratch = 0;
    const rowStamps = 16;
    const rowAt = rowStamps + 4 * HEAD * HEAD;
    const together = rowAt + 4 * HEAD * HEAD;
    const viable = together + 4 * 2 * HEAD;
    const confused = viable + align(4 * n);
    const base = confused + align(4 * n);
    const heads = base + align(4 * n);
    const apart = heads + HEAD * stride;
    const partStamps = apart + ((HEAD * (HEAD - 1)) / 2) * (stride / 8);
    const partCount = n * answers;
    const partValues = partStamps + align(4 * partCount);
    const marks = partValues + align(4 * partCount);
    const markCount = n * answers * answers;
    const counts = marks + align(4 * markCount);
    const countStamps = counts + align(4 * partCount);
    const dead = countStamps + align(4 * partCount);
    const tableAt = dead + align(n);
    const memory = this.#exports.memory;
    growTo(memory, tableAt + n * n);
    new Uint8Array(memory.buffer, tableAt, n * n).set(table);
    this.viable = new Int32Array(memory.buffer, viable, n);
    this.confused = new Int32Array(memory.buffer, confused, n);
    this.base = new Int32Array(memory.buffer, base, n);
    this.#exports.setup(
      n,
      answers,
      tableAt,
      viable,
      confused,
      base,
      heads,
      apart,
      rowStamps,
      rowAt,
      together,
      partStamps,
      partValues,
      partCount,
      marks,
      markCount,
      scratch,
      counts,
      countStamps,
      dead,
    );
  }

  /**
   * The first pair of the node's `length` viable guesses (`viable`) that tells its
   * `confusedLength` confused secrets apart, the first `head` of them the head: as
   * i × 65536 + j (their places in `viable`), or −1.
   */
  find(length: number, confusedLength: number, head: number): number {
    return this.#exports.find(length, confusedLength, head);
  }

  /**
   * The viable-guess filter (static-size.ts): of the `count` guesses in `viable`, keeps in order
   * those that cut each class of the `hardLength` secrets in `confused` (grouped by class, their
   * classes in `base`) into parts of at most `limit`; returns how many, first in `viable`.
   */
  filter(count: number, hardLength: number, limit: number): number {
    return this.#exports.filter(count, hardLength, limit);
  }
}

/** `bytes` rounded up to 16. */
function align(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
