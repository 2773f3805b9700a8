/**
 * Static Mastermind: the fewest guesses that, asked all at once with no answer in between,
 * identify every secret from their answers alone, and a proof that fewer do not.
 *
 * A set of guesses *identifies* the secrets when no two secrets get the same row of answers.
 * That is the contract's definition: naming the secret afterwards is not counted as a guess.
 * (Some authors count that final guess too, which usually makes their figures one more.)
 *
 * How it is proved. For a target size k the search walks sets of guesses depth first, and
 * answers "no set of k guesses identifies the secrets" only after every set has been either
 * visited or cut off by one of these arguments, each exact:
 *
 * - Symmetry. Permuting positions and renaming colours (24 × 720 ways for classic Mastermind)
 *   maps identifying sets to identifying sets, so only the canonical set of each orbit is
 *   visited (static-sets.ts): sets grow by codes above their largest, and a set that is not the
 *   least of its orbit is dropped with everything that grows from it.
 * - Capacity. The secrets a set has not yet told apart fall into classes (same answers so far).
 *   r more guesses can tell apart at most M(r) secrets of a class, where M(1) is the most
 *   distinct answers one guess ever gives (14 for Mastermind, not the 15 answer indices), M(2)
 *   the most distinct answer pairs any two guesses give (computed over canonical pairs), and
 *   M(r) ≤ M(2)·M(1)^(r-2). This is the thesis's log-of-14 bound, sharpened.
 * - Viable guesses. With r guesses left, every one of them must cut every class into parts of
 *   at most M(r-1) secrets, whichever order they come in. So each node keeps, of the guesses
 *   its parent kept, those that still pass, and its subtree uses only them; with one guess
 *   left the filter *is* the test (parts of one).
 * - The last two guesses are searched as pairs: the secrets still confused are listed, largest
 *   classes first, and a pair is rejected at the first two secrets it confuses, usually within
 *   a handful of lookups in the answer table.
 *
 * Why iterative deepening and not A*. The thesis proposed A* over partial sets and ran out of
 * memory: its open list holds a frontier of partial sets that grows with the search. Here every
 * solution of size k sits at depth exactly k, the lower bound above is the admissible estimate,
 * and depth-first search with that bound (IDA* on the set size) needs only O(k·n) memory, for
 * one partition of the secrets per depth. The sizes below the answer are refuted in turn (each
 * refutation costs a fraction of the next), starting from the capacity bound and stopping below
 * the best set already known; a greedy set (most classes first) gives that upper bound at once,
 * so a search cut short by a time limit still returns a set and the sizes it has refuted.
 *
 * Splitting the work: the nodes two guesses from the end are dealt out in turn to `shard.count`
 * searches, so threads share one size without sharing memory.
 *
 * For classic Mastermind this proves that no 5 guesses identify the 1296 secrets, and a greedy
 * set of 6 does (what that costs: docs/performance.md).
 */
import { CodebreakerError } from '../errors.js';
import { type Game, TABLE_MAX_CODES } from '../game.js';
import { SetCanonizer } from './static-sets.js';

/** What a static search reports while it runs. */
export interface StaticProgress {
  /** The set size being searched. */
  readonly size: number;
  /** Sets visited so far (a pair of last guesses counts as one). */
  readonly nodes: number;
  /** Every size below this is proved too small. */
  readonly lowerBound: number;
  /** The size of the best set found so far. */
  readonly best: number;
}

/** How to search one set size. */
export interface StaticSearchOptions {
  /** A `Date.now()` time at which to stop; the result is then not complete. */
  readonly deadline?: number;
  /** Called about five times a second with the number of sets visited so far. */
  readonly onProgress?: (nodes: number) => void;
  /** Search only subtree `index`, `index + count`, … of those two guesses from the end. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** Search only sets that begin with these guesses: a canonical set, in code order. */
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

/** The outcome of a static search. */
export interface StaticResult {
  /** The smallest identifying set found, in code order. */
  readonly guesses: number[];
  /** Whether no smaller set exists. */
  readonly proved: boolean;
  /** Every size below this is proved too small; equals `guesses.length` when proved. */
  readonly lowerBound: number;
  /** Sets visited, over every size searched. */
  readonly nodes: number;
}

const STAMP_LIMIT = 0x3fffffff;
const CHECK_EVERY = 1 << 16;
/**
 * With more than one guess left, the viable-guess filter reads only the largest classes, up to
 * this many secrets (at least one class): they reject most guesses, at a fraction of the cost.
 */
const FILTER_BUDGET = 48;
/** The pair search keeps the answers of every viable guess to this many confused secrets at hand. */
const PAIR_HEAD = 32;
const PROGRESS_EVERY_MS = 200;

/** Per-game data every static search uses: the answer table, the canonizer, the capacities. */
interface Prepared {
  readonly game: Game;
  readonly table: Uint8Array;
  readonly canonizer: SetCanonizer;
  /** The canonical single guesses (one per orbit). */
  readonly firstGuesses: readonly number[];
  /** `capacity[r]`: at most this many secrets of a class can be told apart by r more guesses. */
  readonly capacity: readonly number[];
}

const prepared = new WeakMap<Game, Prepared>();

function prepare(game: Game): Prepared {
  let ready = prepared.get(game);
  if (ready) return ready;
  const table = game.useTable();
  if (!table) {
    throw new CodebreakerError(
      'too-large',
      `static search keeps every guess's answer to every secret in memory, so it takes games of at most ${TABLE_MAX_CODES} codes; this one has ${game.size}`,
    );
  }
  const canonizer = new SetCanonizer(game);
  const n = game.size;
  const answers = game.answers;
  const firstGuesses: number[] = [];
  const set = new Int32Array(2);
  const seen = new Int32Array(n * answers);
  let stamp = 0;
  let one = 0;
  for (let g = 0; g < n; g++) {
    set[0] = g;
    if (!canonizer.isCanonical(set, 1)) continue;
    firstGuesses.push(g);
    stamp++;
    let distinct = 0;
    for (let s = 0; s < n; s++) {
      const a = table[g * n + s];
      if (seen[a] !== stamp) {
        seen[a] = stamp;
        distinct++;
      }
    }
    one = Math.max(one, distinct);
  }
  let two = one;
  for (const g of firstGuesses) {
    set[0] = g;
    for (let h = g + 1; h < n; h++) {
      set[1] = h;
      if (!canonizer.isCanonical(set, 2)) continue;
      stamp++;
      let distinct = 0;
      for (let s = 0; s < n; s++) {
        const key = table[g * n + s] * answers + table[h * n + s];
        if (seen[key] !== stamp) {
          seen[key] = stamp;
          distinct++;
        }
      }
      two = Math.max(two, distinct);
    }
  }
  const capacity = [1, one, two];
  while (capacity[capacity.length - 1] < n) {
    capacity.push(Math.min(n, capacity[capacity.length - 1] * one));
  }
  ready = { game, table, canonizer, firstGuesses, capacity };
  prepared.set(game, ready);
  return ready;
}

/** The least number of guesses that could identify every secret by the capacity bound. */
export function staticLowerBound(game: Game): number {
  const { capacity } = prepare(game);
  let size = 0;
  while (capacity[size] < game.size) size++;
  return size;
}

/** Whether `guesses` identify every secret: no two secrets get the same answers to all of them. */
export function identifies(game: Game, guesses: readonly number[]): boolean {
  const rows = new Set<string>();
  for (let secret = 0; secret < game.size; secret++) {
    rows.add(guesses.map((g) => game.score(g, secret)).join(','));
  }
  return rows.size === game.size;
}

/**
 * A quick identifying set, for an upper bound: from each essentially different first guess,
 * add the guess that leaves the most classes (the first code on ties) until every secret is
 * alone; the smallest such set, in code order.
 */
export function greedyStaticSet(game: Game): number[] {
  const { table, firstGuesses } = prepare(game);
  const n = game.size;
  const answers = game.answers;
  const seen = new Int32Array(n * answers);
  const value = new Int32Array(n * answers);
  let stamp = 0;
  let labels = new Int32Array(n);
  let next = new Int32Array(n);
  /** Refines `labels` by `guess` into `next`; returns the number of classes. */
  const refine = (guess: number, into: Int32Array | undefined): number => {
    stamp++;
    let classes = 0;
    const row = guess * n;
    for (let s = 0; s < n; s++) {
      const key = labels[s] * answers + table[row + s];
      if (seen[key] !== stamp) {
        seen[key] = stamp;
        value[key] = classes++;
      }
      if (into) into[s] = value[key];
    }
    return classes;
  };
  let best: number[] | undefined;
  for (const first of firstGuesses) {
    labels.fill(0);
    const guesses = [first];
    let classes = refine(first, next);
    [labels, next] = [next, labels];
    while (classes < n && (!best || guesses.length < best.length)) {
      let choice = -1;
      let most = classes;
      for (let g = 0; g < n; g++) {
        const count = refine(g, undefined);
        if (count > most) {
          most = count;
          choice = g;
        }
      }
      if (choice < 0) throw new Error('no guess splits a class: scoring is broken');
      guesses.push(choice);
      classes = refine(choice, next);
      [labels, next] = [next, labels];
    }
    if (classes === n && (!best || guesses.length < best.length)) best = guesses;
  }
  return best!.sort((a, b) => a - b);
}

/** Stamped marks: an entry counts as set only if it holds the current stamp, so clearing is `next()`. */
class Marks {
  readonly stamps: Int32Array;
  readonly values: Int32Array;
  stamp = 0;
  constructor(size: number) {
    this.stamps = new Int32Array(size);
    this.values = new Int32Array(size);
  }
  next(): number {
    if (++this.stamp === STAMP_LIMIT) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }
}

/** One depth-first search for an identifying set of exactly `size` guesses. */
class SizeSearch {
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
  #pairMarks = new Int32Array(0);
  #pairStamp = 0;
  /** Scratch: secrets of the classes that matter, grouped, largest class first. */
  readonly #grouped: Int32Array;
  readonly #classOrder: Float64Array;
  readonly #classOffset: Int32Array;
  readonly #classBase: Int32Array;
  readonly #heads: Uint8Array;
  readonly #firstKeys: Int32Array;
  readonly #headMarks: Int32Array;
  #headStamp = 0;
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
    this.#classBase = new Int32Array(n);
    this.#heads = new Uint8Array(n * PAIR_HEAD);
    this.#firstKeys = new Int32Array(PAIR_HEAD);
    this.#headMarks = new Int32Array(PAIR_HEAD * this.#answers);
    this.#shardDepth = Math.max(options.prefix?.length ?? 0, size - 2);
  }

  run(): void {
    const n = this.#n;
    this.#classes[0] = 1;
    this.#sizes[0][0] = n;
    const prefix = this.options.prefix ?? [];
    prefix.forEach((guess, depth) => {
      this.#guesses[depth] = guess;
      this.#refine(depth, guess);
    });
    const everything = new Int32Array(n);
    for (let g = 0; g < n; g++) everything[g] = g;
    const from = prefix.length > 0 ? prefix[prefix.length - 1] + 1 : 0;
    this.#visit(prefix.length, everything, from, n);
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
    if (remaining === 2) return this.#pairs(depth, viable, length);
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
    const n = this.#n;
    const answers = this.#answers;
    const table = this.#table;
    const from = this.#labels[depth];
    const to = this.#labels[depth + 1];
    const sizes = this.#sizes[depth + 1];
    const { stamps, values } = this.#marks;
    const stamp = this.#marks.next();
    const row = guess * n;
    let classes = 0;
    for (let s = 0; s < n; s++) {
      const key = from[s] * answers + table[row + s];
      if (stamps[key] !== stamp) {
        stamps[key] = stamp;
        values[key] = classes;
        sizes[classes++] = 0;
      }
      const c = values[key];
      to[s] = c;
      sizes[c]++;
    }
    this.#classes[depth + 1] = classes;
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

  /**
   * The last two guesses, from `viable[0..length)`: each pair is one set visited. The secrets
   * still confused are listed largest class first, and a pair fails at the first two of them
   * that agree on both guesses, so most pairs cost a handful of lookups. Those lookups go to a
   * small copy of every viable guess's answers to the first secrets of the list (the head),
   * with the head's parts numbered per first guess, so they stay in the fastest cache; only
   * pairs the head cannot tell apart are checked on every secret.
   */
  #pairs(depth: number, viable: Int32Array, length: number): boolean {
    const n = this.#n;
    const answers = this.#answers;
    const table = this.#table;
    const labels = this.#labels[depth];
    const confused = this.#grouped;
    const confusedLength = this.#group(depth, 1, confused);
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
      this.#guesses[depth] = first;
      if (!this.#canonizer.isCanonical(this.#guesses, depth + 1)) continue;
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
          this.found = [...this.#guesses.subarray(0, depth + 1), viable[j]];
          return true;
        }
      }
      this.#pairStamp = stamp;
      this.#headStamp = nearStamp;
      if (this.#tick(length - i)) return false;
    }
    this.#headStamp = nearStamp;
    this.#pairStamp = stamp;
    return false;
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

/** How to run `solveStatic`. */
export interface SolveStaticOptions {
  /** A `Date.now()` time at which to stop; the result is then not proved. */
  readonly deadline?: number;
  /** Called about five times a second with how far the search has got. */
  readonly onProgress?: (progress: StaticProgress) => void;
  /**
   * Searches one size, reporting the sets visited so far through `onNodes`. By default this
   * thread does it with `searchStaticSize`; the CLI spreads it over worker threads instead.
   */
  readonly searchSize?: (
    size: number,
    onNodes: (nodes: number) => void,
  ) => SizeSearchResult | Promise<SizeSearchResult>;
}

/**
 * Finds a smallest identifying set and proves it smallest: refutes each size from the capacity
 * bound up to the greedy set's size. With a deadline it may stop early, returning the best set
 * found and the sizes refuted so far.
 */
export async function solveStatic(
  game: Game,
  options: SolveStaticOptions = {},
): Promise<StaticResult> {
  const searchSize =
    options.searchSize ??
    ((size: number, onNodes: (nodes: number) => void) =>
      searchStaticSize(game, size, { deadline: options.deadline, onProgress: onNodes }));
  let best = greedyStaticSet(game);
  let lowerBound = staticLowerBound(game);
  let nodes = 0;
  for (let size = lowerBound; size < best.length; size++) {
    const known = { size, lowerBound, best: best.length };
    options.onProgress?.({ ...known, nodes });
    const search = await searchSize(size, (sizeNodes) =>
      options.onProgress?.({ ...known, nodes: nodes + sizeNodes }),
    );
    nodes += search.nodes;
    if (search.guesses) {
      best = search.guesses;
      break;
    }
    if (!search.complete) break;
    lowerBound = size + 1;
  }
  lowerBound = Math.min(lowerBound, best.length);
  return { guesses: best, proved: lowerBound === best.length, lowerBound, nodes };
}
