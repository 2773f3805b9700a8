/**
 * `analyze` and `tree` on worker threads: the strategy's tree split and walked by walk.ts, on
 * threads that run the library's walk worker (walk-worker.ts beside this module).
 */
import type { Game } from '../game.js';
import { TABLE_MAX_CODES } from '../game.js';
import { type StrategySpec, type WalkResult, nodeWalkWorker, walkAsync } from '../walk.js';
import { startWorker } from './workers.js';

/**
 * Games of up to this many codes `analyze` and `tree` walk in this thread unless `--threads`
 * says otherwise: they have a score table, and take a second at most (Bulls and Cows, 5,040
 * codes: 0.7 s), less than starting threads that would each build the table again.
 */
export const WALK_QUICK_MAX_CODES = TABLE_MAX_CODES;

/** Walks the tree of `spec` over `game` on `threads` worker threads. */
export function walkOnThreads(
  game: Game,
  spec: StrategySpec,
  threads: number,
  options: { tree?: boolean; onProgress?: (settled: number) => void },
): Promise<WalkResult> {
  return walkAsync(game, spec, {
    ...options,
    threads,
    startWorker: () => nodeWalkWorker(startWorker('walk-worker', import.meta.url)),
  });
}
