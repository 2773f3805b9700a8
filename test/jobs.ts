/** Proof jobs for the tests that run them outside a proof (a worker, a pool of threads). */
import { allCandidates } from '../src/candidates.js';
import type { Game } from '../src/game.js';
import {
  type JobAnswer,
  type JobRunner,
  type ProofJob,
  type SearchSettings,
  inProcessRunner,
} from '../src/search/jobs.js';
import { proveOptimal } from '../src/search/optimal.js';
import type { ProvedResult } from '../src/search/proof-types.js';

/** The search settings of a least-total proof, as `optimal` searches by default. */
export const SEARCH_SETTINGS: SearchSettings = {
  consistentOnly: false,
  symmetry: true,
  lookahead: true,
  simd: true,
  crush: false,
  firstFound: false,
};

/** The job of solving `game` whole, least total, as `optimal` would search it. */
export function wholeGameJob(game: Game): ProofJob {
  return {
    key: '255/0:0',
    rules: game.rules,
    settings: SEARCH_SETTINGS,
    history: [],
    candidates: allCandidates(game),
    depth: 255,
  };
}

/** The checkpoint identity of `game`'s least-total proof, without a depth cap. */
export const leastTotalOf = (game: Game) => ({
  rules: game.rules,
  objective: 'expected' as const,
  maxDepth: null,
  consistentOnly: false,
});

/** Two jobs at a time in this thread, each answered a turn of the event loop later. */
export function runnerOfTwo(): JobRunner {
  const inner = inProcessRunner();
  return {
    ...inner,
    concurrency: 2,
    run: (job: ProofJob, report: (nodes: number) => boolean) =>
      new Promise<JobAnswer>((resolve, reject) =>
        setImmediate(() => inner.run(job, report).then(resolve, reject)),
      ),
  };
}

/**
 * A proof of `game` under `below` and `raise`, stopped at its 10th report, then its 20th, and so
 * on, each result in turn, until one runs to its end: the results of stops at every stage.
 */
export async function* raisedAndStopped(
  game: Game,
  below: number,
  raise: number,
): AsyncGenerator<ProvedResult> {
  for (let stopAt = 10; ; stopAt += 10) {
    let reports = 0;
    const result = await proveOptimal(game, {
      below,
      raise,
      onProgress: () => ++reports >= stopAt,
    });
    yield result;
    if (result.proved) return;
  }
}
