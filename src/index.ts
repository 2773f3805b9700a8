/** codebreaker: rules, scoring, strategies and analysis for games of the Mastermind family. */
export * from './analyze.js';
export * from './candidates.js';
export * from './code.js';
export * from './errors.js';
export * from './feedback.js';
export * from './game.js';
export * from './rules.js';
export * from './search/static.js';
export {
  findOptimal,
  type OptimalOptions,
  type OptimalResult,
  type ProofProgress,
} from './search/optimal.js';
export {
  JobSolver,
  ProofStopped,
  inProcessRunner,
  type JobAnswer,
  type JobRunner,
  type ProofJob,
  type SearchSettings,
  type SolverOptions,
} from './search/jobs.js';
export { Checkpoint, type JobRecord, type ProofIdentity } from './search/checkpoint.js';
export {
  OBJECTIVES,
  UNLIMITED,
  costMax,
  costTotal,
  packCost,
  type Objective,
} from './search/cost.js';
export {
  OptimalSearch,
  SEARCH_MAX_CODES,
  SearchStopped,
  type Outcome,
  type SearchOptions,
  type SearchProgress,
} from './search/branch-and-bound.js';
export * from './session.js';
export * from './solve.js';
export * from './strategies/index.js';
export type * from './strategy.js';
export * from './tree.js';
export * from './fraction.js';
export * as puzzles from './puzzles/index.js';
