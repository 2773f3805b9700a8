/** The registry of strategies, by the names the CLI and the JSON use. */
import { CodebreakerError, quoteInput } from '../errors.js';
import type { Strategy } from '../strategy.js';
import { exactEndgame } from './exact-endgame.js';
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
  /**
   * Play a least-total guess, found by the exact search, at every state of at most this many
   * candidates (default 0: never); the strategy named plays the rest. Games of up to
   * 32,768 codes (the exact search's score table).
   */
  exactBelow?: number;
}

/** Checks a strategy name; throws `CodebreakerError` naming the choices. */
export function strategyByName(name: string): StrategyName {
  if ((STRATEGY_NAMES as readonly string[]).includes(name)) return name as StrategyName;
  throw new CodebreakerError(
    'bad-option',
    `unknown strategy ${quoteInput(name)}: choose one of ${STRATEGY_NAMES.join(', ')}`,
  );
}

/**
 * Builds the named strategy. `optimal` is not built here: it is proved by `findOptimal`, which
 * runs for as long as the game needs, and its result's `strategy` plays it.
 */
export function createStrategy(name: string, options: StrategyOptions = {}): Strategy {
  const { exactBelow = 0 } = options;
  if (!Number.isInteger(exactBelow) || exactBelow < 0) {
    throw new CodebreakerError(
      'bad-option',
      `exactBelow must be a whole number, 0 or more, not ${exactBelow}`,
    );
  }
  const strategy = baseStrategy(name, options);
  return exactBelow > 0 ? exactEndgame(strategy, exactBelow) : strategy;
}

/** The named strategy alone, without exact play below a threshold. */
function baseStrategy(name: string, options: StrategyOptions): Strategy {
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
