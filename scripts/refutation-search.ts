/**
 * The exact search of a refutation (scripts/depth-refutation.ts): whether a class a second guess
 * leaves has no strategy within the guesses left, in one search or, for a large class, third
 * guess by third guess, each third guess settled a piece of the pieces file
 * (scripts/refutation-log.ts) so that a stopped run loses at most the one it was on; and the
 * orders the script takes classes and guesses in. The search only decides whether a strategy
 * exists, so it counts early (a guess's classes only while it can still keep to the depth).
 */
import { writeSync } from 'node:fs';
import { classOf, partition, partitionSizes } from '../src/candidates.js';
import type { Game } from '../src/game.js';
import { OptimalSearch, SearchStopped } from '../src/search/branch-and-bound.js';
import { type RefutationPiece, type RefutationPieces, guessKey } from './refutation-log.js';

/** A second guess searched longer than this has a line of progress on stderr this often. */
const PROGRESS_MS = 60_000;
/** A piece that took this long has a line on stderr. */
const PIECE_TOLD_S = 30;

/** What a refutation's search needs to know. */
export interface RefuterOptions {
  readonly game: Game;
  /** The depth refuted: a class a second guess leaves has `depth` − 2 guesses left. */
  readonly depth: number;
  /** A class of this many secrets or more, with 3 guesses or more left, is searched in pieces. */
  readonly pieceSecrets: number;
  /** With rounds of time for a third guess's classes, the first round's seconds (`thirdKeeps`). */
  readonly classSeconds: number | undefined;
  /** With rounds of nodes instead, the first round's nodes. */
  readonly classNodes: number | undefined;
  /** The pieces file: those settled are read back, and each new one appended. */
  readonly pieces: RefutationPieces;
  /** Whether the search must stop now (a Ctrl-C, the time limit): it then throws `SearchStopped`. */
  readonly stop: () => boolean;
  /** The time since the run began, as its lines on stderr give it. */
  readonly elapsed: () => string;
}

/**
 * How one of several shards (scripts/depth-refutation.ts `--shard I/N`, `--threads`) takes part
 * in a class searched in pieces: it solves the third guesses whose places in the search's order
 * are I modulo N, and reads the others' pieces from the file; or, stealing (a thread whose own
 * share is done, where the others write the same file), every piece still missing of its
 * process's share (`group`: the places the threads of one process take between them), from the
 * last back, so that it meets the shard going forward. A class searched whole is the owner's
 * (the shard whose second guesses it takes).
 */
export interface Share {
  readonly index: number;
  readonly count: number;
  readonly owner: boolean;
  readonly steal: boolean;
  readonly group: { readonly index: number; readonly count: number };
}

/** A class and the answer that leaves it. */
export interface AnsweredClass {
  readonly answer: number;
  readonly part: Int32Array;
}

/** The exact search of one run (or one shard), made at its first use, and what it is on. */
export class ClassRefuter {
  readonly #options: RefuterOptions;
  #made: OptimalSearch | undefined;
  /** The second guess being searched, when its search began, and its nodes then (for progress). */
  readonly #current = { key: '', since: 0, nodes: 0, told: 0 };
  /**
   * What a search of one class of a third guess may take in the round under way
   * (`#thirdKeeps`): the search stops once `ends` (a `Date.now()` time) has passed or its nodes
   * are past `nodes`, and says so in `spent`.
   */
  readonly #budget = {
    ends: Number.POSITIVE_INFINITY,
    nodes: Number.POSITIVE_INFINITY,
    spent: false,
  };

  /** The pieces this search has settled: their nodes and seconds in all. */
  readonly #pieceWork = { nodes: 0, seconds: 0 };

  constructor(options: RefuterOptions) {
    this.#options = options;
  }

  /** The nodes searched so far (0 before the search is made). */
  get nodes(): number {
    return this.#made?.nodes ?? 0;
  }

  /** The nodes and seconds of the pieces this search has settled so far. */
  pieceWork(): { nodes: number; seconds: number } {
    return { ...this.#pieceWork };
  }

  /** From now on the search is on the second guess `key` (for its lines of progress). */
  begin(key: string): void {
    Object.assign(this.#current, { key, since: Date.now(), nodes: this.nodes, told: 0 });
  }

  /** The search, made where one runs: with `--threads`, the main thread only waits for shards. */
  #search(): OptimalSearch {
    this.#made ??= this.#newSearch();
    return this.#made;
  }

  #newSearch(): OptimalSearch {
    const { game, stop, elapsed } = this.#options;
    const current = this.#current;
    const budget = this.#budget;
    return new OptimalSearch(game, {
      firstFound: true,
      lookahead: false,
      earlyCount: true,
      progressEvery: 1,
      onProgress: ({ nodes }) => {
        const now = Date.now();
        if (now - Math.max(current.since, current.told) >= PROGRESS_MS) {
          current.told = now;
          const took = ((now - current.since) / 1000).toFixed(0);
          // Written at once, not by console.error: on a worker thread that goes out only when
          // the thread's event loop runs, after the second guess, minutes or an hour later.
          writeSync(
            2,
            `  ${elapsed()}: ${current.key}: ${nodes - current.nodes} nodes in ${took} s\n`,
          );
        }
        if (stop()) return true;
        if (now <= budget.ends && nodes <= budget.nodes) return false;
        budget.spent = true;
        return true;
      },
    });
  }

  /**
   * Whether `members` (after `history`) has no strategy within `guesses`, searched for at most
   * `round` (seconds, or with `classNodes` nodes): true, false, or undefined if the round ran out
   * first. A search stopped so can be asked again (its cache keeps only what it solved to the
   * end).
   */
  #unsolvableWithin(
    members: Int32Array,
    history: number[],
    guesses: number,
    round: number,
  ): boolean | undefined {
    const budget = this.#budget;
    if (this.#options.classNodes === undefined) budget.ends = Date.now() + round * 1000;
    else budget.nodes = this.nodes + round;
    budget.spent = false;
    try {
      return this.#unsolvable(members, history, guesses);
    } catch (error) {
      if (error instanceof SearchStopped && budget.spent) return undefined;
      throw error;
    } finally {
      budget.ends = Number.POSITIVE_INFINITY;
      budget.nodes = Number.POSITIVE_INFINITY;
    }
  }

  /** Whether `members` (after `history`) has no strategy within `guesses`. */
  #unsolvable(members: Int32Array, history: number[], guesses: number): boolean {
    return this.#search().solve(members, history, guesses).guess < 0;
  }

  /**
   * Whether the class `part` (the answer `within` to `second`, after `opening`) has no strategy
   * within `depth` − 2 guesses: in one search, or for a large class third guess by third guess,
   * in the search's own order and with its own pruning (`rankGuesses`: the guesses up to
   * symmetry whose bounds leave them a chance), the pieces earlier runs settled read back from
   * the file. `recheck`: solving a line of the log again, whose pieces are its own (marked), so
   * that a recheck stopped goes on where it stopped too. With a `share` of several shards,
   * undefined where that is not known yet: pieces of the others' are missing, or the class is
   * searched whole and another shard owns it.
   */
  classUnsolvable(
    part: Int32Array,
    {
      opening,
      answer,
      second,
      within,
      recheck = false,
      share = { index: 0, count: 1, owner: true, steal: false, group: { index: 0, count: 1 } },
    }: Readonly<Record<'opening' | 'second', number>> &
      Readonly<Record<'answer' | 'within', string>> & {
        readonly recheck?: boolean;
        readonly share?: Share;
      },
  ): boolean | undefined {
    const { game, depth, pieceSecrets, pieces, elapsed } = this.#options;
    const code = (index: number): string => game.codes.make(index);
    const key = guessKey({ opening: code(opening), answer, guess: code(second) });
    const left = depth - 2;
    const history = [opening, second];
    if (part.length < pieceSecrets || left < 3) {
      return share.owner ? this.#unsolvable(part, history, left) : undefined;
    }
    const guesses = this.thirdGuesses(part, history);
    // Shared, the file is read again before each piece, for the pieces the others added.
    const shared = share.count > 1;
    // Stealing, only the places of this process's share: the others' are other machines'.
    const places = [...guesses.keys()].filter(
      (place) => !share.steal || place % share.group.count === share.group.index,
    );
    if (share.steal) places.reverse();
    for (const place of places) {
      if (shared) pieces.refresh();
      // A piece that keeps, wherever it is in the order (another shard's), settles the class.
      if (pieces.keeps(key, within, recheck)) return false;
      const third = guesses[place];
      if (pieces.get(key, within, code(third), recheck)) continue;
      if (!share.steal && place % share.count !== share.index) continue;
      const start = Date.now();
      const nodes = this.nodes;
      const keeps = this.#thirdKeeps(part, [...history, third], left - 1);
      const took = (Date.now() - start) / 1000;
      const piece: RefutationPiece = {
        opening: code(opening),
        answer,
        guess: code(second),
        within,
        third: code(third),
        of: guesses.length,
        depth,
        keeps,
        nodes: this.nodes - nodes,
        seconds: Number(took.toFixed(1)),
        ...(recheck ? { recheck } : {}),
      };
      pieces.add(piece);
      this.#pieceWork.nodes += piece.nodes;
      this.#pieceWork.seconds += piece.seconds;
      if (took >= PIECE_TOLD_S || piece.keeps) {
        writeSync(
          2,
          `  ${elapsed()}: ${key}, its class ${within} (${part.length}): third guess ${place + 1} of ${guesses.length}, ${piece.third}, ${piece.keeps ? 'keeps' : 'does not keep'} to ${left} (${piece.nodes} nodes, ${took.toFixed(1)} s)\n`,
        );
      }
      if (piece.keeps) return false;
    }
    if (!shared) return true;
    // Settled only once every piece is in the file, the others' too.
    pieces.refresh();
    if (pieces.keeps(key, within, recheck)) return false;
    const missing = guesses.some((third) => !pieces.get(key, within, code(third), recheck));
    return missing ? undefined : true;
  }

  /**
   * The third guesses `classUnsolvable` takes at the class `part` after `history` (the opening
   * and the second guess), in its order: one piece each.
   */
  thirdGuesses(part: Int32Array, history: number[]): number[] {
    return this.#search().rankGuesses(part, history, this.#options.depth - 2).guesses;
  }

  /**
   * Whether some strategy that opens the class `part` with the third guess ending `history`
   * keeps to the depth: one piece solved again, nothing written (`--retime`).
   */
  pieceKeeps(part: Int32Array, history: number[]): boolean {
    return this.#thirdKeeps(part, history, this.#options.depth - 3);
  }

  /**
   * Whether every class the last guess of `history` leaves of `part` (but all hits) has a
   * strategy within `guesses`, the smallest classes first, each to its end. The search's own
   * evaluation of a guess takes them largest first, which serves a strategy found (and refuting
   * Bulls and Cows within 6, 6 s against 26), but a third guess of 5 of 10 is mostly refuted by a
   * small class of few colours: 01245's third guesses 10356 to 46701 at its class 0H2B, refuted
   * largest first in 5 to 41 s, are refuted smallest first in under 0.1 s (by a class of 64 with
   * no strategy within 4, in 36 nodes, for one of them; docs/performance.md).
   *
   * With `--class-seconds S`, in rounds: each class not yet settled gets S seconds in the first,
   * four times as much in each next, and the last one left all it needs (with `--class-nodes N`,
   * N nodes in the first: rounds that end at the same place on every machine). A class slow to
   * settle either way then holds up a class that refutes the guess at once for a while, not for
   * good (01345's third guess 23567 at its class 0H2B: 1,480 s one class after another, 12 s in
   * rounds from 1 s); but where the first slow class is the one that refutes, the others' rounds
   * are spent in vain (12567's third guess 38706: 95 s against 263). So rounds are not the
   * default (docs/performance.md). Either way each answer is the exact search's, to the end: a
   * round only orders the work.
   */
  #thirdKeeps(part: Int32Array, history: number[], guesses: number): boolean {
    let open = classesToSolve(this.#options.game, history.at(-1)!, part)
      .sort((a, b) => a.part.length - b.part.length)
      .map(({ part: members }) => members);
    // Without rounds, one round in which each class has all it needs.
    const { classSeconds, classNodes } = this.#options;
    const first = classNodes ?? classSeconds ?? Number.POSITIVE_INFINITY;
    for (let round = first; open.length > 0; round *= 4) {
      if (open.length === 1) return !this.#unsolvable(open[0], history, guesses);
      const unsettled: Int32Array[] = [];
      for (const members of open) {
        const refutes = this.#unsolvableWithin(members, history, guesses, round);
        if (refutes === true) return false;
        if (refutes === undefined) unsettled.push(members);
      }
      open = unsettled;
    }
    return true;
  }
}

/**
 * The classes `guess` leaves of `members` that a search must settle: all but all hits, and but
 * those of one or two secrets (solved within two), each with its answer.
 */
export function classesToSolve(game: Game, guess: number, members: Int32Array): AnsweredClass[] {
  const split = partition(game, guess, members);
  return [...Array(game.answers).keys()]
    .filter((answer) => answer !== game.solved)
    .map((answer) => ({ answer, part: classOf(split, answer) }))
    .filter(({ part }) => part.length > 2);
}

/**
 * `guesses`, those that leave the smallest largest class of `members` first (ties in order of
 * code): the likeliest ways on. Where some second guess is a way on, finding it first spares
 * refuting the others, which can take hours each (5 of 10). Where none is, every one must be
 * refuted, and those that leave the largest class are the likeliest refuted soonest (5 of 10:
 * the third guesses at 01245's class of 3,060 mostly refuted in under a second each, at 10567's
 * of 1,776 in minutes each): `--order refuted` takes them first (`largestFirst`).
 */
export function byLargestClass(
  game: Game,
  guesses: Int32Array,
  members: Int32Array,
  largestFirst: boolean,
): Int32Array {
  const counts = new Int32Array(game.answers);
  const scratch = new Uint8Array(members.length);
  const largest = new Map<number, number>();
  for (const guess of guesses) {
    partitionSizes(game, guess, members, counts, scratch);
    counts[game.solved] = 0;
    largest.set(guess, Math.max(...counts));
  }
  const sign = largestFirst ? -1 : 1;
  return Int32Array.from(guesses).sort(
    (a, b) => sign * (largest.get(a)! - largest.get(b)!) || a - b,
  );
}

/** The largest class each guess leaves of `members`, and its least over every guess. */
export function hardestSplit(game: Game, members: Int32Array): number {
  const table = game.searchTable()!;
  const counts = new Int32Array(game.answers);
  let least = Number.POSITIVE_INFINITY;
  for (let guess = 0; guess < game.size; guess++) {
    counts.fill(0);
    const row = guess * game.size;
    let largest = 0;
    for (let i = 0; i < members.length; i++) {
      const answer = table[row + members[i]];
      if (answer !== game.solved && ++counts[answer] > largest) largest = counts[answer];
      if (largest >= least) break;
    }
    if (largest < least) least = largest;
  }
  return least;
}
