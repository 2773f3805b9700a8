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
 * so a search cut short by a time limit still returns a set and the sizes it has refuted, and
 * two searches lower it where they can before the exact search begins: of the sets a symmetry of
 * the game keeps (static-symmetric.ts), then local search (static-local.ts).
 *
 * Splitting the work: the nodes two guesses from the end are dealt out in turn to `shard.count`
 * searches, so threads share one size without sharing memory.
 *
 * For classic Mastermind this proves that no 5 guesses identify the 1296 secrets, and a greedy
 * set of 6 does (what that costs: docs/performance.md).
 */
import type { Game } from '../game.js';
import { localStaticSet } from './static-local.js';
import { type SizeSearchResult, searchStaticSize } from './static-size.js';
import { symmetricStaticSet } from './static-symmetric.js';
import { Marks, prepare, splitClasses } from './static-tables.js';

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
  /**
   * Which search is at `size`: the search of sets a symmetry keeps (static-symmetric.ts), then
   * local search, for a set; or the exact search that settles it.
   */
  readonly phase: 'symmetric' | 'local' | 'exact';
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

/** Whether a `Date.now()` deadline has passed. */
export function pastDeadline(deadline: number | undefined): boolean {
  return deadline !== undefined && Date.now() >= deadline;
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
  const ready = prepare(game);
  const n = game.size;
  const marks = new Marks(n * game.answers);
  let labels = new Int32Array(n);
  let next = new Int32Array(n);
  /** Refines `labels` by `guess` into `next`, if given; returns the number of classes. */
  const refine = (guess: number, into: Int32Array | undefined): number =>
    splitClasses(ready, marks, labels, guess, into);
  let best: number[] | undefined;
  for (const first of ready.firstGuesses) {
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
  /**
   * Looks for an identifying set of `size` guesses, starting from `from` (one guess larger), by
   * local search. By default this thread does it with `localStaticSet`, with a small effort
   * (`LOCAL_SEARCH_MOVES`, `localSearchLookups`); the CLI may give it every thread and longer.
   * What it returns is checked before it is taken.
   */
  readonly improve?: (
    size: number,
    from: readonly number[],
  ) => number[] | undefined | Promise<number[] | undefined>;
  /**
   * Seconds the search of sets a symmetry keeps (static-symmetric.ts) takes at each size, 0 to
   * skip it; by default an effort in proportion to the answer table (`symmetricLookups`).
   */
  readonly symmetricSeconds?: number;
  /** A set to start from instead of the greedy one, if smaller; it must identify every secret. */
  readonly start?: readonly number[];
  /**
   * Sizes below this are taken as refuted without a search: the word of a checkpoint, which the
   * caller answers for (and says its result relied on).
   */
  readonly refutedBelow?: number;
  /** Told each smaller set found, once it is checked, in code order. */
  readonly onBest?: (guesses: readonly number[]) => void;
}

/** The default local search's moves at each size it tries. */
const LOCAL_SEARCH_MOVES = 400;

/**
 * The default local search's answer lookups at each size it tries, for a game of `codes`
 * codes: in proportion to the answer table, so that it costs a small game little beside its
 * exact search, up to about a second and a half on this project's machine (Bulls and Cows).
 */
function localSearchLookups(codes: number): number {
  return Math.min(2e8, 50 * codes * codes);
}

/**
 * The answer lookups the search of symmetric sets takes at each size, for a game of `codes`
 * codes: in proportion to the answer table, up to several seconds on this project's machine
 * (enough for Bulls and Cows's set of 8, which the local search takes minutes to find).
 */
function symmetricLookups(codes: number): number {
  return Math.min(1e9, 25 * codes * codes);
}

/**
 * Finds a smallest identifying set and proves it smallest: from the greedy set, the search of
 * sets a symmetry keeps and then local search for smaller ones, one guess fewer at a time,
 * while they find them; then the exact search
 * refutes each size from the capacity bound up to the best set's. With a deadline it may stop
 * early, returning the best set found and the sizes refuted so far.
 */
export async function solveStatic(
  game: Game,
  options: SolveStaticOptions = {},
): Promise<StaticResult> {
  const searchSize =
    options.searchSize ??
    ((size: number, onNodes: (nodes: number) => void) =>
      searchStaticSize(game, size, { deadline: options.deadline, onProgress: onNodes }));
  const improve =
    options.improve ??
    ((size: number, from: readonly number[]) =>
      localStaticSet(game, size, {
        from,
        moves: LOCAL_SEARCH_MOVES,
        lookups: localSearchLookups(game.size),
        deadline: options.deadline,
      }).guesses);
  const { symmetricSeconds } = options;
  let best = greedyStaticSet(game);
  if (options.start && options.start.length < best.length) {
    if (!identifies(game, options.start)) {
      throw new Error('the set to start from does not identify every secret');
    }
    best = [...options.start].sort((a, b) => a - b);
  }
  let lowerBound = Math.max(staticLowerBound(game), options.refutedBelow ?? 0);
  let nodes = 0;
  while (best.length > lowerBound && !pastDeadline(options.deadline)) {
    const size = best.length - 1;
    const known = { size, lowerBound, best: best.length, nodes };
    let found: number[] | undefined;
    if (symmetricSeconds !== 0) {
      options.onProgress?.({ ...known, phase: 'symmetric' });
      const effort =
        symmetricSeconds === undefined
          ? { lookups: symmetricLookups(game.size), deadline: options.deadline }
          : {
              deadline: Math.min(
                Date.now() + symmetricSeconds * 1000,
                options.deadline ?? Number.POSITIVE_INFINITY,
              ),
            };
      found = symmetricStaticSet(game, size, effort).guesses;
    }
    if (!found && !pastDeadline(options.deadline)) {
      options.onProgress?.({ ...known, phase: 'local' });
      found = await improve(size, best);
    }
    if (!found) break;
    if (found.length !== size || !identifies(game, found)) {
      throw new Error(`a search returned a set of ${size} that does not identify every secret`);
    }
    best = [...found].sort((a, b) => a - b);
    options.onBest?.(best);
  }
  for (let size = lowerBound; size < best.length && !pastDeadline(options.deadline); size++) {
    const known = { size, lowerBound, best: best.length, phase: 'exact' as const };
    options.onProgress?.({ ...known, nodes });
    const search = await searchSize(size, (sizeNodes) =>
      options.onProgress?.({ ...known, nodes: nodes + sizeNodes }),
    );
    nodes += search.nodes;
    if (search.guesses) {
      best = search.guesses;
      options.onBest?.(best);
      break;
    }
    if (!search.complete) break;
    lowerBound = size + 1;
  }
  lowerBound = Math.min(lowerBound, best.length);
  return { guesses: best, proved: lowerBound === best.length, lowerBound, nodes };
}
