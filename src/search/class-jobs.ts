/**
 * The classes of a first guess solved as jobs (search/optimal.ts's decomposition). A class is
 * one job, or, if it holds at least an eighth of the codes, one job per guess at it: the
 * best-ranked guess first, alone, to set a bound, then the others, each within the best found so
 * far for the class. Every job reads its budget when it starts, so jobs queued behind a success
 * start with the tighter bound; the ledger answers what the checkpoint already holds.
 */
import type { Game } from '../game.js';
import type { OptimalSearch } from './branch-and-bound.js';
import type { JobQueue, ProofJob, SearchSettings } from './jobs.js';
import type { Ledger } from './proof-ledger.js';
import type { Solved } from './proof-types.js';

/** A job's limit when it has none. */
const UNBOUNDED = Number.POSITIVE_INFINITY;
/** Classes at least this share of all codes are split into one job per guess. */
const SPLIT_SHARE = 1 / 8;

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
  /** Where its jobs go in the queue's order. */
  readonly order: number;
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
  /** Does `work` with the proof's planner, counted as its own. */
  plan<T>(work: (planner: OptimalSearch) => T): T;
  /** A class of `size` secrets is settled: counted, and the proof's progress told. */
  settled(size: number): void;
}

/** Solves classes as jobs for one proof. */
export class ClassJobs {
  readonly #proof: ProofParts;

  constructor(proof: ProofParts) {
    this.#proof = proof;
  }

  /**
   * Solves `task`'s class within its budget, as one job or, if large, one job per guess at it;
   * `done` hears the result, or null if it was no longer needed.
   */
  solve(task: ClassTask, done: (solved: Solved | null) => void): void {
    const { ledger, queue, game } = this.#proof;
    const counted = (solved: Solved | null): void => {
      this.#proof.settled(task.members.length);
      done(solved);
    };
    const claimed = (): ProofJob => this.#job(task, task.key, UNBOUNDED);
    const recorded = ledger.recorded(task.key, task.budget, claimed);
    if (recorded !== undefined) {
      counted(recorded);
      return;
    }
    if (task.members.length >= game.size * SPLIT_SHARE) {
      this.#solveByGuesses(task, counted);
      return;
    }
    queue.submit(
      task.members.length,
      task.order << 16,
      () => {
        const limit = task.budget();
        return limit === null ? null : this.#job(task, task.key, limit);
      },
      (answer) => counted(answer && ledger.record(claimed, answer)),
    );
  }

  /**
   * A large class solved one job per guess: the best-ranked guess first, alone, then the others
   * at once, each within the least of the budget and the best found so far for the class. Of
   * guesses that cost the same, the best-ranked wins, as in a search of the class in one job:
   * a guess ranked before the best so far may equal it, so the strategy is the same whatever
   * order the jobs end in.
   */
  #solveByGuesses(task: ClassTask, done: (solved: Solved | null) => void): void {
    const { ledger, queue, settings, counts } = this.#proof;
    const { members, history, depth, key, order, budget } = task;
    const budgetNow = budget();
    if (budgetNow === null) {
      done(null);
      return;
    }
    // Guesses left out of the ranking cannot keep to the budget: their least bound counts.
    const { guesses, bounds, skipped } = this.#proof.plan((planner) =>
      planner.rankGuesses(members, history, depth, budgetNow),
    );
    counts.jobsKnown += guesses.length - 1;
    let best = Number.POSITIVE_INFINITY;
    let bestIndex = guesses.length;
    let bestSolved: Solved | undefined;
    let proved = skipped;
    let needed = true;
    let open = guesses.length - 1;
    // Packed costs are whole numbers: best + 1 lets a guess ranked before the best equal it.
    const limit = (i: number): number | null => {
      const outer = budget();
      if (outer === null) needed = false;
      if (outer === null || (settings.firstFound && bestSolved)) return null;
      return Math.min(outer, i < bestIndex ? best + 1 : best);
    };
    const finish = (): void => {
      if (!needed) {
        done(null);
        return;
      }
      const outer = budget();
      const exact = bestSolved !== undefined && (outer === null || best < outer);
      done(ledger.remember(key, exact ? bestSolved! : { cost: Math.min(proved, best) }));
    };
    const evaluate = (i: number, then: () => void): void => {
      const guessKey = `${key}/${guesses[i]}`;
      const heard = (solved: Solved | null): void => {
        if (i > 0) counts.jobsDone++;
        if (
          solved?.first !== undefined &&
          (solved.cost < best || (solved.cost === best && i < bestIndex))
        ) {
          best = solved.cost;
          bestIndex = i;
          bestSolved = solved;
        } else if (solved) {
          proved = Math.min(proved, solved.cost);
        }
        then();
      };
      const claimed = (): ProofJob => this.#job(task, guessKey, UNBOUNDED, guesses[i]);
      const recorded = ledger.recorded(guessKey, () => limit(i), claimed);
      if (recorded !== undefined) {
        heard(recorded);
        return;
      }
      queue.submit(
        members.length,
        (order << 16) + i + 1,
        () => {
          const now = limit(i);
          if (now === null) return null;
          if (bounds[i] >= now) {
            proved = Math.min(proved, bounds[i]);
            return null;
          }
          return this.#job(task, guessKey, now, guesses[i]);
        },
        (answer) => heard(answer && ledger.record(claimed, answer)),
      );
    };
    if (guesses.length === 0) {
      finish();
      return;
    }
    evaluate(0, () => {
      if (open === 0) {
        finish();
        return;
      }
      for (let i = 1; i < guesses.length; i++) evaluate(i, () => --open === 0 && finish());
    });
  }

  /** The job `key` that solves the task's class (or evaluates `guess` at it) within `limit`. */
  #job(task: ClassTask, key: string, limit: number, guess?: number): ProofJob {
    return {
      key,
      rules: this.#proof.game.rules,
      settings: this.#proof.settings,
      history: task.history,
      candidates: task.members,
      depth: task.depth,
      guess,
      limit: limit === Number.POSITIVE_INFINITY ? undefined : limit,
    };
  }
}
