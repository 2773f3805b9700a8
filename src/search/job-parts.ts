/**
 * What the two halves of a proof's jobs share (search/class-jobs.ts solves a class, as one job or
 * by evaluating its guesses; search/guess-jobs.ts evaluates a guess, by solving its classes): a
 * class to solve, the parts of the proof they use, and what a guess's evaluation asks of the
 * class jobs. Both import this module, so that guess-jobs.ts imports nothing of class-jobs.ts,
 * which calls it.
 */
import type { Game } from '../game.js';
import type { OptimalSearch } from './branch-and-bound.js';
import type { JobQueue, SearchSettings } from './jobs.js';
import type { Ledger } from './proof-ledger.js';
import type { Solved, Splitting } from './proof-types.js';

/** A class to solve. */
export interface ClassTask {
  /** Its secrets. */
  readonly members: Int32Array;
  /** The guesses that lead to it. */
  readonly history: readonly number[];
  /** The guesses left to solve it in. */
  readonly depth: number;
  /** Its name in the checkpoint and on the queue. */
  readonly key: string;
  /**
   * Where its jobs go in the queue's order: from `order` up to, not including, `order + span`
   * (its jobs, and those of the classes below it, share that range).
   */
  readonly order: number;
  readonly span: number;
  /**
   * The size its jobs are queued as, if not its own: the class a guess is evaluated at, for the
   * classes of that guess, so that a class's guesses are evaluated in their order.
   */
  readonly size?: number;
  /** Whether its secrets count in the proof's work (the first guess's classes, which hold all). */
  readonly work: boolean;
  /** What the best so far leaves it, read when a job starts; null once it is not needed. */
  readonly budget: () => number | null;
}

/** The jobs known and finished so far, and the secrets they hold. */
export interface JobCounts {
  jobsDone: number;
  jobsKnown: number;
  workDone: number;
  workKnown: number;
}

/** What the class jobs use of the proof they serve. */
export interface ProofParts {
  readonly game: Game;
  readonly settings: SearchSettings;
  readonly queue: JobQueue;
  readonly ledger: Ledger;
  readonly counts: JobCounts;
  /** Which classes are split into jobs. */
  readonly splitting: Splitting;
  /** Does `work` with the proof's planner, counted as its own. */
  plan<T>(work: (planner: OptimalSearch) => T): T;
  /**
   * A job or class is settled, holding `size` secrets of the proof's work (0 for one below the
   * first guess's classes): counted, and the proof's progress told.
   */
  settled(size: number): void;
}

/** What evaluating a guess asks of the class jobs (search/class-jobs.ts's `ClassJobs`). */
export interface ClassSolver {
  /** The total the checkpoint bounds `task`'s class by, if above `total`; else `total`. */
  recordedBound(task: ClassTask, total: number): number;
  /**
   * Solves `task`'s class within its budget; `done` hears the result, or null if it was no
   * longer needed. Returns, for a class solved one job per guess, its lower bound as it stands.
   */
  solve(task: ClassTask, done: (solved: Solved | null) => void): (() => number) | undefined;
}
