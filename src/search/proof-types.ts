/**
 * What a proof is asked and what it answers: `findOptimal`'s options and result, the command
 * line's further options (among them which classes are split into jobs), where a running proof
 * stands, what its result relied on, and a solved class as the proof's parts pass it between
 * them. The modules of the proof import these, and this module imports none of them.
 */
import type { Strategy } from '../strategy.js';
import type { Tree } from '../tree.js';
import type { Checkpoint } from './checkpoint.js';
import type { Objective } from './cost.js';
import type { JobRunner } from './jobs.js';

/** What `findOptimal` is asked for, and how it runs. */
export interface OptimalOptions {
  /**
   * `expected` (the default): the least total; `worst`: the least worst case, then the total;
   * `crush`: the least worst case, then the fewest secrets that need it, then the total;
   * `depth`: the least worst case alone (a strategy that keeps to it, its total not minimised).
   */
  objective?: Objective;
  /** Only strategies that never need more than this many guesses. */
  maxDepth?: number;
  /**
   * Only strategies whose total is below this (`expected` only): the search prunes as if it
   * already had one of this total. One found below it is optimised and proved as usual; with
   * none, the search still runs to its end, and then proves that the least total is at least
   * this (`exhaustive`, `lowerBound`). For games whose optimum is out of reach, to raise the
   * lower bound a step at a time.
   */
  below?: number;
  /**
   * With `below`: when the search finds no strategy below it, it looks again below the bound it
   * proved plus this many guesses, and so on, until it finds one (and then proves the optimum)
   * or is stopped. Each search starts from the bounds the ones before proved, in this process,
   * so a bound far above what one search could reach is proved with nothing read back.
   */
  raise?: number;
  /** Guess only codes still consistent with every answer. */
  consistentOnly?: boolean;
  /** Try one guess per symmetry class (default true; off only to check it). */
  symmetry?: boolean;
  /**
   * Bound classes by one level of lookahead (default true, but false for the `depth` objective;
   * otherwise only to measure it).
   */
  lookahead?: boolean;
  /**
   * Rank guesses with the WebAssembly SIMD kernel where it runs (default true; off only to
   * measure it: the TypeScript kernel finds the same).
   */
  simd?: boolean;
  /** About how much memory the default runner's cache may take, in bytes. */
  cacheBytes?: number;
  /** Nodes between the default runner's progress reports (default 2048). */
  progressEvery?: number;
  /** Hears where the proof stands, at least at every job's end; return true to stop it. */
  onProgress?: (progress: ProofProgress) => boolean | undefined;
}

/**
 * `findOptimal`'s options and the command line's own (`proveOptimal`): not part of the public
 * API, and their types not exported from it.
 */
export interface ProofOptions extends OptimalOptions {
  /**
   * Runs the jobs. By default they run one at a time in this thread, with the search that plans
   * the proof (one cache for both); the command line's worker threads and queue are runners.
   */
  runner?: JobRunner;
  /**
   * Finished jobs are recorded here, and jobs it already holds are not run again (the command
   * line's `--checkpoint`).
   */
  checkpoint?: Checkpoint;
  /** Which classes are split into jobs (search/class-jobs.ts; tests split small games too). */
  splitting?: Splitting;
  /**
   * The share (0 to 1) of the answers taken from outside this process (the checkpoint, a runner
   * whose answers are `external`) to solve again here once the proof has finished (default 0;
   * a proof stopped before its end checks none).
   */
  recheck?: number;
  /**
   * The recheck goes on where an earlier one stopped: an answer the checkpoint says a recheck
   * found true, as it is claimed now, is not solved again (counted as `recheckedEarlier`). Either
   * way the checkpoint is told every answer this recheck finds true.
   */
  recheckResume?: boolean;
  /** Runs those jobs again (default: one at a time in this thread). */
  recheckRunner?: () => JobRunner;
}

/** A proof's result with what it relied on (`proveOptimal`). */
export interface ProvedResult extends OptimalResult {
  /** The answers it took from outside this process, and what solving them again found. */
  readonly relied: Reliance;
}

/** Where a running proof stands. */
export interface ProofProgress {
  /** Nodes searched so far, on every job. */
  readonly nodes: number;
  /** Classes ranked for their lookahead bound alone, so far. */
  readonly lookaheads: number;
  /** The least total of a complete strategy found so far (∞ before the first). */
  readonly best: number;
  /** A proved lower bound on the optimal total (within the depth being searched). */
  readonly lowerBound: number;
  /** Jobs finished (answered from the checkpoint included) and jobs known so far. */
  readonly jobsDone: number;
  /** See `jobsDone`. */
  readonly jobsKnown: number;
  /** The secrets of the jobs finished and known: a rough measure of the work done. */
  readonly workDone: number;
  /** See `workDone`. */
  readonly workKnown: number;
  /** The depth budget being searched. */
  readonly depth: number;
  /**
   * Once the proof is done, while `recheck` solves again the answers it took from outside: how
   * many of those picked are solved (`nodes` then counts theirs on top of the proof's), and how
   * many pieces of those it solves as several jobs it found true so far.
   */
  readonly rechecking?: {
    readonly solved: number;
    readonly picked: number;
    readonly pieces: number;
  };
}

/** An optimal strategy, or the best found before the proof was stopped. */
export interface OptimalResult {
  /** The strategy found, as a tree; undefined if the proof stopped before finding any. */
  readonly tree: Tree | undefined;
  /** The same strategy, to play. */
  readonly strategy: Strategy | undefined;
  /**
   * Its cost, packed into one number, when there is a strategy: read it with `costTotal` and
   * `costMax`. With the `crush` objective the total is weighted; `analyzeTree(tree)` gives the
   * plain statistics.
   */
  readonly cost: number;
  /** The proof finished: no strategy is better. */
  readonly proved: boolean;
  /**
   * The search ran to its end, not stopped: with `proved`, or under `below` with no strategy
   * below it, when `lowerBound` (at least `below`) is proved and the strategy is the fallback.
   * Under `raise`, stopped with no strategy found: the searches before the one stopped ran to
   * their end (the same holds, for the `below` they looked below).
   */
  readonly exhaustive: boolean;
  /**
   * Under `below`: the total below which the search looked last; but stopped under `raise`
   * with no strategy found, after some searches ran to their end (`exhaustive`), the last total
   * they found nothing below.
   */
  readonly below?: number;
  /**
   * A proved lower bound on the optimal total; for the `depth` objective, on the least worst
   * case (guesses).
   */
  readonly lowerBound: number;
  /** The depth budget searched last (`worst`: the least possible worst case, once proved). */
  readonly depth: number;
  /** Nodes searched, on every job. */
  readonly nodes: number;
  /** Classes ranked for their lookahead bound alone. */
  readonly lookaheads: number;
  /** No strategy obeys the depth cap at all. */
  readonly impossible: boolean;
  /** Jobs answered from the checkpoint instead of run. */
  readonly resumed: number;
}

/**
 * A class solved (its cost, its first guess, and its tree, packed: see `packTree`), or a lower
 * bound at or above its budget (no first guess). Trees stay packed until the proof ends: a
 * proof keeps the trees of every class it solves, and objects for their nodes kept the garbage
 * collector busy. Run in-process without a checkpoint, a job leaves its tree out, and the search
 * that solved it packs it only if its first guess turns out the best.
 */
export interface Solved {
  readonly cost: number;
  readonly first?: number;
  readonly tree?: readonly number[];
}

/** What a proof relied on, and what checking it found. */
export interface Reliance {
  /** Answers taken from a checkpoint: lower bounds, and exact costs (with their strategies). */
  readonly checkpoint: { readonly bounds: number; readonly exact: number };
  /** Answers taken from workers outside this process. */
  readonly workers: { readonly bounds: number; readonly exact: number };
  /** How many of them were solved again here, and agreed. */
  readonly rechecked: number;
  /**
   * How many `--recheck` did not solve again because an earlier run had, and found them true,
   * as the checkpoint says (read back, so taken as written).
   */
  readonly recheckedEarlier: number;
  /** How many `--recheck` picked but did not solve again: it was asked to stop first. */
  readonly unchecked: number;
  /**
   * How many pieces of the claims solved again as several jobs (search/recheck-split.ts) this
   * run found true: kept in the checkpoint, they carry a stopped recheck on.
   */
  readonly pieces: number;
  /** The keys of the jobs whose claims solving them again here showed false. */
  readonly refuted: readonly string[];
}

/** Which classes are split into jobs, and how far. */
export interface Splitting {
  /** Classes of at least this share of all codes, or of `secrets`, are split one job per guess. */
  readonly share: number;
  readonly secrets: number;
  /** A guess at a class of at least this many secrets has its classes solved as jobs. */
  readonly nested: number;
}
