/**
 * Identifying sets of a given size found by local search: an upper bound on the fewest static
 * guesses where the exact search (static-size.ts) cannot reach that far. The greedy set of
 * static.ts is often one or two guesses too many (Bulls and Cows: 10, where 8 exist), and the
 * exact search climbs from the capacity bound upward, so it would have to refute every size
 * below the answer before it found the answer.
 *
 * A tabu search over sets of `size` guesses, scored by the pairs of secrets they still confuse
 * (same answers to every guess; 0 is an identifying set). One move takes a position of the set
 * at random and puts there the guess that confuses the fewest pairs with the other guesses,
 * whether or not that is better than what was there (with `everyPosition`, the best such change
 * over every position); a guess taken out may not come back for a while (its tenure), so the
 * search leaves a local minimum instead of circling in it. Scoring a
 * candidate reads only the secrets the other guesses leave confused, a few hundred out of
 * thousands once the set is close, so one move weighs every code as the new guess.
 *
 * It proves nothing: a set it finds is checked like any other, and a size it fails at stays for
 * the exact search to refute.
 */
import { CodebreakerError } from '../errors.js';
import type { Game } from '../game.js';
import { randomSource } from '../random.js';
import { Marks, prepare, splitClasses } from './static-tables.js';

/** How long and how `localStaticSet` searches. */
export interface LocalSearchOptions {
  /**
   * The set to start from, of any size: cut to the size asked for by dropping, one at a time,
   * the guess it misses least, or grown by the code that confuses the fewest pairs.
   */
  readonly from: readonly number[];
  /** At most this many moves. */
  readonly moves: number;
  /** At most this many answer lookups (an effort the same on every machine). */
  readonly lookups?: number;
  /** A `Date.now()` time at which to stop. */
  readonly deadline?: number;
  /** The seed of its random choices: another seed, another search. */
  readonly seed?: number;
  /**
   * Each move weighs every position of the set, not one at random: `size` times the work a
   * move, for better moves (a long search's choice: on Bulls and Cows, a script of this search
   * found a set of 8 in 25 minutes on one thread; with one position a move it came to 12 pairs
   * confused in 2 minutes, and the tool's 10 minutes on two threads found no set).
   */
  readonly everyPosition?: boolean;
}

/** What a local search found. */
export interface LocalSearchResult {
  /** An identifying set of the size asked for, in code order, if one was found. */
  readonly guesses?: number[];
  /** The fewest pairs of secrets a set of that size left confused. */
  readonly pairs: number;
  /** Moves made. */
  readonly moves: number;
}

/**
 * Looks for a set of `size` guesses that identifies every secret of `game`, by tabu search from
 * `options.from`, until it finds one or runs out of moves, lookups or time.
 */
export function localStaticSet(
  game: Game,
  size: number,
  options: LocalSearchOptions,
): LocalSearchResult {
  const n = game.size;
  if (!Number.isInteger(size) || size < 1 || size > n) {
    throw new CodebreakerError('bad-option', `a set of guesses has 1 to ${n}, not ${size}`);
  }
  const ready = prepare(game);
  const { table } = ready;
  const answers = game.answers;
  const random = randomSource(options.seed ?? 1);
  const lookups = options.lookups ?? Number.POSITIVE_INFINITY;
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const everyPosition = options.everyPosition ?? false;

  /** `member[g]`: 1 if the set holds guess g. */
  const member = new Uint8Array(n);
  const labels = new Int32Array(n);
  const refined = new Int32Array(n);
  const classSize = new Int32Array(n);
  const confused = new Int32Array(n);
  const confusedKey = new Int32Array(n);
  // Per class and answer: a class's number (`label`) or a count of secrets (`pairsWith`).
  const marks = new Marks(n * answers);
  const { stamps, values } = marks;
  let spent = 0;

  /** Labels the secrets by their answers to `guesses`, but the one at `skip`; the class count. */
  const label = (guesses: readonly number[], skip: number): number => {
    labels.fill(0);
    let classes = 1;
    for (let i = 0; i < guesses.length; i++) {
      if (i === skip) continue;
      classes = splitClasses(ready, marks, labels, guesses[i], refined);
      labels.set(refined);
    }
    spent += n * guesses.length;
    return classes;
  };
  /** Lists the secrets `label` left in classes of two or more; how many. */
  const listConfused = (classes: number): number => {
    classSize.fill(0, 0, classes);
    for (let s = 0; s < n; s++) classSize[labels[s]]++;
    let count = 0;
    for (let s = 0; s < n; s++) {
      if (classSize[labels[s]] < 2) continue;
      confused[count] = s;
      confusedKey[count++] = labels[s] * answers;
    }
    return count;
  };
  /** The pairs of listed secrets that `guess` leaves confused. */
  const pairsWith = (guess: number, count: number): number => {
    const stamp = marks.next();
    let pairs = 0;
    const row = guess * n;
    for (let j = 0; j < count; j++) {
      const key = confusedKey[j] + table[row + confused[j]];
      if (stamps[key] !== stamp) {
        stamps[key] = stamp;
        values[key] = 0;
      }
      pairs += values[key]++;
    }
    spent += count;
    return pairs;
  };

  /** The pairs `set` confuses without its guess at `skip`. */
  function pairsAfter(guesses: readonly number[], skip: number): number {
    const classes = label(guesses, skip);
    classSize.fill(0, 0, classes);
    let pairs = 0;
    for (let s = 0; s < n; s++) pairs += classSize[labels[s]]++;
    return pairs;
  }
  /** Of the codes not in the set that `allowed` passes, one that confuses the fewest pairs. */
  function bestGuess(count: number, allowed: (guess: number, pairs: number) => boolean) {
    let guess = -1;
    let least = Number.POSITIVE_INFINITY;
    let ties = 0;
    for (let g = 0; g < n; g++) {
      if (member[g]) continue;
      const pairs = pairsWith(g, count);
      if (pairs > least || !allowed(g, pairs)) continue;
      if (pairs < least) {
        least = pairs;
        guess = g;
        ties = 1;
      } else if (random() * ++ties < 1) guess = g;
    }
    return { guess, pairs: least };
  }

  // The start: `from`, cut to `size` by dropping, one at a time, the guess whose absence
  // confuses the fewest pairs, or grown by the guess that confuses the fewest.
  const set = [...options.from];
  while (set.length > size) {
    let drop = 0;
    let least = Number.POSITIVE_INFINITY;
    for (let i = 0; i < set.length; i++) {
      const pairs = pairsAfter(set, i);
      if (pairs < least) {
        least = pairs;
        drop = i;
      }
    }
    set.splice(drop, 1);
  }
  for (const guess of set) member[guess] = 1;
  while (set.length < size) {
    const count = listConfused(label(set, -1));
    const guess = bestGuess(count, () => true).guess;
    set.push(guess);
    member[guess] = 1;
  }

  let best = pairsAfter(set, -1);
  let bestSet = [...set];
  const tabooUntil = new Int32Array(n);
  let moves = 0;
  while (best > 0 && moves < options.moves && spent < lookups && Date.now() < deadline) {
    moves++;
    // A taboo guess may come back only if it beats the best set so far.
    const allowed = (g: number, pairs: number): boolean => tabooUntil[g] <= moves || pairs < best;
    let at = -1;
    let move = { guess: -1, pairs: Number.POSITIVE_INFINITY };
    let ties = 0;
    for (let i = 0; i < (everyPosition ? size : 1); i++) {
      const position = everyPosition ? i : Math.floor(random() * size);
      const here = bestGuess(listConfused(label(set, position)), allowed);
      if (here.guess < 0 || here.pairs > move.pairs) continue;
      if (here.pairs < move.pairs) ties = 0;
      ties++;
      if (ties === 1 || random() * ties < 1) {
        at = position;
        move = here;
      }
    }
    if (at < 0) continue;
    const out = set[at];
    member[out] = 0;
    tabooUntil[out] = moves + 5 + Math.floor(random() * 2 * size);
    set[at] = move.guess;
    member[move.guess] = 1;
    if (move.pairs < best) {
      best = move.pairs;
      bestSet = [...set];
    }
  }
  return {
    ...(best === 0 ? { guesses: bestSet.sort((a, b) => a - b) } : {}),
    pairs: best,
    moves,
  };
}
