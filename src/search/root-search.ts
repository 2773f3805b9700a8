/**
 * The search of a proof's first guesses (search/proof.ts) within one depth budget: it ranks
 * them, plans the best-ranked to raise the lower bound before any job runs, then evaluates them
 * in the ranking's order, each guess's classes handed to the class jobs, keeping the best and
 * the others' bounds in `RootBounds`. The proof around it decides which depths and totals to
 * search, and makes the result.
 */
import { allCandidates } from '../candidates.js';
import type { Game } from '../game.js';
import type { BelowSteps } from './below-steps.js';
import type { OptimalSearch } from './branch-and-bound.js';
import type { ClassJobs } from './class-jobs.js';
import { costTotal, packCost } from './cost.js';
import type { JobQueue, SearchSettings } from './jobs.js';
import type { Solved } from './proof-types.js';
import type { RootBounds } from './root-bounds.js';

/** What the first guesses' search works with: the proof's own parts. */
export interface RootSearchParts {
  readonly game: Game;
  readonly settings: SearchSettings;
  readonly roots: RootBounds;
  readonly steps: BelowSteps;
  readonly queue: JobQueue;
  readonly classes: ClassJobs;
  /** Does `work` with the proof's planner (counted, a stop heard: `Proof`). */
  readonly plan: <T>(work: (planner: OptimalSearch) => T) => T;
  /** Lets the event loop run and stops the proof if it is asked to. */
  readonly pause: () => Promise<void>;
}

/** The first guesses' search: see the module comment. */
export class RootSearch {
  readonly #parts: RootSearchParts;

  constructor(parts: RootSearchParts) {
    this.#parts = parts;
  }

  /**
   * The best strategy's root within `depth`, or undefined if none keeps to it. The lower bound
   * grows by levels before any job runs: the counting bound of the whole game (bounds.ts), then
   * the least over the first guesses of the size bounds of the classes each makes (the
   * ranking), then, planning guesses in the ranking's order until the next one's ranking bound
   * reaches the least plan bound so far, the least over the first guesses of their plans'
   * bounds, each class bounded by a lookahead: a bound two levels deep, which a proof that
   * runs for ages (Super Mastermind) reports from its first minutes. The guesses are then
   * evaluated in the order of the ranking: one at a time until one sets a best to beat, then, on
   * several threads, the rest at once.
   */
  async solve(depth: number): Promise<readonly number[] | undefined> {
    const { game, settings, roots, steps, queue, plan, pause } = this.#parts;
    const all = allCandidates(game);
    // What an earlier search under `raise` proved holds whatever this one finds.
    const counting = plan((planner) => planner.bounds.total[all.length]);
    roots.restart(Math.max(counting, steps.proven ? costTotal(steps.proven.bound) : 0));
    await pause();
    const { guesses, bounds, skipped } = plan((planner) => planner.rankGuesses(all, [], depth));
    // The guesses the ranking left out cannot keep to the depth: their least bound counts.
    roots.refute(skipped);
    const planned = bounds.slice();
    /** The least planned bound of the guesses from `i` on (ranking bounds until planned). */
    const boundFrom = (i: number): number => {
      let least = Number.POSITIVE_INFINITY;
      for (let j = i; j < planned.length; j++) least = Math.min(least, planned[j]);
      return least;
    };
    // Settling for the first strategy, the bounds of totals order nothing: no planning ahead.
    let leastPlanned = settings.firstFound ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    for (let i = 0; i < guesses.length && bounds[i] < leastPlanned; i++) {
      roots.untried(boundFrom(0));
      await pause();
      const made = plan((planner) =>
        planner.planGuess(all, [], guesses[i], depth, Number.POSITIVE_INFINITY),
      );
      const bound =
        typeof made === 'number'
          ? made
          : packCost(made.total + made.open.reduce((sum, open) => sum + open.lower, 0), 0);
      planned[i] = Math.max(planned[i], bound);
      leastPlanned = Math.min(leastPlanned, planned[i]);
    }
    // Once there is a best to beat, the first guesses left are evaluated at once on a runner of
    // several threads, their jobs sharing them, smallest first, so that every guess's bound rises
    // together and soon.
    // Before it, and settling for the first strategy, one at a time: the first strategy found
    // sets every budget.
    const together = queue.runner.concurrency > 1 && !settings.firstFound;
    if (steps.below !== undefined) roots.lookBelow(steps.below);
    const started: Promise<void>[] = [];
    for (let i = 0; i < guesses.length; i++) {
      if (bounds[i] >= roots.best) {
        roots.refute(boundFrom(i));
        break;
      }
      roots.untried(boundFrom(i + 1));
      if (planned[i] >= roots.best) {
        roots.refute(planned[i]);
        continue;
      }
      // Its bound counts from now: it is no longer among the untried.
      roots.open(i, () => costTotal(planned[i]));
      await pause();
      const evaluated = this.#evaluate(all, i, guesses[i], depth);
      if (together && roots.best !== Number.POSITIVE_INFINITY) {
        queue.smallestFirst();
        started.push(evaluated);
        // Awaited all at once below; if this loop is stopped first, their end (the queue stopped
        // under them) is nobody's: handled here, so that it is not an unhandled rejection.
        evaluated.catch(() => {});
        continue;
      }
      await evaluated;
      if (settings.firstFound && roots.bestTree) break;
    }
    await Promise.all(started);
    roots.untried(Number.POSITIVE_INFINITY);
    return roots.bestTree;
  }

  /**
   * Evaluates first guess `guess`, the `index`th of the ranking, solving its classes as jobs
   * (search/guess-jobs.ts), each within what the best so far leaves it when it starts; keeps it
   * as the best if it beats it (or equals it, ranked before it). While it runs, its bound counts
   * in the proof's lower bound (open in `RootBounds`: its planned bound until its classes are
   * known).
   */
  async #evaluate(all: Int32Array, index: number, guess: number, depth: number): Promise<void> {
    const { roots, queue, classes } = this.#parts;
    const limit = (): number => roots.toBeat(index);
    const task = {
      members: all,
      history: [],
      guess,
      depth,
      key: `${depth}/${guess}`,
      order: index,
      span: 1,
      work: true,
      oneByOne: false,
      limit,
    };
    const evaluated = await Promise.race([
      new Promise<Solved>((resolve) => {
        // The limit is never withdrawn: there is always an answer.
        const bound = classes.evaluateGuess(task, (solved) => resolve(solved!));
        if (bound) roots.open(index, bound);
      }),
      queue.failed,
    ]);
    if (evaluated.tree && evaluated.cost < limit()) {
      roots.take(evaluated.cost, index, evaluated.tree);
    } else {
      roots.refute(evaluated.cost);
    }
    // Settled: its cost is the best, or at least the best. A proof stopped before keeps its bound.
    roots.close(index);
  }
}
