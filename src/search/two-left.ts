/**
 * Nodes with two guesses left, decided fast, for searches that only decide whether a strategy
 * keeps to a depth (`SearchOptions.firstFound` with `earlyCount`). Such a node is solved within
 * two exactly when some code splits its candidates apart (each a different answer): guess it,
 * then the one secret left. Refuting a depth of 5 of 10, such nodes are almost all of the search (358,218 of
 * the 362,906 nodes of one class of 360 within four), nearly all of them with no such code, and
 * ranking one reads every code's answers from every candidate.
 *
 * But a code gets no more different answers from a class than from any set that holds it. Each
 * such node is a class of a guess at a node with three guesses left (its parent), so each code's
 * number of answers from the parent's candidates, counted once for all its classes, leaves only
 * the codes that could split a class of n apart: those with n answers or more there, about 1 % of
 * the codes on 5 of 10 (docs/performance.md). Those are read candidate by candidate, each code
 * dropped at its first repeated answer, by the ranking kernels (`RankingKernels.splitter`: in
 * WebAssembly where it runs).
 */
import { contains } from '../candidates.js';
import type { Game } from '../game.js';
import { packCost } from './cost.js';
import { ANSWER_COUNTS } from './mask-memory.js';
import type { RankingKernels } from './ranking.js';
import type { SetCache } from './set-cache.js';

/** The most answers a game may have for this to serve: one bit each in a 32-bit mask. */
const MAX_ANSWERS = 32;

/** The codes that can split a node with two guesses left apart, found from its parent's. */
export class TwoLeft {
  readonly #kernels: RankingKernels;
  readonly #cache: SetCache;
  /** The candidates of the node with three guesses left being searched, if one is. */
  #parent: Int32Array | undefined;
  /** Whether `#byCount` and `#atLeast` are the parent's yet (made at its first class asked). */
  #counted = false;
  /** The codes, those with the most answers from the parent first. */
  readonly #byCount: Int32Array;
  /** `#atLeast[k]`: how many codes get k answers or more from the parent. */
  readonly #atLeast = new Int32Array(ANSWER_COUNTS);
  /** The members of the largest class `largestSplits` asks about. */
  readonly #largest: Int32Array;

  /** For `game`, its codes scored by `kernels`, the search's sets solved kept in `cache`. */
  constructor(game: Game, kernels: RankingKernels, cache: SetCache) {
    const size = game.size;
    this.#kernels = kernels;
    this.#cache = cache;
    this.#byCount = new Int32Array(size);
    this.#largest = new Int32Array(size);
  }

  /** Whether it serves a game of `answers` answers. */
  static serves(answers: number): boolean {
    return answers <= MAX_ANSWERS;
  }

  /** Whether a node with three guesses left is being searched (its classes can be asked about). */
  get ready(): boolean {
    return this.#parent !== undefined;
  }

  /** A node with three guesses left, `candidates`, is searched from now until `leave`. */
  enter(candidates: Int32Array): void {
    this.#parent = candidates;
    this.#counted = false;
  }

  leave(): void {
    this.#parent = undefined;
  }

  /**
   * The width of the node entered (search/bounds.ts): the most answers other than all hits that
   * one code gets from its candidates. A class of a guess there is solved within the two guesses
   * left only by a code that splits it apart, so it has at most the width + 1 secrets (all hits
   * the splitter's own answer): often fewer than its parent's width allows.
   */
  width(): number {
    if (!this.#counted) this.#countParent();
    const atLeast = this.#atLeast;
    let most = 0;
    while (most + 1 < ANSWER_COUNTS && atLeast[most + 1] > 0) most++;
    // The codes with the most answers come first. One that is not a candidate gets that many
    // besides all hits; if all are candidates, all hits is among the answers of each.
    const parent = this.#parent!;
    for (let i = 0; i < atLeast[most]; i++) {
      if (!contains(parent, this.#byCount[i])) return most;
    }
    return most - 1;
  }

  /**
   * The cost (packed: search/cost.ts) of `candidates`, a class of a guess at the node entered,
   * within two guesses: the cache's if it has decided them, else that of guessing the first code
   * found that splits them apart (`splitter`), then the secret left, or ∞ if none does, cached.
   * The first such code, not the cheapest: for a search that settles for the first strategy.
   */
  decide(candidates: Int32Array): number {
    // No code gets that many answers from the node: refuted before the cache is asked.
    if (this.#live(candidates.length) === 0) return Number.POSITIVE_INFINITY;
    const cache = this.#cache;
    const slot = cache.find(candidates, 2);
    if (slot >= 0 && (cache.guess(slot) >= 0 || cache.cost(slot) === Number.POSITIVE_INFINITY)) {
      return cache.cost(slot);
    }
    const guess = this.splitter(candidates);
    const n = candidates.length;
    const cost =
      guess < 0
        ? Number.POSITIVE_INFINITY
        : packCost(2 * n - (candidates.includes(guess) ? 1 : 0), 2);
    cache.set(candidates, 2, cost, guess, false);
    return cost;
  }

  /**
   * Whether the largest class of `candidates` by their answers to `guess` (a guess at the node
   * entered; all hits aside) can be solved within two guesses (`decide`): where it cannot,
   * neither can the guess keep to three. Only that class is gathered, not the guess's split.
   */
  largestSplits(guess: number, candidates: Int32Array): boolean {
    const size = this.#kernels.largest(guess, candidates, this.#largest);
    return size === 0 || this.decide(this.#largest.subarray(0, size)) < Number.POSITIVE_INFINITY;
  }

  /**
   * A code whose answers split `candidates` apart, or −1 if none does; `candidates` a class of a
   * guess at the node entered.
   */
  splitter(candidates: Int32Array): number {
    const live = this.#live(candidates.length);
    return live === 0 ? -1 : this.#kernels.splitter(candidates, live);
  }

  /** How many codes get `n` answers or more from the node entered: those that may split n apart. */
  #live(n: number): number {
    if (n > MAX_ANSWERS) return 0;
    if (!this.#counted) this.#countParent();
    return this.#atLeast[n];
  }

  /** Counts each code's answers from the parent, and orders the codes by them. */
  #countParent(): void {
    this.#kernels.answerOrder(this.#parent!, this.#atLeast, this.#byCount);
    this.#counted = true;
  }
}
