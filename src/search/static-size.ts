/**
 * One set size of static Mastermind searched (static.ts says how it is proved): the per-game
 * tables every search shares (`prepare`: the answer table, the canonizer of sets, the capacities
 * M(r)) and the depth-first search over canonical sets of that size, with its capacity bound,
 * viable-guess filter, and the pair search at the last two guesses (static-pairs.ts). It runs in
 * the calling thread or, a shard at a time, on the CLI's worker threads.
 */
import type { Game } from '../game.js';
import { LevelClasses } from './static-levels.js';
import { PairKernel } from './static-pairs-kernel.js';
import { PairSearch } from './static-pairs.js';
import { Marks, type Prepared, prepare } from './static-tables.js';

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

/** Jobs an estimate leaves out: those of `depth` guesses `has` accepts (searched already). */
export interface StaticJobsLeftOut {
  /** The guesses a job's prefix has (search/static-jobs.ts). */
  readonly depth: number;
  /** Whether the job of this prefix is left out. */
  readonly has: (prefix: Int32Array) => boolean;
}

/** One path of Knuth's estimate (`SizeSearch.probe`): its weighted sets and seconds. */
export interface StaticProbe {
  /** The sets the path stands for. */
  readonly sets: number;
  /** The seconds of work it stands for. */
  readonly seconds: number;
}

const CHECK_EVERY = 1 << 16;
/**
 * With more than one guess left, the viable-guess filter reads only the largest classes, up to
 * this many secrets (at least one class): they reject most guesses, at a fraction of the cost.
 */
const FILTER_BUDGET = 48;
const PROGRESS_EVERY_MS = 200;

/** A search's count of the sets it visits, and its clock: when to report, when to stop. */
class VisitClock {
  nodes = 0;
  stopped = false;
  #nextCheck = 0;
  #lastProgress = 0;

  constructor(readonly options: StaticSearchOptions) {}

  /** Counts `count` sets visited; checks the clock now and then. True when the search must stop. */
  readonly tick = (count: number): boolean => {
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
  };
}

/** One depth-first search for an identifying set of exactly `size` guesses. */
class SizeSearch {
  readonly #ready: Prepared;
  readonly #n: number;
  /** The set being built, a guess per depth. */
  readonly #guesses: Int32Array;
  /** The secrets' classes at each depth. */
  readonly #levels: LevelClasses;
  /** Per depth: the guesses still viable there. */
  readonly #viable: Int32Array[] = [];
  readonly #marks: Marks;
  /** Scratch: secrets of the classes that matter, grouped, largest class first. */
  readonly #grouped: Int32Array;
  /** The filter's scratch: a class's answers, guess by guess. */
  #classAnswers = new Uint8Array(0);
  /** The filter in WebAssembly (static-pairs-kernel.ts), where it runs. */
  readonly #kernel: PairKernel | undefined;
  /** The last two guesses' search (static-pairs.ts). */
  readonly #pairs: PairSearch;
  readonly #clock: VisitClock;
  readonly #shardDepth: number;
  #shardCounter = 0;

  constructor(
    ready: Prepared,
    readonly size: number,
    readonly options: StaticSearchOptions,
  ) {
    const n = ready.game.size;
    this.#ready = ready;
    this.#n = n;
    this.#guesses = new Int32Array(size + 1);
    for (let d = 0; d <= size; d++) this.#viable.push(new Int32Array(n));
    this.#marks = new Marks(n * ready.game.answers);
    this.#levels = new LevelClasses(ready, this.#marks, size + 1);
    this.#grouped = new Int32Array(n);
    this.#kernel = PairKernel.for(ready);
    this.#pairs = new PairSearch(ready, this.#marks);
    this.#clock = new VisitClock(options);
    this.#shardDepth = Math.max(options.prefix?.length ?? 0, size - 2);
  }

  run(): SizeSearchResult {
    const found = this.#search();
    const clock = this.#clock;
    this.options.onProgress?.(clock.nodes);
    return { guesses: found, complete: !clock.stopped, nodes: clock.nodes };
  }

  /** The set found, if any. */
  #search(): number[] | undefined {
    const start = this.#start();
    return start && this.#visit(start.depth, start.candidates, start.from, start.to);
  }

  /**
   * The node the search begins at: the root, or the end of the prefix, walked as the whole
   * search walks it, each guess taken from the guesses still viable there: so the jobs of a
   * size's canonical prefixes (`staticPrefixes`) search exactly the whole search's sets between
   * them, and a prefix it never reaches costs nothing (undefined).
   */
  #start(): { depth: number; candidates: Int32Array; from: number; to: number } | undefined {
    const n = this.#n;
    let candidates: Int32Array = new Int32Array(n);
    for (let g = 0; g < n; g++) candidates[g] = g;
    let from = 0;
    let to = n;
    const prefix = this.options.prefix ?? [];
    for (let depth = 0; depth < prefix.length; depth++) {
      const remaining = this.size - depth;
      const viable = this.#viable[depth];
      const length = this.#filter(depth, this.#limit(remaining), candidates, from, to, viable);
      const at = viable.subarray(0, length).indexOf(prefix[depth]);
      if (at < 0 || at + remaining > length) return undefined;
      this.#guesses[depth] = prefix[depth];
      this.#levels.refine(depth, prefix[depth]);
      candidates = viable;
      from = at + 1;
      to = length;
    }
    return { depth: prefix.length, candidates, from, to };
  }

  /**
   * One path of the search from where it begins down to a node it does not branch at, each
   * child taken at random (`random`, uniform in [0, 1)), every node met weighted by the product
   * of the branchings above it (Knuth's estimate: static-estimate.ts). The pair search at the
   * path's end runs in full. A node where a set is found counts as one that is not (a
   * refutation's search visits every node). A path that reaches a job of `leaveOut` counts
   * nothing from there on.
   */
  probe(random: () => number, leaveOut?: StaticJobsLeftOut): StaticProbe {
    const start = this.#start();
    if (!start) return { sets: 0, seconds: 0 };
    let { depth, candidates, from, to } = start;
    const levels = this.#levels;
    const canonizer = this.#ready.canonizer;
    let weight = 1;
    let sets = 0;
    let seconds = 0;
    let visited = 0;
    const tick = (count: number): boolean => {
      visited += count;
      return false;
    };
    for (;;) {
      if (depth === leaveOut?.depth && leaveOut.has(this.#guesses.subarray(0, depth))) break;
      const began = performance.now();
      sets += weight;
      const remaining = this.size - depth;
      if (remaining === 0 || levels.count(depth) === this.#n) break;
      const viable = this.#viable[depth];
      const length = this.#filter(depth, this.#limit(remaining), candidates, from, to, viable);
      if (remaining === 1 || length < remaining) {
        seconds += (weight * (performance.now() - began)) / 1000;
        break;
      }
      if (remaining === 2) {
        visited = 0;
        this.#lastTwo(depth, viable, length, tick);
        sets += weight * visited;
        seconds += (weight * (performance.now() - began)) / 1000;
        break;
      }
      const children = this.#grouped;
      let count = 0;
      for (let i = 0; i + remaining <= length; i++) {
        this.#guesses[depth] = viable[i];
        if (canonizer.isCanonical(this.#guesses, depth + 1)) children[count++] = i;
      }
      seconds += (weight * (performance.now() - began)) / 1000;
      if (count === 0) break;
      const i = children[Math.min(count - 1, Math.floor(random() * count))];
      weight *= count;
      this.#guesses[depth] = viable[i];
      levels.refine(depth, viable[i]);
      depth++;
      candidates = viable;
      from = i + 1;
      to = length;
    }
    return { sets, seconds };
  }

  /** The most secrets a class may keep with `remaining` guesses to come (the capacity bound). */
  #limit(remaining: number): number {
    const capacity = this.#ready.capacity;
    return capacity[Math.min(remaining - 1, capacity.length - 1)];
  }

  /**
   * The node with guesses `#guesses[0..depth)`; later guesses come from `candidates[from..to)`.
   * Returns the set found below it, if any.
   */
  #visit(depth: number, candidates: Int32Array, from: number, to: number): number[] | undefined {
    if (this.#clock.tick(1)) return undefined;
    const shard = this.options.shard;
    if (shard && depth === this.#shardDepth && this.#shardCounter++ % shard.count !== shard.index) {
      return undefined;
    }
    const levels = this.#levels;
    if (levels.count(depth) === this.#n) return Array.from(this.#guesses.subarray(0, depth));
    const remaining = this.size - depth;
    if (remaining === 0) return undefined;
    const viable = this.#viable[depth];
    const length = this.#filter(depth, this.#limit(remaining), candidates, from, to, viable);
    if (remaining === 1) {
      return length === 0 ? undefined : [...this.#guesses.subarray(0, depth), viable[0]];
    }
    if (length < remaining) return undefined;
    if (remaining === 2) {
      const second = this.#lastTwo(depth, viable, length, this.#clock.tick);
      return second < 0 ? undefined : [...this.#guesses.subarray(0, depth + 1), second];
    }
    const canonizer = this.#ready.canonizer;
    for (let i = 0; i + remaining <= length; i++) {
      this.#guesses[depth] = viable[i];
      if (!canonizer.isCanonical(this.#guesses, depth + 1)) continue;
      levels.refine(depth, viable[i]);
      const found = this.#visit(depth + 1, viable, i + 1, length);
      if (found || this.#clock.stopped) return found;
    }
    return undefined;
  }

  /**
   * The pair search (static-pairs.ts) at the node two guesses from the end, over the guesses
   * `viable[0..length)`: the second guess found, the first at `#guesses[depth]`; or −1.
   */
  #lastTwo(
    depth: number,
    viable: Int32Array,
    length: number,
    tick: (visited: number) => boolean,
  ): number {
    const levels = this.#levels;
    const confused = this.#grouped;
    const confusedLength = levels.group(depth, 1, confused, this.#n);
    return this.#pairs.find(
      this.#guesses,
      depth,
      levels.labels(depth),
      confused,
      confusedLength,
      viable,
      length,
      tick,
    );
  }

  /**
   * Writes into `out` the guesses of `candidates[from..to)` that cut every class at `depth` into
   * parts of at most `limit` secrets; returns how many. The classes that matter are taken one at
   * a time, largest first, each read only for the guesses the ones before it kept: the first
   * rejects most. A class's answers are read along each secret's row of the table (it is
   * symmetric), in order, where each guess's row is far from the next in a large table.
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
    const budget = limit > 1 ? FILTER_BUDGET : this.#n;
    const hardLength = this.#levels.group(depth, limit, hard, budget);
    const kernel = this.#kernel;
    if (kernel && hardLength > 0) {
      kernel.viable.set(candidates.subarray(from, to));
      kernel.confused.set(hard.subarray(0, hardLength));
      const labels = this.#levels.labels(depth);
      for (let t = 0; t < hardLength; t++) kernel.base[t] = labels[hard[t]];
      const kept = kernel.filter(to - from, hardLength, limit);
      out.set(kernel.viable.subarray(0, kept));
      return kept;
    }
    let alive = to - from;
    out.set(candidates.subarray(from, to));
    const n = this.#n;
    const table = this.#ready.table;
    const labels = this.#levels.labels(depth);
    const { stamps, values } = this.#marks;
    for (let first = 0; first < hardLength && alive > 0; ) {
      let end = first + 1;
      while (end < hardLength && labels[hard[end]] === labels[hard[first]]) end++;
      const members = end - first;
      if (this.#classAnswers.length < alive * members) {
        this.#classAnswers = new Uint8Array(alive * members);
      }
      const read = this.#classAnswers;
      for (let k = 0; k < members; k++) {
        const row = hard[first + k] * n;
        for (let i = 0, at = k; i < alive; i++, at += members) read[at] = table[row + out[i]];
      }
      let kept = 0;
      for (let i = 0, at = 0; i < alive; i++, at += members) {
        const stamp = this.#marks.next();
        let k = 0;
        for (; k < members; k++) {
          const answer = read[at + k];
          if (stamps[answer] !== stamp) {
            stamps[answer] = stamp;
            values[answer] = 1;
          } else if (++values[answer] > limit) break;
        }
        if (k === members) out[kept++] = out[i];
      }
      alive = kept;
      first = end;
    }
    return alive;
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
  return new SizeSearch(ready, size, options).run();
}

/**
 * Random paths of the search of `size` (`SizeSearch.probe`), one a call: Knuth's estimate
 * (static-estimate.ts). Throws `CodebreakerError` if the game is too large to hold its answer
 * table.
 */
export function staticProbes(
  game: Game,
  size: number,
): (random: () => number, leaveOut?: StaticJobsLeftOut) => StaticProbe {
  const search = new SizeSearch(prepare(game), size, {});
  return (random, leaveOut) => search.probe(random, leaveOut);
}
