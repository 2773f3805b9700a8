/**
 * A claim solved again as the proof solved it. A class the proof split into jobs, one per guess
 * (search/class-jobs.ts), or a guess whose classes it solved as jobs (search/guess-jobs.ts), is
 * solved again the same way, within the claimed cost, each piece a job on the recheck's runner.
 * Solved as one job instead, such a claim is one search of hours on one thread, all of it lost if
 * the run is stopped; split, its pieces run on every thread, and each piece's answer is kept in
 * the checkpoint as a recheck of its own, so that a recheck stopped goes on from the pieces done.
 *
 * What the pieces rest on: nothing the proof read back. They read only the rechecks the
 * checkpoint holds, each a lower bound that solving it again showed (an earlier run's taken on
 * the file's word, as `--recheck-resume` says), and each piece's answer is kept as such a bound:
 * an exact cost is the least cost, which says that nothing costs less.
 */
import type { Game } from '../game.js';
import type { OptimalSearch } from './branch-and-bound.js';
import type { ClaimSplitter, RecheckRecord } from './claims.js';
import { ClassJobs, splitsByGuess } from './class-jobs.js';
import { type JobQueue, type ProofJob, ProofStopped, type SearchSettings } from './jobs.js';
import { type AnswerStore, Ledger } from './proof-ledger.js';
import type { Solved, Splitting } from './proof-types.js';

/** The rechecks in `record` as a ledger's answers: each a lower bound. */
function rechecksAsAnswers(record: RecheckRecord): AnswerStore {
  return {
    get: (key) => {
      const cost = record.recheckedBound(key);
      return cost === undefined ? undefined : { cost };
    },
    put: (key, { cost }) => record.markRechecked(key, cost),
  };
}

/** Solves claims again as the proof of `game` with `settings` and `splitting` solved them. */
export class SplitRecheck implements ClaimSplitter {
  constructor(
    readonly game: Game,
    readonly settings: SearchSettings,
    readonly splitting: Splitting,
    /** Does work with the proof's planner (it ranks a class's guesses and plans a guess). */
    readonly plan: <T>(work: (planner: OptimalSearch) => T) => T,
  ) {}

  /** Whether the proof solved `job` as several jobs, so that it is solved again so. */
  splits(job: ProofJob): boolean {
    const n = job.candidates.length;
    return job.guess === undefined
      ? splitsByGuess(this.game, this.splitting, n)
      : n >= this.splitting.nested;
  }

  /**
   * Solves `job` again within packed `cost`, its pieces queued on `queue` and their answers kept
   * in `record`: resolves to what it found (a strategy only if one costs less than `cost`), or
   * rejects with the queue's failure (`ProofStopped` when it is stopped).
   */
  solve(job: ProofJob, cost: number, queue: JobQueue, record: RecheckRecord): Promise<Solved> {
    const { game, settings, splitting } = this;
    const classes = new ClassJobs({
      game,
      settings,
      queue,
      ledger: new Ledger(rechecksAsAnswers(record), false),
      counts: { jobsDone: 0, jobsKnown: 0, workDone: 0, workKnown: 0 },
      splitting,
      plan: (work) => this.plan(work),
      settled: () => {},
    });
    const task = {
      members: job.candidates,
      history: job.history,
      depth: job.depth,
      key: job.key,
      order: 0,
      span: 1,
      work: false,
    };
    const solved = new Promise<Solved | null>((resolve) => {
      if (job.guess === undefined) classes.solve({ ...task, budget: () => cost }, resolve);
      else {
        const guess = { ...task, guess: job.guess, oneByOne: true, limit: () => cost };
        classes.evaluateGuess(guess, resolve);
      }
    });
    // The budget is never withdrawn, so nothing ends unanswered but by a stop.
    return Promise.race([solved, queue.failed]).then((answer) => {
      if (!answer) throw new ProofStopped();
      return answer;
    });
  }
}
