/** Score tables in shared memory, read by worker threads of the exact search. */
import type { Game } from '../../game.js';
import { adoptKernelTable, sharedKernelTable } from '../../search/mask-memory.js';
import type { KernelMemory } from '../../wasm.js';

/**
 * A game's score table as threads share it: `table`, in shared memory; and, where the ranking
 * kernels can read it there, the WebAssembly memory that holds it (then no thread's kernel keeps
 * a copy of its own: search/mask-memory.ts).
 */
export interface SharedTable {
  readonly table: Uint8Array;
  readonly memory?: KernelMemory;
}

/**
 * The score table of `game` for the exact search, in shared memory so that this thread and
 * `threads` worker threads read this one copy (built here once, or copied into shared memory if
 * this thread built it before).
 */
export function sharedScoreTable(game: Game, threads: number): SharedTable {
  // A slot for each thread's search and as many again: a search made anew (after a job that
  // failed) takes another until the old one is collected, and beyond the slots a kernel copies.
  const kernel = sharedKernelTable(game.size, game.answers, 2 * (threads + 1));
  if (kernel) {
    const built = game.searchTable({ shared: true, into: kernel.table })!;
    if (built !== kernel.table) kernel.table.set(built);
    return kernel;
  }
  const built = game.searchTable({ shared: true })!;
  if (built.buffer instanceof SharedArrayBuffer) return { table: built };
  const table = new Uint8Array(new SharedArrayBuffer(built.length));
  table.set(built);
  return { table };
}

/** Takes the table another thread shared (`sharedScoreTable`) as `game`'s, in this thread. */
export function adoptSharedTable(game: Game, { table, memory }: SharedTable): void {
  game.adoptTable(memory ? adoptKernelTable(memory, game.size, game.answers) : table);
}
