/**
 * The other search puzzles of the seed pages, one module each: komachi arithmetic,
 * cryptarithms, magic squares, water jugs and peg solitaire. They share no code with the
 * Mastermind core; they are here because the pages that solve Mastermind by generate and test
 * solve these with the same techniques (backtracking, breadth-first search, iterative deepening).
 */
export * from './komachi.js';
export * from './cryptarithm.js';
export * from './magic-square.js';
export * from './water-jugs.js';
export * from './peg-solitaire.js';

/** The puzzles, by the names the CLI and the JSON use. */
export const PUZZLE_NAMES = [
  'komachi',
  'cryptarithm',
  'magic-square',
  'water-jugs',
  'peg-solitaire',
] as const;
export type PuzzleName = (typeof PUZZLE_NAMES)[number];
