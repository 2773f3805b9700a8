/** The registry of strategies, by the names the CLI and the JSON use. */
import { CodebreakerError } from '../errors.js';
import type { Strategy } from '../strategy.js';
import { firstConsistent } from './first-consistent.js';
import { HEURISTIC_NAMES, heuristicStrategy } from './heuristic.js';
import { randomConsistent } from './random-consistent.js';

/** The names of the strategies, as `createStrategy` takes them. */
export const STRATEGY_NAMES = [
  'first-consistent',
  'random-consistent',
  ...HEURISTIC_NAMES,
  'optimal',
] as const;
/** The name of a strategy. */
export type StrategyName = (typeof STRATEGY_NAMES)[number];

/** Options some strategies take. */
export interface StrategyOptions {
  /** The seed of `random-consistent`. */
  seed?: number;
  /** The opening guess (a code index) of a heuristic strategy. */
  first?: number;
  /** Heuristics guess only codes still consistent. */
  consistentOnly?: boolean;
  /** Heuristics score one guess per symmetry class (default true). */
  symmetry?: boolean;
}

/** Checks a strategy name; throws `CodebreakerError` naming the choices. */
export function strategyByName(name: string): StrategyName {
  if ((STRATEGY_NAMES as readonly string[]).includes(name)) return name as StrategyName;
  throw new CodebreakerError(
    'bad-option',
    `unknown strategy '${name}': choose one of ${STRATEGY_NAMES.join(', ')}`,
  );
}

/**
 * Builds the named strategy. `optimal` is not built here: it is proved by `findOptimal`, which
 * runs for as long as the game needs, and its result's `strategy` plays it.
 */
export function createStrategy(name: string, options: StrategyOptions = {}): Strategy {
  switch (strategyByName(name)) {
    case 'first-consistent':
      return firstConsistent();
    case 'random-consistent':
      return randomConsistent(options.seed ?? 0);
    case 'optimal':
      throw new CodebreakerError(
        'bad-option',
        "the optimal strategy is proved, not built: play findOptimal(game)'s strategy",
      );
    default:
      return heuristicStrategy(name as (typeof HEURISTIC_NAMES)[number], options);
  }
}
