/**
 * One set size of static Mastermind searched (static.ts says how it is proved): the per-game
 * tables every search shares (`prepare`: the answer table, the canonizer of sets, the capacities
 * M(r)) and the depth-first search over canonical sets of that size, with its capacity bound,
 * viable-guess filter, and the pair search at the last two guesses (static-pairs.ts). It runs in
 * the calling thread or, a shard at a time, on the CLI's worker threads.
 */
import type { Game } from '../game.js';
import { PairSearch } from './static-pairs.js';
import type { SetCanonizer } from './static-sets.js';
import { Marks, type Prepared, prepare, splitClasses } from './static-tables.js';

/** How to search one set size. */
export interface StaticSearchOptions {
  /** A `Date.now()` time at which to stop; the result is then not complete. */
  readonly deadline?: number;
  /** Called about five times a second with the number of sets visited so far. */
  readonly onProgress?: (nodes: number) => void;
  /** Search only subtree `index`, `index + count`, … of those two guesses from the end. */
  readonly shard?: { readonly index: number; readonly count: number };
  /**
   * Search only sets that begin with these guesses, a canonical set in code order, and only if
   * the whole search would reach it (each guess viable where it is played).
   */
  readonly prefix?: readonly number[];
}

/** The outcome of searching one set size. */
export interface SizeSearchResult {
  /** An identifying set of the size searched (or smaller), in code order, if one was found. */
  readonly guesses?: number[];
  /** Whether the search ran to its end: without `guesses`, no set of this size exists (in this shard). */
  readonly complete: boolean;
  /** Sets visited. */
  readonly nodes: number;
}

const CHECK_EVERY = 1 << 16;
/**
 * With more than one guess left, the viable-guess filter reads only the largest classes, up to
 * this many secrets (at least one class): they reject most guesses, at a fraction of the cost.
 */
const FILTER_BUDGET = 48;
const PROGRESS_EVERY_MS = 200;

/** One depth-first search for an identifying set of exactly `size` guesses. */
class SizeSearch {
  readonly #ready: Prepared;
  readonly #table: Uint8Array;
  readonly #canonizer: SetCanonizer;
  readonly #capacity: readonly number[];
  readonly #n: number;
  readonly #answers: number;
  readonly #guesses: Int32Array;
  /** Per depth: each secret's class, the class sizes and count, the guesses still viable. */
  readonly #labels: Int32Array[] = [];
  readonly #sizes: Int32Array[] = [];
  readonly #classes: Int32Array;
  readonly #viable: Int32Array[] = [];
  readonly #marks: Marks;
  /** Scratch: secrets of the classes that matter, grouped, largest class first. */
  readonly #grouped: Int32Array;
  readonly #classOrder: Float64Array;
  readonly #classOffset: Int32Array;
  /** The last two guesses' search (static-pairs.ts), and how it counts the sets it visits. */
  readonly #pairs: PairSearch;
  readonly #tickPairs = (visited: number): boolean => this.#tick(visited);
  readonly #shardDepth: number;
  #shardCounter = 0;
  #nextCheck = 0;
  #lastProgress = 0;
  nodes = 0;
  stopped = false;
  found: number[] | undefined;

  constructor(
    ready: Prepared,
    readonly size: number,
    readonly options: StaticSearchOptions,
  ) {
    const n = ready.game.size;
    this.#ready = ready;
    this.#table = ready.table;
    this.#canonizer = ready.canonizer;
    this.#capacity = ready.capacity;
    this.#n = n;
    this.#answers = ready.game.answers;
    this.#guesses = new Int32Array(size + 1);
    for (let d = 0; d <= size; d++) {
      this.#labels.push(new Int32Array(n));
      this.#sizes.push(new Int32Array(n));
      this.#viable.push(new Int32Array(n));
    }
    this.#classes = new Int32Array(size + 1);
    this.#marks = new Marks(n * this.#answers);
    this.#grouped = new Int32Array(n);
    this.#classOrder = new Float64Array(n);
    this.#classOffset = new Int32Array(n);
    this.#pairs = new PairSearch(ready, this.#marks);
    this.#shardDepth = Math.max(options.prefix?.length ?? 0, size - 2);
  }

  run(): void {
    const n = this.#n;
    this.#classes[0] = 1;
    this.#sizes[0][0] = n;
    let candidates: Int32Array = new Int32Array(n);
    for (let g = 0; g < n; g++) candidates[g] = g;
    let from = 0;
    let to = n;
    // A prefix is walked as the whole search walks it, each guess taken from the guesses still
    // viable there: so the jobs of a size's canonical prefixes (`staticPrefixes`) search
    // exactly the whole search's sets between them, and a prefix it never reaches costs nothing.
    const prefix = this.options.prefix ?? [];
    for (let depth = 0; depth < prefix.length; depth++) {
      const remaining = this.size - depth;
      const viable = this.#viable[depth];
      const limit = this.#capacity[Math.min(remaining - 1, this.#capacity.length - 1)];
      const length = this.#filter(depth, limit, candidates, from, to, viable);
      const at = viable.subarray(0, length).indexOf(prefix[depth]);
      if (at < 0 || at + remaining > length) {
        this.options.onProgress?.(this.nodes);
        return;
      }
      this.#guesses[depth] = prefix[depth];
      this.#refine(depth, prefix[depth]);
      candidates = viable;
      from = at + 1;
      to = length;
    }
    this.#visit(prefix.length, candidates, from, to);
    this.options.onProgress?.(this.nodes);
  }

  /** Counts `count` sets visited; checks the clock now and then. True when the search must stop. */
  #tick(count: number): boolean {
    this.nodes += count;
    if (this.nodes < this.#nextCheck) return this.stopped;
    this.#nextCheck = this.nodes + CHECK_EVERY;
    const now = Date.now();
    if (this.options.deadline !== undefined && now >= this.options.deadline) this.stopped = true;
    if (now - this.#lastProgress >= PROGRESS_EVERY_MS) {
      this.#lastProgress = now;
      this.options.onProgress?.(this.nodes);
    }
    return this.stopped;
  }

  /** The node with guesses `#guesses[0..depth)`; later guesses come from `candidates[from..to)`. */
  #visit(depth: number, candidates: Int32Array, from: number, to: number): boolean {
    if (this.#tick(1)) return false;
    const shard = this.options.shard;
    if (shard && depth === this.#shardDepth && this.#shardCounter++ % shard.count !== shard.index) {
      return false;
    }
    if (this.#classes[depth] === this.#n) {
      this.found = Array.from(this.#guesses.subarray(0, depth));
      return true;
    }
    const remaining = this.size - depth;
    if (remaining === 0) return false;
    const viable = this.#viable[depth];
    const limit = this.#capacity[Math.min(remaining - 1, this.#capacity.length - 1)];
    const length = this.#filter(depth, limit, candidates, from, to, viable);
    if (remaining === 1) {
      if (length === 0) return false;
      this.found = [...this.#guesses.subarray(0, depth), viable[0]];
      return true;
    }
    if (length < remaining) return false;
    if (remaining === 2) {
      const confused = this.#grouped;
      const confusedLength = this.#group(depth, 1, confused);
      const second = this.#pairs.find(
        this.#guesses,
        depth,
        this.#labels[depth],
        confused,
        confusedLength,
        viable,
        length,
        this.#tickPairs,
      );
      if (second < 0) return false;
      this.found = [...this.#guesses.subarray(0, depth + 1), second];
      return true;
    }
    for (let i = 0; i + remaining <= length; i++) {
      this.#guesses[depth] = viable[i];
      if (!this.#canonizer.isCanonical(this.#guesses, depth + 1)) continue;
      this.#refine(depth, viable[i]);
      if (this.#visit(depth + 1, viable, i + 1, length)) return true;
      if (this.stopped) return false;
    }
    return false;
  }

  /** Splits the classes at `depth` by `guess` into those at `depth + 1`. */
  #refine(depth: number, guess: number): void {
    this.#classes[depth + 1] = splitClasses(
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
   * grouped by class, largest class first; returns how many.
   */
  #group(depth: number, limit: number, out: Int32Array, budget = this.#n): number {
    const n = this.#n;
    const labels = this.#labels[depth];
    const sizes = this.#sizes[depth];
    const classes = this.#classes[depth];
    const order = this.#classOrder;
    const offset = this.#classOffset;
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

  /**
   * Writes into `out` the guesses of `candidates[from..to)` that cut every class at `depth` into
   * parts of at most `limit` secrets; returns how many.
   */
  #filter(
    depth: number,
    limit: number,
    candidates: Int32Array,
    from: number,
    to: number,
    out: Int32Array,
  ): number {
    const hard = this.#grouped;
    const hardLength = this.#group(depth, limit, hard, limit > 1 ? FILTER_BUDGET : this.#n);
    if (hardLength === 0) {
      out.set(candidates.subarray(from, to));
      return to - from;
    }
    const n = this.#n;
    const answers = this.#answers;
    const table = this.#table;
    const labels = this.#labels[depth];
    const { stamps, values } = this.#marks;
    let length = 0;
    for (let i = from; i < to; i++) {
      const guess = candidates[i];
      const row = guess * n;
      const stamp = this.#marks.next();
      let t = 0;
      for (; t < hardLength; t++) {
        const s = hard[t];
        const key = labels[s] * answers + table[row + s];
        if (stamps[key] !== stamp) {
          stamps[key] = stamp;
          values[key] = 1;
        } else if (++values[key] > limit) break;
      }
      if (t === hardLength) out[length++] = guess;
    }
    return length;
  }
}

/**
 * Searches for an identifying set of exactly `size` guesses (or one of a shard's subtrees).
 * Throws `CodebreakerError` if the game is too large to hold its answer table.
 */
export function searchStaticSize(
  game: Game,
  size: number,
  options: StaticSearchOptions = {},
): SizeSearchResult {
  const ready = prepare(game);
  const search = new SizeSearch(ready, size, options);
  search.run();
  return { guesses: search.found, complete: !search.stopped, nodes: search.nodes };
}
