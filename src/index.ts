/**
 * Rules, scoring, strategies and exact analysis for games of the Mastermind family: classic
 * Mastermind, Bulls and Cows, Hit & Blow, Numer0n, Super Mastermind, black-peg games, and any
 * other number of pegs and colours.
 *
 * @remarks
 * Every name here is the public API, recorded in `etc/codebreaker.api.md` and covered by
 * semantic versioning. A code is a number (its index in code order) and an answer is a small
 * number (its answer index); text exists only at the edges, through `game.codes.parse` and
 * `game.codes.make`, {@link parseFeedback} and {@link makeFeedback}. Bad input throws a
 * {@link CodebreakerError} whose `kind` says what was wrong.
 *
 * @packageDocumentation
 */
export {
  type Analysis,
  type AnalyzeOptions,
  analyze,
} from './analyze.js';
export {
  type Partition,
  allCandidates,
  classOf,
  filterCandidates,
  partition,
} from './candidates.js';
export { Codebook } from './code.js';
export { reducedFraction } from './fraction.js';
export { CodebreakerError, ERROR_KINDS, type ErrorKind } from './errors.js';
export { type Feedback, canOccur, makeFeedback, parseFeedback } from './feedback.js';
export { Game, type GameOptions, TABLE_MAX_CODES, type TableOptions, gameFor } from './game.js';
export { type Grade, type GradeOptions, gradeByStrategy, gradeGuess } from './grade.js';
export {
  ITEM_NAMES,
  type ItemAnswer,
  type ItemName,
  type ItemQuestion,
  answerItem,
  filterByItem,
  fitsItem,
  isHigh,
} from './items.js';
export {
  PROVED_PRESETS,
  type ProvedPreset,
  optimalStrategy,
  provedFigures,
  provedPresetOf,
  provedTree,
} from './proved-trees.js';
export {
  DEFAULT_PRESET,
  DEFAULT_SYMBOLS,
  FEEDBACK_KINDS,
  type FeedbackKind,
  MAX_CODES,
  MAX_COLORS,
  MAX_PEGS,
  MIN_COLORS,
  MIN_PEGS,
  PRESETS,
  PRESET_ALIASES,
  PRESET_NAMES,
  type Preset,
  type PresetName,
  type Rules,
  type RulesOptions,
  checkRules,
  countCodes,
  describeRules,
  feedbackByName,
  feedbackOf,
  presetByName,
  presetOf,
  resolveRules,
  rulesJson,
  sameRules,
} from './rules.js';
export {
  type SolveStaticOptions,
  type StaticProgress,
  type StaticResult,
  identifies,
  solveStatic,
} from './search/static.js';
export {
  type LocalSearchOptions,
  type LocalSearchResult,
  localStaticSet,
} from './search/static-local.js';
export {
  type SymmetricSearchOptions,
  type SymmetricSearchResult,
  symmetricStaticSet,
} from './search/static-symmetric.js';
export type { Symmetry } from './stabilizer.js';
export {
  type ColourSetsOptions,
  type ColourSetsProgress,
  type ColourSetsResult,
  colourSetsUnfit,
  searchByColourSets,
} from './search/static-colours.js';
export {
  type SizeSearchResult,
  type StaticJobsLeftOut,
  type StaticSearchOptions,
  searchStaticSize,
} from './search/static-size.js';
export {
  type StaticEstimate,
  type StaticEstimateOptions,
  estimateStaticSize,
} from './search/static-estimate.js';
export { staticPrefixes } from './search/static-jobs.js';
export {
  findOptimal,
  type OptimalOptions,
  type OptimalResult,
  type ProofProgress,
} from './search/optimal.js';
export { OBJECTIVES, type Objective, costMax, costTotal } from './search/cost.js';
export {
  CodebreakerSession,
  CodemakerSession,
  type Conflict,
  ContradictionError,
  type Hint,
  type PlayedTurn,
  ROLES,
  type Role,
  Session,
  describeConflict,
  findConflict,
  secretFromSeed,
} from './session.js';
export { solve } from './solve.js';
export {
  STRATEGY_NAMES,
  type StrategyName,
  type StrategyOptions,
  createStrategy,
  strategyByName,
} from './strategies/index.js';
export { HEURISTIC_NAMES, type HeuristicName } from './strategies/heuristic.js';
export {
  SEARCHED_OPTIMAL_NODES,
  type SearchedOptimalOptions,
  searchedOptimal,
} from './strategies/searched-optimal.js';
export type { GameState, Strategy, Turn } from './strategy.js';
export {
  MAX_TREE_DEPTH,
  type Tree,
  type TreeNode,
  type Verdict,
  analyzeTree,
  buildTree,
  treeNodeAt,
  treeStrategy,
  verifyTree,
} from './tree.js';
export { type NodeJson, type TreeJson, parseTree, treeFromJson, treeToJson } from './tree-json.js';
export { type DotOptions, treeToDot } from './tree-dot.js';
export { type WalkOptions, analyzeAsync, buildTreeAsync } from './walk.js';
export {
  type StrategySpec,
  type WalkReply,
  type WalkRequest,
  type WalkWorker,
  serveWalks,
} from './walk-serve.js';
/**
 * The other search puzzles of the seed pages, also the entry point `codebreaker/puzzles`.
 *
 * @deprecated Import them from `codebreaker/puzzles`, their own entry point; this namespace
 * stays until 2.0.0.
 */
export * as puzzles from './puzzles/index.js';
