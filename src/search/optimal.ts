/**
 * Optimal strategies for a whole game, proved: a proof split into jobs, run through an injected
 * runner, their answers merged into the one result.
 *
 * The decomposition. The first guesses (few after symmetry: 5 for Mastermind, 1 for Bulls and
 * Cows) are tried in order of their lower bounds, one after the other, until the next bound
 * reaches the best strategy found. A first guess's classes are independent subproblems: each
 * is one job, solved within the budget the best so far leaves it (that best total minus what
 * the other classes are known or bound to cost), so a guess is refuted as soon as one class
 * cannot fit. A class of at least an eighth of the codes (or of 1,000 secrets) is split again,
 * one job per guess at it: the best-ranked guess first, alone, to set a bound, then the others,
 * each within the best found so far for the class; and a guess at a class of 1,500 secrets or
 * more is split as a first guess is, into its classes (search/class-jobs.ts, `SPLITTING`).
 * Every job's budget is read when it starts, so jobs queued behind a success start with the
 * tighter bound.
 *
 * Where jobs run is the runner's business (search/jobs.ts): in this thread by default, on
 * worker threads in the CLI, on other machines through a queue. With a `Checkpoint`, every
 * finished job is recorded, and a job already recorded is answered from it instead of run, so
 * a proof run again with the same checkpoint goes on where it stopped.
 *
 * The search of one job is search/branch-and-bound.ts's. The proof's parts: its driver
 * (search/proof.ts), the class jobs (search/class-jobs.ts), its ledger of checkpoint and claims
 * (search/proof-ledger.ts) and its result (search/proof-result.ts); what it is asked and answers
 * is search/proof-types.ts.
 */
import { CodebreakerError } from '../errors.js';
import type { Game } from '../game.js';
import { checkSearchable } from './branch-and-bound.js';
import type { OptimalOptions, OptimalResult, ProofOptions, ProvedResult } from './proof-types.js';
import { Proof } from './proof.js';

export type {
  OptimalOptions,
  OptimalResult,
  ProofProgress,
  ProvedResult,
} from './proof-types.js';

/**
 * Finds an optimal strategy for the whole game and proves it. `expected` minimises the total
 * (ties: the smaller worst case) within `maxDepth`; `worst` finds the least depth any strategy
 * can keep to (at most `maxDepth`), then the least total at that depth; `crush` finds that depth
 * too, then the fewest secrets that need all of it, then the least total (the cost and bounds are
 * then weighted totals); `depth` finds that depth alone, every node settling for the first
 * strategy that keeps to it: far faster where the least total at it is out of reach.
 *
 * @remarks
 * A proof may take from a fraction of a second (classic Mastermind) to hours. `onProgress`
 * hears where it stands at least at every job's end; returning true stops it, and the result
 * is then the best strategy found so far, `proved` false: that is how a time limit is set.
 * The exact search takes games of at most 32,768 codes (Super Mastermind): a larger game
 * rejects with a `CodebreakerError` of kind `too-large`.
 */
export async function findOptimal(
  game: Game,
  options: OptimalOptions = {},
): Promise<OptimalResult> {
  const { relied, ...result } = await proveOptimal(game, options);
  return result;
}

/**
 * `findOptimal` with the command line's options too: a runner of its own, a checkpoint, and
 * the answers taken from them counted and, as asked, checked again.
 */
export async function proveOptimal(game: Game, options: ProofOptions = {}): Promise<ProvedResult> {
  checkSearchable(game);
  const { below, objective = 'expected' } = options;
  if (
    below !== undefined &&
    (objective !== 'expected' || !Number.isSafeInteger(below) || below < 1)
  ) {
    throw new CodebreakerError(
      'bad-option',
      objective !== 'expected'
        ? `a total to search below is for the least total (objective expected), not ${objective}`
        : `a total to search below is a whole number of guesses, at least 1, not ${below}`,
    );
  }
  const { raise } = options;
  if (raise !== undefined && (below === undefined || !Number.isSafeInteger(raise) || raise < 1)) {
    throw new CodebreakerError(
      'bad-option',
      below === undefined
        ? 'a step to raise by raises the total to search below: give that total too'
        : `a step to raise by is a whole number of guesses, at least 1, not ${raise}`,
    );
  }
  return new Proof(game, options).run();
}
