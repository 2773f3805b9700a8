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
