/**
 * The exact search's buffers, one set per level of its recursion (a level is one guess deeper):
 * made when a level is first reached and reused by every node at it, so that the recursion
 * allocates nothing as it goes.
 */
import { type Ranking, newRanking } from './ranking-buffer.js';
import { Split } from './split.js';

/** The buffers of every level reached so far. */
export class LevelBuffers {
  /** Per level, the width of the node being searched there (its ranking's). */
  readonly widths: number[] = [];
  readonly #size: number;
  readonly #answers: number;
  /** Partition buffers of a guess's classes. */
  readonly #splits: Split[] = [];
  /** The indices of a ranking's guesses of equal key. */
  readonly #batches: Int32Array[] = [];
  /** The ranking of the node being searched. */
  readonly #rankings: Ranking[] = [];
  /** One ranking per answer: the lookaheads of a guess's classes. */
  readonly #saved: Ranking[][] = [];

  /** Buffers for a game of `size` codes and `answers` answers. */
  constructor(size: number, answers: number) {
    this.#size = size;
    this.#answers = answers;
  }

  /** The partition buffer of `level`. */
  split(level: number): Split {
    this.#splits[level] ??= new Split(this.#size, this.#answers);
    return this.#splits[level];
  }

  /** The batch buffer of `level`: indices of a ranking's guesses of equal key. */
  batch(level: number): Int32Array {
    this.#batches[level] ??= new Int32Array(this.#size);
    return this.#batches[level];
  }

  /** The ranking buffer of `level`. */
  ranking(level: number): Ranking {
    this.#rankings[level] ??= newRanking(this.#size);
    return this.#rankings[level];
  }

  /** The lookahead rankings of `level`, one per answer. */
  saved(level: number): Ranking[] {
    this.#saved[level] ??= Array.from({ length: this.#answers }, () => newRanking(this.#size));
    return this.#saved[level];
  }

  /**
   * The ranking a lookahead at `level` saved for exactly `candidates` within `depth`, if it
   * kept every guess below `limit`: a class of a guess `planGuess` looked ahead at, now solved
   * as a job by the same search, is not ranked twice.
   */
  savedFor(
    level: number,
    candidates: Int32Array,
    depth: number,
    limit: number,
  ): Ranking | undefined {
    const saved = this.#saved[level];
    if (!saved) return undefined;
    const n = candidates.length;
    for (const ranking of saved) {
      const members = ranking.members;
      if (!ranking.saved || members?.length !== n || ranking.depth !== depth) continue;
      if (ranking.limit < limit) continue;
      let i = 0;
      while (i < n && members[i] === candidates[i]) i++;
      if (i === n) return ranking;
    }
    return undefined;
  }
}
