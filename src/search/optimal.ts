import { analyze } from '../analyze.js';
/**
 * Exact optimal strategies, proved by exhaustive depth-first branch and bound.
 *
 * The state of the search is the set C of secrets still possible: the best play from C depends
 * on nothing else. A guess g splits C into classes C_a by answer, and costs
 *
 *     cost(C, g) = (|C|, 1) ⊕ Σ_a cost(C_a)          (the all-hits class is done)
 *
 * where a cost is the pair (total guesses over the secrets, most guesses for one secret), added
 * as totals and maxed as depths, and compared lexicographically: the least total, ties to the
 * smaller maximum. That order is what `--objective expected` asks for; `--max-depth D` keeps the
 * same order but allows only strategies that never need more than D guesses, and
 * `--objective worst` is the least D for which any strategy exists, then the least total at it.
 *
 * At each node:
 * - only essentially different guesses are tried (search/symmetry.ts: the full group at large
 *   nodes, the colour classes at small ones), and only guesses that split C at all;
 * - each guess gets an admissible lower bound from its class sizes (search/bounds.ts), and the
 *   guesses are tried in order of that bound, so good strategies come first and the loop stops
 *   as soon as the bound reaches the best found;
 * - a candidate that splits C into singletons costs (2|C| − 1, 2), the least any strategy can,
 *   so it ends the node at once; classes of one or two secrets are never searched (their cost is
 *   exact: (1, 1) and (3, 2));
 * - before a guess's classes are solved, each class of six or more secrets gets a lookahead
 *   bound: the least, over every guess at that class, of the size bounds of the classes it
 *   would make (the ranking a search of the class starts with anyway, so it is kept and reused
 *   if the class is searched). This is admissible: a class's cost is its size plus the cost of
 *   its best guess's classes, each at least its size bound. Most guesses that cannot win are
 *   refuted here, before any class is solved in vain;
 * - each class gets the budget left by the best so far minus the others' lower bounds, so a
 *   child fails as soon as it cannot lead to an improvement;
 * - results are cached by candidate set and depth budget: exact costs with their best guess, and
 *   for failed searches the lower bound they proved, which later visits start from.
 *
 * "Proved" means the search finished: every guess was either evaluated or cut by a bound that
 * is admissible, so no better strategy exists.
 */
import { popcount32 } from '../bits.js';
import { allCandidates, classOf, partition } from '../candidates.js';
import { answerOf, canOccur } from '../feedback.js';
import type { Game } from '../game.js';
import { heuristicStrategy } from '../strategies/heuristic.js';
import type { GameState, Strategy } from '../strategies/strategy.js';
import type { TreeNode } from '../tree.js';
import { SizeBounds } from './bounds.js';
import {
  colourClassRepresentatives,
  colourRepresentatives,
  guessRepresentatives,
  hasPositionalSymmetry,
} from './symmetry.js';

export const OBJECTIVES = ['expected', 'worst'] as const;
export type Objective = (typeof OBJECTIVES)[number];

/** No depth budget. */
export const UNLIMITED = 255;
/** Nodes at least this large use the full symmetry group. */
const FULL_SYMMETRY_MIN_CANDIDATES = 24;
/** Classes at least this large get a lookahead bound before a guess's classes are solved. */
const LOOKAHEAD_MIN_CANDIDATES = 6;
/** The most colour states whose representatives a search keeps before starting afresh. */
const COLOUR_STATES_CACHED = 4096;
/** Colour sets are bit masks, and pairs of them one exact number, up to this many colours. */
const MASKED_COLOURS = 26;
/** Costs are packed into one number, total × 256 + max, so they compare in one step. */
const DEPTH_RADIX = 256;

/** A packed cost: total guesses and the worst case. */
export function packCost(total: number, max: number): number {
  return total * DEPTH_RADIX + max;
}

/** The total of a packed cost. */
export function costTotal(cost: number): number {
  return Math.floor(cost / DEPTH_RADIX);
}

/** The worst case of a packed cost. */
export function costMax(cost: number): number {
  return cost % DEPTH_RADIX;
}

/** Options of the search. */
export interface SearchOptions {
  /** Guess only codes still consistent with every answer. */
  consistentOnly?: boolean;
  /** Try one guess per symmetry class (default true). */
  symmetry?: boolean;
  /**
   * Bound a guess's classes by one level of lookahead before solving any (default true). Off
   * only to measure what it saves.
   */
  lookahead?: boolean;
  /** Called about every `progressEvery` nodes; return true to stop the search. */
  onProgress?: (progress: SearchProgress) => boolean | undefined;
  progressEvery?: number;
  /** The most codes the cache of solved sets keeps before it starts afresh. */
  cacheCodes?: number;
}

/** Where a running search stands. */
export interface SearchProgress {
  /** Nodes searched so far. */
  readonly nodes: number;
  /** The least total of a complete strategy found so far (∞ before the first). */
  readonly best: number;
  /** A proved lower bound on the optimal total. */
  readonly lowerBound: number;
}

/** Thrown through the recursion when `onProgress` asks the search to stop. */
export class SearchStopped extends Error {
  constructor() {
    super('search stopped');
    this.name = 'SearchStopped';
  }
}

/** The guesses of a node worth trying, with their sort keys (see `#rank`). */
interface Ranking {
  guesses: Int32Array;
  keys: Float64Array;
  count: number;
  skipped: number;
  /** Kept by `#lookahead` for the search of its class that may follow. */
  saved: boolean;
}

function newRanking(size: number): Ranking {
  return {
    guesses: new Int32Array(size),
    keys: new Float64Array(size),
    count: 0,
    skipped: Number.POSITIVE_INFINITY,
    saved: false,
  };
}

/** A cost, or proof that a node cannot beat its limit (`guess` −1 and `cost` a lower bound). */
interface Outcome {
  cost: number;
  guess: number;
}

/**
 * Branch and bound over guesses for one game. Keeps its cache between calls, so asking for the
 * best guess at every node of the optimal tree after proving the root costs little.
 */
export class OptimalSearch {
  readonly bounds: SizeBounds;
  /** Nodes searched (cache misses that were expanded). */
  nodes = 0;
  /** Classes ranked only for their lookahead bound (see `#lookahead`). */
  lookaheads = 0;
  /**
   * Whether `onProgress` may stop the search. Cleared once a stopped search's best strategy is
   * handed out: playing it may search again for a result the cache forgot, and must finish.
   */
  stoppable = true;
  /** The best cost found so far at the node `solve` was called on, and its guess (−1: none). */
  rootBest = Number.POSITIVE_INFINITY;
  rootGuess = -1;
  /** The bound of the guess being tried there: no untried guess has a lower one. */
  frontier = 0;
  /** Set by `#node`: the best guess of the cost it returned, or −1 for a lower bound. */
  #nodeGuess = -1;
  /** Set by `#known`: its result is an exact cost, not a bound. */
  #knownExact = false;
  /** Set by `#known`: its bound comes from a search or lookahead of this very set (cached). */
  #knownSearched = false;
  #rootLevel = 0;
  readonly #table: Uint8Array;
  /** The table read four answers at a time (little-endian), when every row is word-aligned. */
  readonly #tableWords: Uint32Array | undefined;
  readonly #cache: SetCache;
  readonly #consistentOnly: boolean;
  readonly #symmetry: boolean;
  readonly #lookaheadOn: boolean;
  readonly #onProgress: SearchOptions['onProgress'];
  readonly #progressEvery: number;
  readonly #isCandidate: Uint8Array;
  readonly #counts: Int32Array;
  /** Partition buffers of `#evaluate`, one per level of the recursion. */
  readonly #splits: Split[] = [];
  /** Per level of the recursion, the indices of a ranking's guesses of equal key (`#node`). */
  readonly #batches: Int32Array[] = [];
  /** Ranking buffers, one per level of the recursion. */
  readonly #levels: Ranking[] = [];
  /** Per level of the recursion: the colours its guesses use, as a bit mask. */
  readonly #usedColours: number[] = [0];
  /** Per level: 1 if a position permutation fixes its guesses, 0 if not, −1 not known yet. */
  readonly #positional: number[] = [-1];
  /** Per code, its colours as a bit mask, when there are at most 26 colours. */
  readonly #colourMasks: Int32Array | undefined;
  /** Colour-only representatives by (unused colours, dead colours). */
  readonly #colourReps = new Map<number, Int32Array | undefined>();
  /** Per level, one ranking per answer: the lookaheads of a guess's classes (see `#lookahead`). */
  readonly #saved: Ranking[][] = [];
  /** Per code and answer, how many candidates give it (see `#rankStreaming`). */
  #classCounts: Uint16Array | undefined;
  /** log2 of the counters per code in `#classCounts`: answers rounded up to a power of two. */
  readonly #answerShift: number;
  /** Per code, the set of answers it gets from a node's candidates (see `#rankMasks`). */
  readonly #masks: Int32Array;
  readonly #guessHistory: number[] = [];

  constructor(
    readonly game: Game,
    options: SearchOptions = {},
  ) {
    const table = game.useTable();
    if (!table) {
      throw new RangeError(`exact search needs a score table; ${game.size} codes is too many`);
    }
    this.#table = table;
    this.#tableWords =
      game.size % 4 === 0 && table.byteOffset % 4 === 0
        ? new Uint32Array(table.buffer, table.byteOffset, table.length / 4)
        : undefined;
    this.#cache = new SetCache(options.cacheCodes);
    this.#consistentOnly = options.consistentOnly ?? false;
    this.#symmetry = options.symmetry ?? true;
    this.#lookaheadOn = options.lookahead ?? true;
    this.#onProgress = options.onProgress;
    this.#progressEvery = options.progressEvery ?? 4096;
    this.#isCandidate = new Uint8Array(game.size);
    this.#counts = new Int32Array(game.answers);
    this.#masks = new Int32Array(game.size);
    this.#answerShift = Math.ceil(Math.log2(game.answers));
    if (game.rules.colors <= MASKED_COLOURS) {
      const { pegs } = game;
      const symbols = game.codes.symbols;
      this.#colourMasks = new Int32Array(game.size);
      for (let code = 0; code < game.size; code++) {
        for (let i = 0; i < pegs; i++) this.#colourMasks[code] |= 1 << symbols[code * pegs + i];
      }
    }
    let possible = 0;
    for (let a = 0; a < game.answers; a++)
      if (canOccur(game.rules, answerOf(game.pegs, a))) possible++;
    this.bounds = new SizeBounds(Math.max(possible, 2), game.size);
  }

  /**
   * The least cost of solving `candidates` within `depth` guesses, if it is below `limit`
   * (a packed cost); otherwise a lower bound ≥ `limit` with guess −1. `history` is the guesses
   * that led here (for symmetry); it is restored before returning.
   */
  solve(
    candidates: Int32Array,
    history: readonly number[] = [],
    depth = UNLIMITED,
    limit = Number.POSITIVE_INFINITY,
  ): Outcome {
    this.#setHistory(history);
    this.#rootLevel = history.length;
    this.rootBest = Number.POSITIVE_INFINITY;
    this.rootGuess = -1;
    this.frontier = packCost(this.bounds.total[candidates.length], 0);
    const cost = this.#node(candidates, depth, limit);
    return { cost, guess: this.#nodeGuess };
  }

  /**
   * The guesses worth trying first at `candidates` (reached by `history`), in the order the
   * search tries them, with their lower bounds (packed costs). For splitting work at the top.
   */
  rankGuesses(
    candidates: Int32Array,
    history: readonly number[],
    depth = UNLIMITED,
  ): { guesses: number[]; bounds: number[] } {
    this.#setHistory(history);
    const ranking = this.#rank(candidates, depth, Number.POSITIVE_INFINITY);
    const order = Array.from({ length: ranking.count }, (_, i) => i);
    order.sort(
      (a, b) => ranking.keys[a] - ranking.keys[b] || ranking.guesses[a] - ranking.guesses[b],
    );
    return {
      guesses: order.map((i) => ranking.guesses[i]),
      bounds: order.map((i) => Math.floor(ranking.keys[i] / 2)),
    };
  }

  /**
   * The cost of playing `guess` at `candidates` (reached by `history`) and then the best
   * strategy within `depth`, if it is below `limit` (a packed cost); otherwise a lower bound
   * ≥ `limit`. For splitting the guesses of a node between threads.
   */
  evaluateGuess(
    candidates: Int32Array,
    history: readonly number[],
    guess: number,
    depth = UNLIMITED,
    limit = Number.POSITIVE_INFINITY,
  ): number {
    this.#setHistory(history);
    this.#rootLevel = history.length;
    return this.#evaluate(guess, candidates, depth, limit, this.#guessHistory);
  }

  /** The cached best guess for `candidates` within `depth`, searching if it is not cached. */
  bestGuess(candidates: Int32Array, history: readonly number[], depth = UNLIMITED): number {
    if (candidates.length <= 2) return candidates[0];
    const slot = this.#cache.find(candidates, depth);
    if (slot >= 0 && this.#cache.guess(slot) >= 0) return this.#cache.guess(slot);
    return this.solve(candidates, history, depth).guess;
  }

  /**
   * The search of one node: as `solve`, but the cost is returned and its guess (−1 when the cost
   * is only a lower bound) left in `#nodeGuess`, so that no object is made per node. `ranked`,
   * if given, is the node's ranking already made (by `#lookahead`, under a limit no lower than
   * `limit`).
   */
  #node(candidates: Int32Array, depth: number, limit: number, ranked?: Ranking): number {
    const n = candidates.length;
    const { bounds } = this;
    this.#nodeGuess = -1;
    if (bounds.depth[n] > depth) return Number.POSITIVE_INFINITY;
    if (n <= 2) {
      this.#nodeGuess = candidates[0];
      return n === 1 ? packCost(1, 1) : packCost(3, 2);
    }
    const floor = packCost(2 * n - 1, 2);
    if (floor >= limit) return floor;

    const cache = this.#cache;
    const slot = cache.find(candidates, depth);
    const cachedCost = slot >= 0 ? cache.cost(slot) : 0;
    if (slot >= 0 && (cache.guess(slot) >= 0 || cachedCost >= limit)) {
      this.#nodeGuess = cache.guess(slot);
      return cachedCost;
    }

    this.nodes++;
    if (
      this.#onProgress &&
      this.stoppable &&
      this.nodes % this.#progressEvery === 0 &&
      this.#onProgress({
        nodes: this.nodes,
        best: costTotal(this.rootBest),
        lowerBound: costTotal(Math.min(this.rootBest, this.frontier)),
      })
    ) {
      throw new SearchStopped();
    }

    const ranking = ranked ?? this.#rank(candidates, depth, limit);
    ranking.saved = false;
    const { keys, count } = ranking;
    const history = this.#guessHistory;
    let best = limit;
    let bestGuess = -1;
    let proved = ranking.skipped;
    // Take the guesses in order of key, a batch of equal keys per scan (in index order, as
    // picking one at a time would): the loop usually stops after a few batches, so this beats
    // sorting, and ties are common enough that it beats a scan per guess.
    const level = history.length;
    this.#batches[level] ??= new Int32Array(this.game.size);
    const batch = this.#batches[level];
    for (;;) {
      let ties = 0;
      let key = Number.POSITIVE_INFINITY;
      for (let i = 0; i < count; i++) {
        const k = keys[i];
        if (k < key) {
          key = k;
          ties = 0;
        }
        if (k === key) batch[ties++] = i;
      }
      if (key === Number.POSITIVE_INFINITY) break;
      const bound = Math.floor(key / 2);
      if (bound >= best) {
        proved = Math.min(proved, bound);
        break;
      }
      const atRoot = level === this.#rootLevel;
      if (atRoot) this.frontier = bound;
      for (let b = 0; b < ties && bound < best; b++) {
        keys[batch[b]] = Number.POSITIVE_INFINITY;
        const guess = ranking.guesses[batch[b]];
        const cost = this.#evaluate(guess, candidates, depth, best, history);
        if (cost < best) {
          best = cost;
          bestGuess = guess;
          if (atRoot) {
            this.rootBest = cost;
            this.rootGuess = guess;
          }
        } else {
          proved = Math.min(proved, cost);
        }
      }
      if (bound >= best) {
        proved = Math.min(proved, bound);
        break;
      }
    }
    if (bestGuess >= 0) {
      cache.set(candidates, depth, best, bestGuess);
      this.#nodeGuess = bestGuess;
      return best;
    }
    const lower = Math.max(proved, cachedCost);
    cache.set(candidates, depth, lower, -1);
    this.#nodeGuess = -1;
    return lower;
  }

  /** The ranking buffer of the current level of the recursion. */
  #levelRanking(): Ranking {
    const level = this.#guessHistory.length;
    this.#levels[level] ??= newRanking(this.game.size);
    return this.#levels[level];
  }

  /** The lookahead rankings of level `level`, one per answer. */
  #savedRankings(level: number): Ranking[] {
    this.#saved[level] ??= Array.from({ length: this.game.answers }, () =>
      newRanking(this.game.size),
    );
    return this.#saved[level];
  }

  /**
   * Scores the guesses worth trying at a node by the lower bound their class sizes give, and
   * keeps those below `limit`, keyed 2 × bound + (1 if not a candidate), so that the least key is
   * the next to try; `skipped` is the least bound among the others.
   */
  #rank(
    candidates: Int32Array,
    depth: number,
    limit: number,
    ranking: Ranking = this.#levelRanking(),
  ): Ranking {
    ranking.count = 0;
    ranking.skipped = Number.POSITIVE_INFINITY;
    const guesses = this.#guesses(candidates);
    const n = candidates.length;
    // The masks leave a guess's excess over P unsettled unless it could be the best; with three
    // guesses left that excess decides whether the guess keeps to the depth at all, so every
    // guess needs its counts then (Bulls and Cows within 6 guesses: 6 s instead of 16).
    if (
      this.game.answers <= 32 &&
      n <= this.bounds.capacity[3] &&
      (n <= this.bounds.answers || depth > 3)
    ) {
      this.#rankMasks(candidates, guesses, depth, limit, ranking);
    } else {
      this.#rankStreaming(candidates, guesses, depth, limit, ranking);
    }
    return ranking;
  }

  /**
   * Ranking at a node of at most what three guesses can cover, when answers fit in a 32-bit
   * mask. Below that size a class of c secrets has the size bound 2c − 1 + max(0, c − P) (see
   * search/bounds.ts), so a guess's bound is
   *
   *     n + Σ_a bound(c_a) = 3n − 2s − k + E,   E = Σ_a max(0, c_a − P),
   *
   * for k classes besides all hits (s = 1 for a candidate), and its depth bound is 2 when every
   * class is a singleton, 4 when E > 0, else 3. The sets of answers every code gets are
   * gathered at once as bit masks, streaming the candidates' rows of the table four rows at a
   * time (scores are symmetric, so a candidate's row holds every code's answer to it); that
   * gives s and k. E is 0 while n ≤ P; above, it is worked out (one pass over the candidates)
   * only for the guesses that could still be the best: first those with the least 3n − 2s − k,
   * then any other below the least bound so found. The rest keep 3n − 2s − k, which is a lower
   * bound too; a search evaluates each guess in full anyway. Above P secrets the depth left must
   * be at least 4 (`#rank` sees to it), so a guess with E > 0 keeps to it.
   */
  #rankMasks(
    candidates: Int32Array,
    guesses: Int32Array | undefined,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): void {
    const size = this.game.size;
    const n = candidates.length;
    const masks = this.#masks;
    masks.fill(0);
    this.#gatherAnswerMasks(candidates, masks);
    const solved = this.game.solved;
    const count = guesses ? guesses.length : size;
    let least = Number.POSITIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const guess = guesses ? guesses[i] : i;
      const mask = masks[guess];
      const s = (mask >>> solved) & 1;
      const k = popcount32(mask) - s;
      if (s === 0 && k === 1) continue;
      const deepest = k === n - s ? 2 : 3;
      if (deepest > depth) continue;
      const bound = 3 * n - 2 * s - k;
      if (bound < least) least = bound;
      offer(ranking, guess, packCost(bound, deepest), 1 - s, limit);
    }
    if (n <= this.bounds.answers || ranking.count === 0) return;
    // Settle E for the guesses with the least bound, then for any other still below the best.
    // Keys are 2 × packed cost + 0 or 1, so comparing totals is comparing keys with these.
    const leastFrom = 2 * packCost(least, 0);
    const leastTo = 2 * packCost(least + 1, 0);
    let best = Number.POSITIVE_INFINITY;
    for (let pass = 0; pass < 2; pass++) {
      const below = 2 * packCost(best, 0);
      for (let i = 0; i < ranking.count; i++) {
        const key = ranking.keys[i];
        if (pass === 0 ? key < leastFrom || key >= leastTo : key >= below) continue;
        const bound = costTotal(Math.floor(key / 2));
        const excess = this.#excess(ranking.guesses[i], candidates);
        if (excess > 0) {
          const raised = packCost(bound + excess, 4);
          if (raised >= limit) {
            if (raised < ranking.skipped) ranking.skipped = raised;
            removeAt(ranking, i--);
            continue;
          }
          ranking.keys[i] = 2 * raised + (ranking.keys[i] % 2);
        }
        if (bound + excess < best) best = bound + excess;
      }
    }
  }

  /**
   * ORs into `masks[code]` the bit of each answer `code` gets from `candidates`, streaming the
   * candidates' rows four at a time so that each mask is read and written once per four rows.
   */
  #gatherAnswerMasks(candidates: Int32Array, masks: Int32Array): void {
    const size = this.game.size;
    const n = candidates.length;
    const words = this.#tableWords;
    let i = 0;
    if (words) {
      for (; i + 4 <= n; i += 4) {
        const r0 = (candidates[i] * size) >> 2;
        const r1 = (candidates[i + 1] * size) >> 2;
        const r2 = (candidates[i + 2] * size) >> 2;
        const r3 = (candidates[i + 3] * size) >> 2;
        for (let q = 0, g = 0; g < size; q++, g += 4) {
          const w0 = words[r0 + q];
          const w1 = words[r1 + q];
          const w2 = words[r2 + q];
          const w3 = words[r3 + q];
          masks[g] |= (1 << (w0 & 255)) | (1 << (w1 & 255)) | (1 << (w2 & 255)) | (1 << (w3 & 255));
          masks[g + 1] |=
            (1 << ((w0 >>> 8) & 255)) |
            (1 << ((w1 >>> 8) & 255)) |
            (1 << ((w2 >>> 8) & 255)) |
            (1 << ((w3 >>> 8) & 255));
          masks[g + 2] |=
            (1 << ((w0 >>> 16) & 255)) |
            (1 << ((w1 >>> 16) & 255)) |
            (1 << ((w2 >>> 16) & 255)) |
            (1 << ((w3 >>> 16) & 255));
          masks[g + 3] |=
            (1 << (w0 >>> 24)) | (1 << (w1 >>> 24)) | (1 << (w2 >>> 24)) | (1 << (w3 >>> 24));
        }
      }
      for (; i < n; i++) {
        const r = (candidates[i] * size) >> 2;
        for (let q = 0, g = 0; g < size; q++, g += 4) {
          const w = words[r + q];
          masks[g] |= 1 << (w & 255);
          masks[g + 1] |= 1 << ((w >>> 8) & 255);
          masks[g + 2] |= 1 << ((w >>> 16) & 255);
          masks[g + 3] |= 1 << (w >>> 24);
        }
      }
      return;
    }
    const table = this.#table;
    for (; i < n; i++) {
      const row = candidates[i] * size;
      for (let g = 0; g < size; g++) masks[g] |= 1 << table[row + g];
    }
  }

  /** E = Σ_a max(0, c_a − P) for the classes `guess` makes of `candidates`. */
  #excess(guess: number, candidates: Int32Array): number {
    const row = guess * this.game.size;
    const table = this.#table;
    const counts = this.#counts;
    const P = this.bounds.answers;
    const n = candidates.length;
    let excess = 0;
    for (let j = 0; j < n; j++) if (++counts[table[row + candidates[j]]] > P) excess++;
    for (let j = 0; j < n; j++) counts[table[row + candidates[j]]] = 0;
    return excess;
  }

  /**
   * Ranking at a larger node: count every code's classes at once, streaming each candidate's
   * row of the table into one counter per code and answer (a tight loop over memory in order;
   * scores are symmetric, so a candidate's row holds every code's answer to it), then read each
   * guess's bound off its counters. Cheaper than counting guess by guess even when symmetry
   * leaves only a few guesses to try, because the rows are read in order.
   */
  #rankStreaming(
    candidates: Int32Array,
    guesses: Int32Array | undefined,
    depth: number,
    limit: number,
    ranking: Ranking,
  ): void {
    const game = this.game;
    const size = game.size;
    const table = this.#table;
    const n = candidates.length;
    const solved = game.solved;
    const answers = game.answers;
    const shift = this.#answerShift;
    this.#classCounts ??= new Uint16Array(size << shift);
    const counts = this.#classCounts;
    counts.fill(0);
    const words = this.#tableWords;
    for (let i = 0; i < n; i++) {
      const row = candidates[i] * size;
      if (words) {
        const start = row >> 2;
        for (let q = 0, g = 0; g < size; q++, g += 4) {
          const w = words[start + q];
          counts[(g << shift) | (w & 255)]++;
          counts[((g + 1) << shift) | ((w >>> 8) & 255)]++;
          counts[((g + 2) << shift) | ((w >>> 16) & 255)]++;
          counts[((g + 3) << shift) | (w >>> 24)]++;
        }
      } else {
        for (let g = 0; g < size; g++) counts[(g << shift) | table[row + g]]++;
      }
    }
    // Without branches on the counts: total[0] is 0, and the all-hits class (0 or 1 secret)
    // is taken back out after the loop. The largest class fixes the depth bound, which grows
    // with size; counting the all-hits class in it changes nothing once n ≥ 2.
    const { total, depth: depthBound } = this.bounds;
    const count = guesses ? guesses.length : size;
    for (let i = 0; i < count; i++) {
      const guess = guesses ? guesses[i] : i;
      const base = guess << shift;
      let sum = n;
      let largest = 0;
      for (let a = 0; a < answers; a++) {
        const c = counts[base + a];
        sum += total[c];
        largest = c > largest ? c : largest;
      }
      const candidate = counts[base + solved];
      sum -= candidate;
      const deepest = depthBound[largest] + 1;
      if (largest === n || deepest > depth) continue;
      offer(ranking, guess, packCost(sum, deepest), 1 - candidate, limit);
    }
  }

  /**
   * What is known of a class without searching it: its exact cost (returned, with `#knownExact`
   * set) from the cache or because a candidate splits it apart, else the best lower bound at
   * hand (`#knownSearched` set when that bound comes from a search or lookahead of this very
   * set). Results go in fields rather than a new object: this runs for every class of every
   * guess evaluated.
   */
  #known(candidates: Int32Array, depth: number): number {
    const n = candidates.length;
    this.#knownExact = false;
    this.#knownSearched = false;
    if (this.bounds.depth[n] > depth) return Number.POSITIVE_INFINITY;
    const sizeBound = packCost(this.bounds.total[n], this.bounds.depth[n]);
    if (n <= this.bounds.answers && this.#perfectCandidate(candidates) >= 0) {
      this.#knownExact = true;
      return packCost(2 * n - 1, 2);
    }
    const slot = this.#cache.find(candidates, depth);
    if (slot >= 0) {
      if (this.#cache.guess(slot) >= 0) {
        this.#knownExact = true;
        return this.#cache.cost(slot);
      }
      this.#knownSearched = true;
      return Math.max(this.#cache.cost(slot), sizeBound);
    }
    return n <= this.bounds.answers ? packCost(2 * n, 2) : sizeBound;
  }

  /**
   * A lower bound on the total of `candidates` within `depth`: the least bound of any guess by
   * the sizes of the classes it makes (∞ if no guess keeps to the depth). Cached as a bound, so
   * the class is ranked once however many guesses make it. Only for sets with nothing cached
   * (`#known` says so): anything cached already bounds at least as well, since a search of the
   * class ranks it first. The ranking is left in `ranking`, marked saved, for a search of the
   * class that follows; it keeps only the guesses whose bounds are below `limit`, which must be
   * at least the limit that search will have.
   */
  #lookahead(candidates: Int32Array, depth: number, ranking: Ranking, limit: number): number {
    this.lookaheads++;
    this.#rank(candidates, depth, limit, ranking);
    ranking.saved = true;
    // floor(key / 2) is monotone, so the least bound is that of the least key.
    let key = Number.POSITIVE_INFINITY;
    for (let i = 0; i < ranking.count; i++) if (ranking.keys[i] < key) key = ranking.keys[i];
    const least = Math.min(ranking.skipped, Math.floor(key / 2));
    this.#cache.set(candidates, depth, least, -1);
    return costTotal(least);
  }

  /** A candidate whose answers split the others apart, or −1. */
  #perfectCandidate(candidates: Int32Array): number {
    const size = this.game.size;
    const table = this.#table;
    const n = candidates.length;
    if (this.game.answers <= 32) {
      // Answers as bits: a candidate fails at its first repeated answer, usually within a few.
      for (let i = 0; i < n; i++) {
        const row = candidates[i] * size;
        let seen = 0;
        let j = 0;
        for (; j < n; j++) {
          const bit = 1 << table[row + candidates[j]];
          if ((seen & bit) !== 0) break;
          seen |= bit;
        }
        if (j === n) return candidates[i];
      }
      return -1;
    }
    const seen = this.#counts;
    for (let i = 0; i < n; i++) {
      const row = candidates[i] * size;
      let parts = 0;
      for (let j = 0; j < n; j++) if (seen[table[row + candidates[j]]]++ === 0) parts++;
      for (let j = 0; j < n; j++) seen[table[row + candidates[j]]] = 0;
      if (parts === n) return candidates[i];
    }
    return -1;
  }

  /** Starts the recursion at `history`: the guesses that led to the node searched. */
  #setHistory(history: readonly number[]): void {
    this.#guessHistory.length = 0;
    for (const guess of history) this.#push(guess);
  }

  /** Plays `guess` one level down, noting the symmetry facts of the new level. */
  #push(guess: number): void {
    const history = this.#guessHistory;
    history.push(guess);
    const level = history.length;
    this.#usedColours[level] = this.#usedColours[level - 1] | (this.#colourMasks?.[guess] ?? 0);
    this.#positional[level] = -1;
  }

  /** Whether a position permutation fixes the guesses of `level` (worked out when first asked). */
  #hasPositional(level: number): boolean {
    if (this.#positional[level] < 0) {
      const guesses = this.#guessHistory.slice(0, level);
      this.#positional[level] = hasPositionalSymmetry(this.game, guesses) ? 1 : 0;
    }
    return this.#positional[level] === 1;
  }

  /**
   * The guesses worth trying at a node, or undefined for every code: one per orbit of the
   * state's symmetry group (search/symmetry.ts). When no position permutation fixes the guesses
   * played, or the node is small, only colours are renamed (unused ones, dead ones), and the
   * representatives are cached here by those two sets as bit masks.
   */
  #guesses(candidates: Int32Array): Int32Array | undefined {
    const game = this.game;
    let representatives: Int32Array | undefined;
    const level = this.#guessHistory.length;
    const masks = this.#colourMasks;
    if (!this.#symmetry) {
      representatives = undefined;
    } else if (
      masks &&
      (candidates.length < FULL_SYMMETRY_MIN_CANDIDATES || !this.#hasPositional(level))
    ) {
      const all = 2 ** game.rules.colors - 1;
      let live = 0;
      for (let i = 0; i < candidates.length; i++) live |= masks[candidates[i]];
      const key = (all & ~this.#usedColours[level]) * (all + 1) + (all & ~live);
      if (this.#colourReps.has(key)) {
        representatives = this.#colourReps.get(key);
      } else {
        const unused = coloursOf(all & ~this.#usedColours[level]);
        representatives = colourClassRepresentatives(game, unused, coloursOf(all & ~live));
        if (this.#colourReps.size >= COLOUR_STATES_CACHED) this.#colourReps.clear();
        this.#colourReps.set(key, representatives);
      }
    } else {
      const history = this.#guessHistory.map((guess) => ({ guess, answer: 0 }));
      representatives =
        candidates.length >= FULL_SYMMETRY_MIN_CANDIDATES
          ? guessRepresentatives(game, history, candidates)
          : colourRepresentatives(game, history, candidates);
    }
    if (!this.#consistentOnly) return representatives;
    if (!representatives) return candidates;
    const isCandidate = this.#isCandidate;
    for (let i = 0; i < candidates.length; i++) isCandidate[candidates[i]] = 1;
    const consistent = representatives.filter((code) => isCandidate[code] === 1);
    for (let i = 0; i < candidates.length; i++) isCandidate[candidates[i]] = 0;
    return consistent;
  }

  /**
   * The cost of `guess` at a node if it beats `best` (a packed cost); otherwise a lower bound on
   * it that is ≥ `best`.
   */
  #evaluate(
    guess: number,
    candidates: Int32Array,
    depth: number,
    best: number,
    history: number[],
  ): number {
    const game = this.game;
    const table = this.#table;
    const n = candidates.length;
    const row = guess * game.size;
    const answers = game.answers;
    const level = history.length;
    this.#splits[level] ??= newSplit(game.size, answers);
    const { grouped, start, next, lower, searched, classes, sortKey, order } = this.#splits[level];
    start.fill(0);
    for (let j = 0; j < n; j++) start[table[row + candidates[j]] + 1]++;
    for (let a = 0; a < answers; a++) {
      start[a + 1] += start[a];
      next[a] = start[a];
    }
    for (let j = 0; j < n; j++) grouped[next[table[row + candidates[j]]]++] = candidates[j];

    // Settle what is cheap before recursing: classes of one or two, classes already cached, and
    // small classes a candidate splits apart; the others get their best known lower bound.
    // `classes` lists the rest in the order they will be solved (insertion sort: there are at
    // most P of them). Against a best so far, smallest first: small classes are cheap to solve
    // exactly, so a guess that cannot win is refuted with little work, and the large classes,
    // solved last, get the tightest budgets (measured: a fifth fewer lookaheads than largest
    // first on Mastermind, 4 × 7 in 12 s instead of 15). With no best yet there is no budget
    // to tighten, and what can end the guess early is a class that does not fit the depth cap
    // at all, most likely a large one: largest first (Bulls and Cows within 6 guesses is
    // proved impossible in 6 s instead of 26).
    let unsettled = 0;
    let rest = 0;
    let total = n;
    let deepest = 1;
    for (let a = 0; a < answers; a++) {
      const c = start[a + 1] - start[a];
      if (c === 0 || a === game.solved) continue;
      if (c <= 2) {
        total += c === 1 ? 1 : 3;
        deepest = Math.max(deepest, c + 1);
        continue;
      }
      const known = this.#known(grouped.subarray(start[a], start[a + 1]), depth - 1);
      // A class that cannot be solved within the depth left rules the guess out.
      if (known === Number.POSITIVE_INFINITY) return known;
      if (this.#knownExact) {
        total += costTotal(known);
        deepest = Math.max(deepest, costMax(known) + 1);
        continue;
      }
      lower[a] = costTotal(known);
      searched[a] = this.#knownSearched ? 1 : 0;
      rest += lower[a];
      sortKey[a] = best === Number.POSITIVE_INFINITY ? -c : c;
      let i = unsettled++;
      for (; i > 0 && sortKey[classes[i - 1]] > sortKey[a]; i--) classes[i] = classes[i - 1];
      classes[i] = a;
    }
    const bestTotal = costTotal(best);
    if (total + rest > bestTotal) return packCost(total + rest, 0);
    this.#push(guess);
    try {
      // Before solving any class, raise each larger one's bound to what its best guess's class
      // sizes allow (one level of lookahead): most guesses that cannot win fail here, before
      // any class is solved in vain. The classes go in order of what a lookahead gains for its
      // work (a rank: work in proportion to the class's size). Measured on Bulls and Cows and
      // Mastermind, that peaks for classes a little over P (answers per guess): smaller ones
      // are mostly split apart as the size bound assumes, and for much larger ones one level
      // adds little to the size bound for much work. Nearest 5P/4 first halves the work.
      const saved = this.#savedRankings(level + 1);
      for (let i = 0; i < unsettled; i++) saved[classes[i]].saved = false;
      let looked = 0;
      if (this.#lookaheadOn) {
        const target = (5 * this.bounds.answers) / 4;
        for (let i = 0; i < unsettled; i++) {
          const a = classes[i];
          const c = start[a + 1] - start[a];
          if (c < LOOKAHEAD_MIN_CANDIDATES || searched[a]) continue;
          let j = looked++;
          for (
            ;
            j > 0 && Math.abs(classSize(start, order[j - 1]) - target) > Math.abs(c - target);
            j--
          )
            order[j] = order[j - 1];
          order[j] = a;
        }
      }
      for (let i = 0; i < looked; i++) {
        const a = order[i];
        const members = grouped.subarray(start[a], start[a + 1]);
        // The class's budget can only shrink from here (its siblings' bounds only rise), so
        // its search will never try a guess whose bound reaches today's: none are kept.
        const budget = packCost(bestTotal - total - (rest - lower[a]) + 1, 0);
        const lookahead = this.#lookahead(members, depth - 1, saved[a], budget);
        if (lookahead === Number.POSITIVE_INFINITY) return lookahead;
        if (lookahead > lower[a]) {
          rest += lookahead - lower[a];
          lower[a] = lookahead;
          if (total + rest > bestTotal) return packCost(total + rest, 0);
        }
      }
      for (let i = 0; i < unsettled; i++) {
        const a = classes[i];
        rest -= lower[a];
        const allowed = bestTotal - total - rest;
        if (allowed < lower[a]) return packCost(total + lower[a] + rest, 0);
        const cost = this.#node(
          grouped.subarray(start[a], start[a + 1]),
          depth - 1,
          packCost(allowed + 1, 0),
          saved[a].saved ? saved[a] : undefined,
        );
        saved[a].saved = false;
        if (this.#nodeGuess < 0) return packCost(total + costTotal(cost) + rest, 0);
        total += costTotal(cost);
        deepest = Math.max(deepest, costMax(cost) + 1);
      }
    } finally {
      history.pop();
    }
    return packCost(total, deepest);
  }
}

/** The partition buffers of one level of `#evaluate`. */
interface Split {
  /** The candidates grouped by answer: class a is grouped[start[a]] … grouped[start[a + 1] − 1]. */
  grouped: Int32Array;
  start: Int32Array;
  next: Int32Array;
  lower: Float64Array;
  /** 1 where the class's lower bound is already a searched one (see `#known`). */
  searched: Uint8Array;
  /** The answers whose classes are left to solve, in the order they are solved. */
  classes: Int32Array;
  /** Per answer, its class's place in that order (the least first). */
  sortKey: Int32Array;
  /** Those to look ahead, in the order it is done. */
  order: Int32Array;
}

function newSplit(size: number, answers: number): Split {
  return {
    grouped: new Int32Array(size),
    start: new Int32Array(answers + 1),
    next: new Int32Array(answers),
    lower: new Float64Array(answers),
    searched: new Uint8Array(answers),
    classes: new Int32Array(answers),
    sortKey: new Int32Array(answers),
    order: new Int32Array(answers),
  };
}

/** The size of class `a` of a split. */
function classSize(start: Int32Array, a: number): number {
  return start[a + 1] - start[a];
}

/**
 * A map from (set of codes, depth budget) to a result: a packed cost, and its best guess (−1 when
 * the cost is a proved lower bound). Keys are 32-bit hashes of the set, and every hit is checked
 * against the stored set, so a collision can cost time but never a wrong answer. Everything is
 * kept in typed arrays, nothing in objects: the sets as 16-bit codes (exact searches need a score
 * table, so codes are below 8192) one after another in one growing slab, and per entry its
 * place in the slab, depth, hash, result and the next entry of its bucket. Searches make
 * thousands of entries a second, and objects for them kept the garbage collector busy. When the
 * cache holds more than `maxCodes` codes or `maxEntries` sets it starts afresh: memory stays
 * bounded, and a forgotten result is only searched again.
 */
class SetCache {
  /** Per bucket (hash & mask), its first entry + 1 (0: none). */
  #heads = new Int32Array(1 << 12);
  #slab = new Uint16Array(1 << 16);
  #codes = 0;
  #entries = 0;
  #offsets = new Int32Array(1 << 10);
  #lengths = new Int32Array(1 << 10);
  #depths = new Uint8Array(1 << 10);
  #hashes = new Int32Array(1 << 10);
  #next = new Int32Array(1 << 10);
  #costs = new Float64Array(1 << 10);
  #guesses = new Int32Array(1 << 10);

  constructor(
    readonly maxCodes = 64_000_000,
    readonly maxEntries = 4_000_000,
  ) {}

  /** The entry for `codes` within `budget`, or −1. */
  find(codes: Int32Array, budget: number): number {
    const depth = effectiveDepth(codes, budget);
    return this.#lookup(codes, depth, hashSet(codes, depth));
  }

  /** The entry for `codes` at `depth` (the effective one), whose hash is `hash`, or −1. */
  #lookup(codes: Int32Array, depth: number, hash: number): number {
    const heads = this.#heads;
    for (let e = heads[hash & (heads.length - 1)] - 1; e >= 0; e = this.#next[e]) {
      if (this.#hashes[e] === hash && this.#depths[e] === depth && this.#holds(e, codes)) return e;
    }
    return -1;
  }

  cost(entry: number): number {
    return this.#costs[entry];
  }

  guess(entry: number): number {
    return this.#guesses[entry];
  }

  set(codes: Int32Array, budget: number, cost: number, guess: number): void {
    const depth = effectiveDepth(codes, budget);
    const hash = hashSet(codes, depth);
    const found = this.#lookup(codes, depth, hash);
    if (found >= 0) {
      this.#costs[found] = cost;
      this.#guesses[found] = guess;
      return;
    }
    if (this.#codes + codes.length > this.maxCodes || this.#entries >= this.maxEntries) {
      this.#heads.fill(0);
      this.#codes = 0;
      this.#entries = 0;
    }
    if (this.#codes + codes.length > this.#slab.length) {
      this.#slab = grown(this.#slab, this.#codes + codes.length);
    }
    this.#slab.set(codes, this.#codes);
    const entry = this.#entries++;
    if (entry === this.#offsets.length) this.#growEntries();
    this.#offsets[entry] = this.#codes;
    this.#lengths[entry] = codes.length;
    this.#depths[entry] = depth;
    this.#hashes[entry] = hash;
    this.#costs[entry] = cost;
    this.#guesses[entry] = guess;
    this.#codes += codes.length;
    if (this.#entries > this.#heads.length) {
      this.#rehash(2 * this.#heads.length);
    } else {
      const bucket = hash & (this.#heads.length - 1);
      this.#next[entry] = this.#heads[bucket] - 1;
      this.#heads[bucket] = entry + 1;
    }
  }

  /** Whether entry `e` holds exactly `codes`. */
  #holds(e: number, codes: Int32Array): boolean {
    if (this.#lengths[e] !== codes.length) return false;
    const slab = this.#slab;
    for (let i = 0, j = this.#offsets[e]; i < codes.length; i++, j++)
      if (slab[j] !== codes[i]) return false;
    return true;
  }

  #growEntries(): void {
    const size = 2 * this.#offsets.length;
    this.#offsets = grown(this.#offsets, size);
    this.#lengths = grown(this.#lengths, size);
    this.#depths = grown(this.#depths, size);
    this.#hashes = grown(this.#hashes, size);
    this.#next = grown(this.#next, size);
    this.#costs = grown(this.#costs, size);
    this.#guesses = grown(this.#guesses, size);
  }

  /** Rebuilds the buckets with `buckets` of them (a power of two), about one entry each. */
  #rehash(buckets: number): void {
    const heads = new Int32Array(buckets);
    for (let e = 0; e < this.#entries; e++) {
      const bucket = this.#hashes[e] & (buckets - 1);
      this.#next[e] = heads[bucket] - 1;
      heads[bucket] = e + 1;
    }
    this.#heads = heads;
  }
}

/** A copy of `array` at least `size` long (twice as long, if that is more). */
function grown<T extends Uint8Array | Uint16Array | Int32Array | Float64Array>(
  array: T,
  size: number,
): T {
  const copy = new (array.constructor as new (length: number) => T)(
    Math.max(2 * array.length, size),
  );
  copy.set(array);
  return copy;
}

/**
 * The depth budget as far as it matters: every guess of a sensible strategy rules out at least
 * one secret, so a budget of n guesses or more for n secrets binds nothing, and all such
 * budgets share their results.
 */
function effectiveDepth(codes: Int32Array, budget: number): number {
  return Math.min(budget, codes.length);
}

/** A 32-bit hash of a set of codes and a depth (multiplicative, with a final mix). */
function hashSet(codes: Int32Array, depth: number): number {
  let h = Math.imul(0x811c9dc5 ^ depth, 0x01000193) ^ codes.length;
  for (let i = 0; i < codes.length; i++) {
    h = Math.imul(h ^ codes[i], 0x5bd1e995);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The colours in a bit mask, in increasing order. */
function coloursOf(mask: number): number[] {
  const colours: number[] = [];
  for (let c = 0; mask > 0; c++, mask = Math.floor(mask / 2)) if (mask % 2 === 1) colours.push(c);
  return colours;
}

/**
 * Keeps `guess` in `ranking` if its bound is below `limit`, keyed 2 × bound + `notCandidate`;
 * otherwise notes its bound among the skipped.
 */
function offer(
  ranking: Ranking,
  guess: number,
  bound: number,
  notCandidate: number,
  limit: number,
): void {
  if (bound >= limit) {
    if (bound < ranking.skipped) ranking.skipped = bound;
    return;
  }
  ranking.guesses[ranking.count] = guess;
  ranking.keys[ranking.count] = 2 * bound + notCandidate;
  ranking.count++;
}

/** Drops entry `i` of `ranking` (the last one takes its place). */
function removeAt(ranking: Ranking, i: number): void {
  const last = --ranking.count;
  ranking.guesses[i] = ranking.guesses[last];
  ranking.keys[i] = ranking.keys[last];
}

/**
 * When a search stops before its first complete strategy, the best at hand is a heuristic's:
 * Irving's expected size, if it keeps to the depth cap.
 */
export function heuristicFallback(
  game: Game,
  options: OptimalOptions,
  depth: number,
): { strategy: Strategy; cost: number } | undefined {
  const strategy = heuristicStrategy('expected-size', { consistentOnly: options.consistentOnly });
  const { total, max } = analyze(game, strategy);
  return max <= depth ? { strategy, cost: packCost(total, max) } : undefined;
}

/**
 * A strategy that plays the best guess `search` knows at every state, within `depth` guesses;
 * `first`, if given, is played at the start instead (the best opening of a stopped search).
 */
export function searchStrategy(search: OptimalSearch, depth = UNLIMITED, first?: number): Strategy {
  return {
    name: 'optimal',
    choose: (state: GameState) =>
      state.history.length === 0 && first !== undefined
        ? first
        : search.bestGuess(
            state.candidates,
            state.history.map((turn) => turn.guess),
            depth - state.history.length,
          ),
  };
}

/**
 * The tree of the best strategy `search` knows for `candidates` (reached by `history`) within
 * `depth`: its guess (or `first`, if given) and, for each answer but all hits, the subtree.
 */
export function exportSubtree(
  search: OptimalSearch,
  candidates: Int32Array,
  history: readonly number[],
  depth = UNLIMITED,
  first?: number,
): TreeNode {
  const game = search.game;
  const guess = first ?? search.bestGuess(candidates, history, depth);
  const split = partition(game, guess, candidates);
  const children = new Map<number, TreeNode>();
  for (let answer = 0; answer < game.answers; answer++) {
    if (answer === game.solved || split.start[answer + 1] === split.start[answer]) continue;
    children.set(
      answer,
      exportSubtree(search, classOf(split, answer), [...history, guess], depth - 1),
    );
  }
  return { guess, children };
}

/** What `findOptimal` is asked for. */
export interface OptimalOptions extends SearchOptions {
  objective?: Objective;
  /** Only strategies that never need more than this many guesses. */
  maxDepth?: number;
}

/** An optimal strategy, or the best found before the search was stopped. */
export interface OptimalResult {
  /** The strategy found; undefined if the search stopped before finding any. */
  readonly strategy: Strategy | undefined;
  /** Its cost (packed), when there is a strategy. */
  readonly cost: number;
  /** The search finished: no strategy is better. */
  readonly proved: boolean;
  /** A proved lower bound on the optimal total. */
  readonly lowerBound: number;
  /** The depth budget the strategy was found under (`worst`: the least possible worst case). */
  readonly depth: number;
  readonly nodes: number;
  /** Classes ranked for their lookahead bound alone (see `OptimalSearch.lookaheads`). */
  readonly lookaheads: number;
  /** No strategy obeys the depth cap at all. */
  readonly impossible: boolean;
}

/**
 * Finds an optimal strategy for the whole game. `expected` minimises the total (ties: the
 * smaller worst case) within `maxDepth`; `worst` finds the least depth any strategy can keep to
 * (at most `maxDepth`), then the least total at that depth.
 */
export function findOptimal(game: Game, options: OptimalOptions = {}): OptimalResult {
  const search = new OptimalSearch(game, options);
  const all = allCandidates(game);
  const cap = options.maxDepth ?? UNLIMITED;
  const depths = depthsToTry(options, search.bounds.depth[game.size]);
  let lowerBound = search.bounds.total[game.size];
  for (const depth of depths) {
    try {
      const outcome = search.solve(all, [], depth);
      if (outcome.guess >= 0) {
        return {
          strategy: searchStrategy(search, depth),
          cost: outcome.cost,
          proved: true,
          lowerBound: costTotal(outcome.cost),
          depth,
          nodes: search.nodes,
          lookaheads: search.lookaheads,
          impossible: false,
        };
      }
    } catch (error) {
      if (!(error instanceof SearchStopped)) throw error;
      search.stoppable = false;
      const found = search.rootGuess >= 0;
      const fallback = found ? undefined : heuristicFallback(game, options, depth);
      return {
        strategy: found ? searchStrategy(search, depth, search.rootGuess) : fallback?.strategy,
        cost: found ? search.rootBest : (fallback?.cost ?? Number.POSITIVE_INFINITY),
        proved: false,
        lowerBound: Math.max(
          lowerBound,
          Math.min(costTotal(search.frontier), costTotal(search.rootBest)),
        ),
        depth,
        nodes: search.nodes,
        lookaheads: search.lookaheads,
        impossible: false,
      };
    }
    lowerBound = Math.max(lowerBound, search.bounds.total[game.size]);
  }
  return impossible(cap, search.nodes, search.lookaheads);
}

/**
 * The depth budgets to search in turn: the cap for `expected`; for `worst`, every depth from the
 * least the size bound allows up to the cap, until one has a strategy.
 */
export function depthsToTry(options: OptimalOptions, least: number): number[] {
  const cap = options.maxDepth ?? UNLIMITED;
  if (options.objective !== 'worst') return [cap];
  return Array.from({ length: Math.max(0, cap - least + 1) }, (_, i) => least + i);
}

/** The result when no strategy keeps to the depth cap. */
export function impossible(cap: number, nodes: number, lookaheads: number): OptimalResult {
  return {
    strategy: undefined,
    cost: Number.POSITIVE_INFINITY,
    proved: true,
    lowerBound: Number.POSITIVE_INFINITY,
    depth: cap,
    nodes,
    lookaheads,
    impossible: true,
  };
}
