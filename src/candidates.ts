/**
 * Candidate sets: the secrets still consistent with every answer so far, as sorted `Int32Array`s
 * of code indices. Sorted lists, rather than bit sets, because everything done with them is a
 * scan (score a guess against each candidate, bucket by answer) and a stable bucket sort keeps
 * each class sorted for free.
 */
import type { Game } from './game.js';

/** Every code of the game, in code order. */
export function allCandidates(game: Game): Int32Array {
  const all = new Int32Array(game.size);
  for (let i = 0; i < all.length; i++) all[i] = i;
  return all;
}

/** Candidates grouped by their answer to one guess: class `a` is `codes[start[a]..start[a+1])`. */
export interface Partition {
  /** Every candidate, class after class in answer order, each class in code order. */
  readonly codes: Int32Array;
  /** Where each class starts in `codes`, by answer index, and one past the last. */
  readonly start: Int32Array;
}

/** Splits `candidates` by their answer to `guess`; each class keeps code order. */
export function partition(game: Game, guess: number, candidates: Int32Array): Partition {
  const count = candidates.length;
  const split = {
    codes: new Int32Array(count),
    start: new Int32Array(game.answers + 1),
  };
  partitionInto(
    game,
    guess,
    candidates,
    split,
    new Uint8Array(count),
    new Int32Array(game.answers),
  );
  return split;
}

/**
 * `partition` into buffers the caller keeps: `split.codes` (room for the candidates) and
 * `split.start` (answers + 1), with `answers` (room for the candidates) and `next` (answers) as
 * scratch. A walk of a whole tree splits a node for every few secrets: allocating four arrays
 * each time cost more than the scoring.
 */
export function partitionInto(
  game: Game,
  guess: number,
  candidates: Int32Array,
  split: Partition,
  answers: Uint8Array,
  next: Int32Array,
): void {
  const count = candidates.length;
  const { codes, start } = split;
  game.scoreAll(guess, candidates, count, answers);
  start.fill(0);
  for (let i = 0; i < count; i++) start[answers[i] + 1]++;
  for (let a = 0; a < game.answers; a++) {
    start[a + 1] += start[a];
    next[a] = start[a];
  }
  for (let i = 0; i < count; i++) codes[next[answers[i]]++] = candidates[i];
}

/** The class of `partition` for answer index `answer` (a view). */
export function classOf(split: Partition, answer: number): Int32Array {
  return split.codes.subarray(split.start[answer], split.start[answer + 1]);
}

/** Counts how many candidates give each answer to `guess`, into `counts` (length ≥ answers). */
export function partitionSizes(
  game: Game,
  guess: number,
  candidates: Int32Array,
  counts: Int32Array,
  scratch: Uint8Array,
): void {
  counts.fill(0, 0, game.answers);
  game.scoreAll(guess, candidates, candidates.length, scratch);
  for (let i = 0; i < candidates.length; i++) counts[scratch[i]]++;
}

/** The candidates that give `answer` to `guess`, in code order. */
export function filterCandidates(
  game: Game,
  candidates: Int32Array,
  guess: number,
  answer: number,
): Int32Array {
  const kept = new Int32Array(candidates.length);
  let count = 0;
  for (let i = 0; i < candidates.length; i++) {
    if (game.score(guess, candidates[i]) === answer) kept[count++] = candidates[i];
  }
  return kept.slice(0, count);
}

/** Whether `code` is in the sorted set `candidates`. */
export function contains(candidates: Int32Array, code: number): boolean {
  let low = 0;
  let high = candidates.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (candidates[mid] < code) low = mid + 1;
    else high = mid;
  }
  return low < candidates.length && candidates[low] === code;
}
