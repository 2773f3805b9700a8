/** Score tables in shared memory, read by worker threads of the exact search. */
import type { Game } from '../../game.js';

/**
 * The score table of `game` for the exact search, in shared memory so that worker threads read
 * this one copy (built here once, or copied into shared memory if this thread built it before).
 */
export function sharedScoreTable(game: Game): Uint8Array {
  const built = game.searchTable({ shared: true })!;
  if (built.buffer instanceof SharedArrayBuffer) return built;
  const table = new Uint8Array(new SharedArrayBuffer(built.length));
  table.set(built);
  return table;
}
