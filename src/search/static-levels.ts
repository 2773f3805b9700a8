/**
 * What the static search (static-size.ts) knows at each depth of the set it builds: which
 * secrets its first guesses still leave together. At depth d every secret has a label, its class
 * among those the first d guesses make, and each class its size; `refine` splits a depth's
 * classes by one more guess into the next depth's, and `group` lists the secrets of the large
 * classes, largest first, for the tests that read only those.
 */
import { type Marks, type Prepared, splitClasses } from './static-tables.js';

/** The classes of secrets at every depth of a set of up to `depths − 1` guesses. */
export class LevelClasses {
  readonly #ready: Prepared;
  readonly #marks: Marks;
  /** Per depth: each secret's class, and each class's size. */
  readonly #labels: Int32Array[] = [];
  readonly #sizes: Int32Array[] = [];
  /** Per depth: how many classes. */
  readonly #counts: Int32Array;
  /** `group`'s scratch: the classes kept as sort keys, and where each one's secrets go. */
  readonly #order: Float64Array;
  readonly #offset: Int32Array;

  /** Depth 0 holds every secret in one class. `marks` is scratch shared with the caller. */
  constructor(ready: Prepared, marks: Marks, depths: number) {
    const n = ready.game.size;
    this.#ready = ready;
    this.#marks = marks;
    for (let d = 0; d < depths; d++) {
      this.#labels.push(new Int32Array(n));
      this.#sizes.push(new Int32Array(n));
    }
    this.#counts = new Int32Array(depths);
    this.#counts[0] = 1;
    this.#sizes[0][0] = n;
    this.#order = new Float64Array(n);
    this.#offset = new Int32Array(n);
  }

  /** Each secret's class at `depth`. */
  labels(depth: number): Int32Array {
    return this.#labels[depth];
  }

  /** How many classes there are at `depth`. */
  count(depth: number): number {
    return this.#counts[depth];
  }

  /** Splits the classes at `depth` by `guess` into those at `depth + 1`. */
  refine(depth: number, guess: number): void {
    this.#counts[depth + 1] = splitClasses(
      this.#ready,
      this.#marks,
      this.#labels[depth],
      guess,
      this.#labels[depth + 1],
      this.#sizes[depth + 1],
    );
  }

  /**
   * Writes into `out` the secrets of the classes at `depth` with more than `limit` members,
   * grouped by class, largest class first, and no more classes than fill `budget` secrets (at
   * least one); returns how many secrets.
   */
  group(depth: number, limit: number, out: Int32Array, budget: number): number {
    const n = this.#ready.game.size;
    const labels = this.#labels[depth];
    const sizes = this.#sizes[depth];
    const classes = this.#counts[depth];
    const order = this.#order;
    const offset = this.#offset;
    let count = 0;
    for (let c = 0; c < classes; c++) {
      offset[c] = -1;
      if (sizes[c] > limit) order[count++] = (n - sizes[c]) * n + c;
    }
    if (count === 0) return 0;
    const sorted = order.subarray(0, count).sort();
    let position = 0;
    for (let i = 0; i < count; i++) {
      const c = sorted[i] % n;
      if (i > 0 && position + sizes[c] > budget) break;
      offset[c] = position;
      position += sizes[c];
    }
    for (let s = 0; s < n; s++) {
      const c = labels[s];
      if (offset[c] >= 0) out[offset[c]++] = s;
    }
    return position;
  }
}
