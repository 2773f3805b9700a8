/**
 * What every static search of a game shares, built once per game: the answer table (every
 * guess's answer to every secret), the canonizer of guess sets, the first guesses up to symmetry,
 * and the capacities M(r), the most secrets r guesses can tell apart (static.ts says how they
 * bound the search).
 */
import { CodebreakerError } from '../errors.js';
import { type Game, TABLE_MAX_CODES } from '../game.js';
import { SetCanonizer } from './static-sets.js';

/** Per-game data every static search uses: the answer table, the canonizer, the capacities. */
export interface Prepared {
  readonly game: Game;
  readonly table: Uint8Array;
  readonly canonizer: SetCanonizer;
  /** The canonical single guesses (one per orbit). */
  readonly firstGuesses: readonly number[];
  /** `capacity[r]`: at most this many secrets of a class can be told apart by r more guesses. */
  readonly capacity: readonly number[];
}

/** Where a stamp starts again from 1, its marks cleared: well inside an Int32Array. */
export const STAMP_LIMIT = 0x3fffffff;

/**
 * Stamped marks: an entry counts as set only if it holds the current stamp, so clearing is
 * `next()`. Past `STAMP_LIMIT` stamps the marks are cleared and the count starts again, so a
 * search of any length never sees a stamp wrap around.
 */
export class Marks {
  readonly stamps: Int32Array;
  readonly values: Int32Array;
  stamp = 0;
  constructor(size: number) {
    this.stamps = new Int32Array(size);
    this.values = new Int32Array(size);
  }
  next(): number {
    if (++this.stamp === STAMP_LIMIT) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }
}

/**
 * Splits classes of secrets by their answers to `guess`, the step every static search takes:
 * `from` holds each secret's class; the new classes are numbered in order of their first
 * secret, each secret's written into `into` and each class's size into `sizes`, where given.
 * Returns how many classes there are.
 */
export function splitClasses(
  tables: Pick<Prepared, 'game' | 'table'>,
  marks: Marks,
  from: Int32Array,
  guess: number,
  into?: Int32Array,
  sizes?: Int32Array,
): number {
  const { game, table } = tables;
  const n = game.size;
  const answers = game.answers;
  const { stamps, values } = marks;
  const stamp = marks.next();
  const row = guess * n;
  let classes = 0;
  for (let s = 0; s < n; s++) {
    const key = from[s] * answers + table[row + s];
    if (stamps[key] !== stamp) {
      stamps[key] = stamp;
      if (sizes) sizes[classes] = 0;
      values[key] = classes++;
    }
    if (into) into[s] = values[key];
    if (sizes) sizes[values[key]]++;
  }
  return classes;
}

const prepared = new WeakMap<Game, Prepared>();

export function prepare(game: Game): Prepared {
  let ready = prepared.get(game);
  if (ready) return ready;
  const table = game.useTable();
  if (!table) {
    throw new CodebreakerError(
      'too-large',
      `static search keeps every guess's answer to every secret in memory, so it takes games of at most ${TABLE_MAX_CODES} codes; this one has ${game.size}`,
    );
  }
  const canonizer = new SetCanonizer(game);
  const n = game.size;
  const answers = game.answers;
  const firstGuesses: number[] = [];
  const set = new Int32Array(2);
  const marks = new Marks(n * answers);
  const everything = new Int32Array(n);
  const byFirst = new Int32Array(n);
  let one = 0;
  for (let g = 0; g < n; g++) {
    set[0] = g;
    if (!canonizer.isCanonical(set, 1)) continue;
    firstGuesses.push(g);
    one = Math.max(one, splitClasses({ game, table }, marks, everything, g));
  }
  let two = one;
  for (const g of firstGuesses) {
    set[0] = g;
    splitClasses({ game, table }, marks, everything, g, byFirst);
    for (let h = g + 1; h < n; h++) {
      set[1] = h;
      if (!canonizer.isCanonical(set, 2)) continue;
      two = Math.max(two, splitClasses({ game, table }, marks, byFirst, h));
    }
  }
  const capacity = [1, one, two];
  while (capacity[capacity.length - 1] < n) {
    capacity.push(Math.min(n, capacity[capacity.length - 1] * one));
  }
  ready = { game, table, canonizer, firstGuesses, capacity };
  prepared.set(game, ready);
  return ready;
}
