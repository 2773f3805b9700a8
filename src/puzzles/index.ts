/**
 * The other search puzzles of the seed pages, one module each: komachi arithmetic,
 * cryptarithms, magic squares, water jugs and peg solitaire. They share no code with the
 * Mastermind core; they are here because the pages that solve Mastermind by generate and test
 * solve these with the same techniques (backtracking, breadth-first search, iterative deepening).
 */
export {
  KOMACHI_DEFAULTS,
  KOMACHI_OPERATORS,
  type KomachiOperator,
  type KomachiProblem,
  MAX_KOMACHI_DIGITS,
  komachi,
  parseKomachiDigits,
  parseKomachiOperators,
  parseKomachiTarget,
} from './komachi.js';
export {
  type Cryptarithm,
  type CryptarithmSolution,
  MAX_LETTERS,
  MAX_WORD_LENGTH,
  type SignedWord,
  parseCryptarithm,
  solveCryptarithm,
} from './cryptarithm.js';
export {
  MAX_FULL_MAGIC_ORDER,
  MAX_MAGIC_ORDER,
  type MagicSquareOptions,
  magicSquares,
  parseMagicOrder,
} from './magic-square.js';
export {
  type JugMove,
  type JugsProblem,
  type JugsSolution,
  MAX_JUGS,
  MAX_JUG_STATES,
  describeJugMove,
  parseJugCapacities,
  parseJugTarget,
  waterJugs,
} from './water-jugs.js';
export {
  PEG_SOLUTION_SETS,
  type PegMove,
  type PegProblem,
  type PegResult,
  type PegSolutionSet,
  solvePegSolitaire,
} from './peg-solitaire.js';
export {
  PEG_BOARD_NAMES,
  PEG_SEARCHES,
  type PegBoard,
  type PegBoardName,
  type PegSearch,
  numberedPicture,
  parseHole,
  pegBoard,
} from './peg-board.js';

/** The puzzles, by the names the CLI and the JSON use. */
export const PUZZLE_NAMES = [
  'komachi',
  'cryptarithm',
  'magic-square',
  'water-jugs',
  'peg-solitaire',
] as const;
/** The name of a puzzle. */
export type PuzzleName = (typeof PUZZLE_NAMES)[number];
