/**
 * The jobs one set size of the static search is split into when it keeps a checkpoint
 * (cli/proofs/static-checkpoint.ts): the canonical sets of its first few guesses, each searched
 * on its own as a prefix (static-size.ts `StaticSearchOptions.prefix`). Between them they cover
 * every set the whole search visits.
 */
import type { Game } from '../game.js';
import { prepare } from './static-tables.js';

/**
 * How many guesses make the prefix of a job of `size`: three from size 5 up, some thousands of
 * jobs on the open games (1,360 for Bulls and Cows, 31,016 for 4 × 7).
 */
export function staticJobDepth(size: number): number {
  return Math.max(1, Math.min(3, size - 2));
}

/** Each game's prefixes, by depth, listed once: a resumed search asks for them several times. */
const listed = new WeakMap<Game, Map<number, readonly (readonly number[])[]>>();

/** The canonical sets of `depth` guesses, in code order, each in code order: the jobs of a size. */
export function staticPrefixes(game: Game, depth: number): readonly (readonly number[])[] {
  let byDepth = listed.get(game);
  if (!byDepth) {
    byDepth = new Map();
    listed.set(game, byDepth);
  }
  const known = byDepth.get(depth);
  if (known) return known;
  const { canonizer } = prepare(game);
  const n = game.size;
  const set = new Int32Array(depth);
  const prefixes: number[][] = [];
  const grow = (length: number, from: number): void => {
    if (length === depth) {
      prefixes.push(Array.from(set));
      return;
    }
    for (let g = from; g < n; g++) {
      set[length] = g;
      if (canonizer.isCanonical(set, length + 1)) grow(length + 1, g + 1);
    }
  };
  grow(0, 0);
  byDepth.set(depth, prefixes);
  return prefixes;
}
