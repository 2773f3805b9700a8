/** codebreaker: rules, scoring, strategies and analysis for games of the Mastermind family. */
export * from './analyze.js';
export * from './candidates.js';
export * from './code.js';
export * from './errors.js';
export * from './feedback.js';
export * from './game.js';
export * from './rules.js';
export * from './search/static.js';
export * from './session.js';
export * from './solve.js';
export * from './strategies/index.js';
export type * from './strategies/strategy.js';
export * from './tree.js';
export * from './fraction.js';
export * as puzzles from './puzzles/index.js';
