/**
 * `analyze` and `tree` on several threads: this thread walks the strategy's tree and hands
 * classes to worker threads as they run out (walk.ts, `walkBeside`), which run the library's
 * walk server (walk-worker.ts beside this module). `--threads N` counts this thread: N - 1
 * workers.
 */
import { type Game, TABLE_MAX_CODES } from '../../game.js';
import type { StrategySpec, WalkResult } from '../../walk-serve.js';
import { nodeWalkWorker, walkAsync } from '../../walk.js';
import { CLI_HOME } from '../home.js';
import { type ChosenStrategy, threadsFlag, threadsHelp } from '../rules-options.js';
import { startWorker } from '../workers.js';

/**
 * Games of up to this many codes `analyze` and `tree` walk in this thread unless `--threads`
 * says otherwise: they have a score table, and take about a second at most, less than starting
 * threads that would each build the table again.
 */
const WALK_QUICK_MAX_CODES = TABLE_MAX_CODES;

/**
 * Strategies that choose at no cost: their walk is all splitting, which worker threads would
 * only repeat.
 */
const CHOOSE_AT_NO_COST = new Set(['first-consistent', 'random-consistent']);

/** The help text of `analyze` and `tree`'s `--threads`. */
export const WALK_THREADS_HELP = `${threadsHelp(WALK_QUICK_MAX_CODES)}; 1 on any game for ${[...CHOOSE_AT_NO_COST].join(' and ')}; one thread runs in-process`;

/**
 * The threads `analyze` and `tree` walk `chosen` on, from `--threads`: 1 for the optimal
 * strategy, a lookup in its proved tree, whatever the flag says.
 */
export function walkThreads(value: string | undefined, game: Game, chosen: ChosenStrategy): number {
  if (!chosen.spec) return 1;
  const quickUpTo = CHOOSE_AT_NO_COST.has(chosen.name)
    ? Number.POSITIVE_INFINITY
    : WALK_QUICK_MAX_CODES;
  return threadsFlag(value, game.size, quickUpTo);
}

/**
 * Walks the tree of `spec` over `game` on `threads` threads, this one and workers; this one
 * hears no event until its part is done (the commands run it in `endingAtSignals`).
 */
export function walkOnThreads(
  game: Game,
  spec: StrategySpec,
  threads: number,
  options: { tree?: boolean; onProgress?: (settled: number) => void },
): Promise<WalkResult> {
  return walkAsync(game, spec, {
    ...options,
    threads,
    here: true,
    startWorker: () => nodeWalkWorker(startWorker('walk-worker', CLI_HOME)),
  });
}
