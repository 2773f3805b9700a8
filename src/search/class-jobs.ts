/**
 * A class solved as jobs (search/optimal.ts's decomposition): one job, or, if large
 * (`SPLITTING`), one job per guess at it: the best-ranked guess first, alone, to set a bound,
 * then the others, each within the best found so far for the class. A guess at a class larger
 * still is evaluated as a first guess is (search/guess-jobs.ts), its own classes each a job, so
 * that a run stopped in the middle keeps what they found. Every job reads its budget when it
 * starts, so jobs queued behind a success start with the tighter bound; the ledger answers what
 * the checkpoint already holds, when the class is met and again as its job starts.
 */
import type { Game } from '../game.js';
import { costTotal, toBeat } from './cost.js';
import { type GuessTask, evaluateGuess } from './guess-jobs.js';
import type { ClassSolver, ClassTask, ProofParts } from './job-parts.js';
import type { ProofJob } from './jobs.js';
import type { Solved, Splitting } from './proof-types.js';

/** A job's limit when it has none. */
const UNBOUNDED = Number.POSITIVE_INFINITY;

/**
 * By default, a class of an eighth of the codes or of 1,000 secrets is split per guess, and a
 * guess at a class of 1,500 secrets or more has its classes solved as jobs. 6 × 5's jobs of
 * that size took up to half an hour each on a core, and one of 1,944 secrets, just under an
 * eighth, was one job for hours. Games of up to 8,000 codes split as an eighth says.
 */
export const SPLITTING: Splitting = { share: 1 / 8, secrets: 1000, nested: 1500 };

/** Whether a class of `size` secrets of `game` is split one job per guess. */
export function splitsByGuess(game: Game, { share, secrets }: Splitting, size: number): boolean {
  return size >= Math.min(game.size * share, secrets);
}

/** Solves classes as jobs for one proof. */
export class ClassJobs implements ClassSolver {
  readonly #proof: ProofParts;

  constructor(proof: ProofParts) {
    this.#proof = proof;
  }

  /** Evaluates a guess at a class, its classes solved as jobs: see `evaluateGuess`. */
  evaluateGuess(
    task: GuessTask,
    done: (solved: Solved | null) => void,
  ): (() => number) | undefined {
    return evaluateGuess(this.#proof, this, task, done);
  }

  /**
   * The total the checkpoint bounds `task`'s class by, if above `total` (then a claim); else
   * `total`.
   */
  recordedBound(task: ClassTask, total: number): number {
    const recorded = this.#proof.ledger.bound(
      task.key,
      (cost) => costTotal(cost) > total,
      () => this.#job(task, task.key, UNBOUNDED),
    );
    return recorded === undefined ? total : costTotal(recorded);
  }

  /**
   * Solves `task`'s class within its budget, as one job or, if large, one job per guess at it;
   * `done` hears the result, or null if it was no longer needed. For a class solved one job per
   * guess, returns its lower bound as it stands (a total: the least over its guesses of what each
   * is known or bound to cost), which rises as its guesses are settled.
   */
  solve(task: ClassTask, done: (solved: Solved | null) => void): (() => number) | undefined {
    const { ledger, game } = this.#proof;
    const counted = (solved: Solved | null): void => {
      this.#proof.settled(task.work ? task.members.length : 0);
      done(solved);
    };
    const claimed = (): ProofJob => this.#job(task, task.key, UNBOUNDED);
    const recorded = ledger.recorded(task.key, task.budget, claimed);
    if (recorded !== undefined) {
      counted(recorded);
      return undefined;
    }
    if (splitsByGuess(game, this.#proof.splitting, task.members.length)) {
      return this.#solveByGuesses(task, counted);
    }
    this.#submit(
      task.size ?? task.members.length,
      task.order,
      task.key,
      task.budget,
      claimed,
      counted,
      (limit) => this.#job(task, task.key, limit),
    );
    return undefined;
  }

  /**
   * Queues job `key`. When it starts, `limit()` is read (null: no longer needed), and `make`
   * makes the job within it (null: settled without it); the checkpoint is asked again, since
   * what was answered since it was queued may have brought the limit down to a bound it holds.
   * `heard` hears the answer (recorded in the checkpoint), or null if nothing ran.
   */
  #submit(
    size: number,
    order: number,
    key: string,
    limit: () => number | null,
    claimed: () => ProofJob,
    heard: (solved: Solved | null) => void,
    make: (limit: number) => ProofJob | null,
  ): void {
    const { ledger, queue } = this.#proof;
    let recorded: Solved | null | undefined;
    queue.submit(
      size,
      order,
      () => {
        const now = limit();
        const job = now === null ? null : make(now);
        if (job === null) return null;
        recorded = ledger.recorded(key, () => now, claimed);
        return recorded === undefined ? job : null;
      },
      (answer) =>
        heard(recorded !== undefined ? recorded : answer && ledger.record(claimed, answer)),
    );
  }

  /**
   * A large class solved one job per guess: the best-ranked guess first, alone, then the others
   * at once, each within the least of the budget and the best found so far for the class. Of
   * guesses that cost the same, the best-ranked wins, as in a search of the class in one job:
   * a guess ranked before the best so far may equal it, so the strategy is the same whatever
   * order the jobs end in. Returns the class's lower bound as it stands (see `solve`).
   */
  #solveByGuesses(
    task: ClassTask,
    done: (solved: Solved | null) => void,
  ): (() => number) | undefined {
    const { ledger, queue, settings, counts, splitting } = this.#proof;
    const { members, history, depth, key, order, budget } = task;
    const budgetNow = budget();
    if (budgetNow === null) {
      done(null);
      return undefined;
    }
    // Guesses left out of the ranking cannot keep to the budget: their least bound counts.
    const { guesses, bounds, skipped } = this.#proof.plan((planner) =>
      planner.rankGuesses(members, history, depth, budgetNow),
    );
    counts.jobsKnown += guesses.length - 1;
    // Bounds an earlier run proved, where higher, count from the start: the class's bound
    // rises by them, and a guess whose bound reaches its limit is settled without a job.
    guesses.forEach((guess, i) => {
      const claimed = (): ProofJob => this.#job(task, `${key}/${guess}`, UNBOUNDED, guess);
      bounds[i] = ledger.bound(`${key}/${guess}`, (cost) => cost > bounds[i], claimed) ?? bounds[i];
    });
    let best = Number.POSITIVE_INFINITY;
    let bestIndex = guesses.length;
    let bestSolved: Solved | undefined;
    let proved = skipped;
    let needed = true;
    let open = guesses.length - 1;
    /** Which guesses are settled (counted in `best` or `proved`). */
    const settled = new Uint8Array(guesses.length);
    /** The bounds, as they stand, of the guesses evaluated class by class. */
    const rising = new Map<number, () => number>();
    const bound = (): number => {
      let least = Math.min(costTotal(best), costTotal(proved));
      for (let i = 0; i < guesses.length; i++) {
        if (!settled[i]) least = Math.min(least, rising.get(i)?.() ?? costTotal(bounds[i]));
      }
      return least;
    };
    const limit = (i: number): number | null => {
      const outer = budget();
      if (outer === null) needed = false;
      if (outer === null || (settings.firstFound && bestSolved)) return null;
      return Math.min(outer, toBeat(best, i, bestIndex));
    };
    const finish = (): void => {
      if (!needed) {
        done(null);
        return;
      }
      // The best is the class's least cost if no guess was refuted below it: a guess's limit can
      // fall below the best (the budget of the class does), or the budget can be withdrawn.
      // Settling for the first strategy, one found within the budget will do.
      const outer = budget();
      const exact =
        bestSolved !== undefined &&
        (settings.firstFound ? outer === null || best < outer : best <= proved);
      done(ledger.remember(key, exact ? bestSolved! : { cost: Math.min(proved, best) }));
    };
    const share = task.span / (guesses.length + 1);
    const evaluate = (i: number, then: () => void): void => {
      const guessKey = `${key}/${guesses[i]}`;
      const heard = (solved: Solved | null): void => {
        if (i > 0) counts.jobsDone++;
        // A guess no longer needed keeps its bound: it was not shown to cost more.
        if (solved) {
          settled[i] = 1;
          rising.delete(i);
        }
        if (solved?.first !== undefined && solved.cost < toBeat(best, i, bestIndex)) {
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
      if (members.length >= splitting.nested) {
        const now = limit(i);
        if (now !== null && bounds[i] >= now) proved = Math.min(proved, bounds[i]);
        if (now === null || bounds[i] >= now) {
          heard(null);
          return;
        }
        const guessTask = {
          members,
          history,
          guess: guesses[i],
          depth,
          key: guessKey,
          order: order + share * (i + 1),
          span: share,
          work: false,
          oneByOne: true,
          size: task.size ?? members.length,
          limit: () => limit(i),
        };
        const rises = this.evaluateGuess(guessTask, (solved) =>
          heard(solved && ledger.remember(guessKey, solved)),
        );
        if (rises && !settled[i]) rising.set(i, rises);
        return;
      }
      const make = (now: number): ProofJob | null => {
        if (bounds[i] < now) return this.#job(task, guessKey, now, guesses[i]);
        proved = Math.min(proved, bounds[i]);
        return null;
      };
      this.#submit(
        task.size ?? members.length,
        order + share * (i + 1),
        guessKey,
        () => limit(i),
        claimed,
        heard,
        make,
      );
    };
    if (guesses.length === 0) {
      finish();
      return undefined;
    }
    evaluate(0, () => {
      if (open === 0) {
        finish();
        return;
      }
      queue.batch(() => {
        for (let i = 1; i < guesses.length; i++) evaluate(i, () => --open === 0 && finish());
      });
    });
    return bound;
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
