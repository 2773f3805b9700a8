/**
 * Exact optimal strategies, proved by exhaustive depth-first branch and bound: the search of one
 * node (a set of secrets still possible) and everything below it.
 *
 * The state of the search is the set C of secrets still possible: the best play from C depends
 * on nothing else. A guess g splits C into classes C_a by answer, and costs
 *
 *     cost(C, g) = (|C|, 1) ⊕ Σ_a cost(C_a)          (the all-hits class is done)
 *
 * where a cost is the pair (total guesses over the secrets, most guesses for one secret), added
 * as totals and maxed as depths, and compared lexicographically (search/cost.ts). A depth
 * budget allows only strategies that never need more guesses than it.
 *
 * At each node:
 * - only essentially different guesses are tried (search/guess-choice.ts), and only guesses that
 *   split C at all;
 * - each guess gets an admissible lower bound from its class sizes (search/ranking.ts), under
 *   the bounds of the node's width, the most answers one guess gets from it (search/bounds.ts:
 *   no class below can be wider), and the guesses are tried in order of that bound, so good
 *   strategies come first and the loop stops as soon as the bound reaches the best found;
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
 * - results are cached by candidate set and depth budget (search/set-cache.ts): exact costs with
 *   their best guess, and for failed searches the lower bound they proved, which later visits
 *   start from.
 *
 * "Proved" means the search finished: every guess was either evaluated or cut by a bound that
 * is admissible, so no better strategy exists. Splitting a whole game into jobs, running them
 * and merging their answers is search/optimal.ts's; this module searches one job.
 */
import { CodebreakerError } from '../errors.js';
import { canOccur } from '../feedback.js';
import { type Game, SEARCH_MAX_CODES } from '../game.js';
import { groupThousands } from '../numbers.js';
import { BoundsByWidth, type SizeBounds } from './bounds.js';
import { UNLIMITED, costMax, costTotal, keyBound, packCost } from './cost.js';
import { GuessChoice } from './guess-choice.js';
import { type Ranking, leastBound, newRanking } from './ranking-buffer.js';
import { RankingKernels } from './ranking.js';
import { SetCache } from './set-cache.js';
import { EXACT, SEARCHED, SIZE_ONLY, Split } from './split.js';

/** Throws a `too-large` error if `game` has more codes than the exact search takes. */
export function checkSearchable(game: Game): void {
  if (game.size <= SEARCH_MAX_CODES) return;
  throw new CodebreakerError(
    'too-large',
    `exact search needs a score table of every pair of codes; ${groupThousands(game.size)} codes is more than the ${groupThousands(SEARCH_MAX_CODES)} it handles`,
  );
}

/**
 * The longest the search goes without telling `onProgress`, in milliseconds: on the largest
 * games one node or lookahead can take a second (3,000 secrets ranked against 32,768 guesses),
 * so counting nodes alone would leave a request to stop unheard for minutes.
 */
const REPORT_MS = 250;

/** Classes at least this large get a lookahead bound before a guess's classes are solved. */
const LOOKAHEAD_MIN_CANDIDATES = 6;

/** Options of the search. */
interface SearchOptions {
  /** Guess only codes still consistent with every answer. */
  consistentOnly?: boolean;
  /** Try one guess per symmetry class (default true). */
  symmetry?: boolean;
  /**
   * Bound a guess's classes by one level of lookahead before solving any (default true). Off
   * only to measure what it saves.
   */
  lookahead?: boolean;
  /**
   * Rank with the WebAssembly SIMD kernel where it runs (search/masks.ts; default true). Off
   * only to measure what it saves, and to test it against the TypeScript kernel.
   */
  simd?: boolean;
  /**
   * Weigh each secret that needs every guess of the depth budget (search/cost.ts): the least
   * total then has the fewest such secrets first. Only with a depth budget.
   */
  crush?: boolean;
  /**
   * Settle for the first strategy a node finds within the depth budget: the search then decides
   * only whether one exists (the least worst case), far faster than the least total within it.
   * Its costs are then those of the strategies found, not the least.
   */
  firstFound?: boolean;
  /**
   * Called about every `progressEvery` nodes, and at least every quarter of a second while
   * nodes or lookaheads are searched; return true to stop the search.
   */
  onProgress?: (progress: SearchProgress) => boolean | undefined;
  progressEvery?: number;
  /** About how much memory the cache of solved sets may take, in bytes. */
  cacheBytes?: number;
}

/** Where a running search stands. */
interface SearchProgress {
  /** Nodes searched so far. */
  readonly nodes: number;
}

/** Thrown through the recursion when `onProgress` asks the search to stop. */
export class SearchStopped extends Error {
  constructor() {
    super('search stopped');
    this.name = 'SearchStopped';
  }
}

/** A cost, or proof that a node cannot beat its limit (`guess` −1 and `cost` a lower bound). */
export interface Outcome {
  readonly cost: number;
  readonly guess: number;
}

/** A guess at the top of a proof, with its classes split into the settled and the open. */
interface GuessPlan {
  readonly guess: number;
  /** The secrets plus the totals of the settled classes. */
  readonly total: number;
  /** The worst case so far (1 + the settled classes' deepest). */
  readonly deepest: number;
  /** Classes whose cost is known without a search (their trees come from `tree`). */
  readonly settled: readonly { readonly answer: number; readonly members: Int32Array }[];
  /** The classes left to solve, in the order to solve them, with their proved lower bounds. */
  readonly open: readonly {
    readonly answer: number;
    readonly members: Int32Array;
    readonly lower: number;
  }[];
}

/**
 * Branch and bound over guesses for one game. Keeps its cache between calls, so asking for the
 * best guess at every node of the optimal tree after proving the root costs little.
 */
export class OptimalSearch {
  /** The size bounds of the game as a whole (its width P − 1: search/bounds.ts). */
  readonly bounds: SizeBounds;
  /** The size bounds of each width a node can have. */
  readonly #byWidth: BoundsByWidth;
  /** Nodes searched (cache misses that were expanded). */
  nodes = 0;
  /** Classes ranked only for their lookahead bound (see `#lookahead`). */
  lookaheads = 0;
  readonly #kernels: RankingKernels;
  readonly #cache: SetCache;
  readonly #choice: GuessChoice;
  readonly #lookaheadOn: boolean;
  readonly #firstFound: boolean;
  readonly #onProgress: SearchOptions['onProgress'];
  readonly #progressEvery: number;
  /** Nodes at the last report to `onProgress`, and when it was (`Date.now()`). */
  #reportedNodes = 0;
  #reportedAt = Date.now();
  /** Partition buffers of `#evaluate`, one per level of the recursion. */
  readonly #splits: Split[] = [];
  /** Per level of the recursion, the indices of a ranking's guesses of equal key (`#node`). */
  readonly #batches: Int32Array[] = [];
  /** Ranking buffers, one per level of the recursion. */
  readonly #levels: Ranking[] = [];
  /** Per level, one ranking per answer: the lookaheads of a guess's classes (see `#lookahead`). */
  readonly #saved: Ranking[][] = [];
  /** Per level of the recursion, the width of the node being searched there (its ranking's). */
  readonly #widths: number[] = [];
  /** The node `#measureWidth` last measured, and its width (its candidates' alone). */
  #measured = { candidates: new Int32Array(0), width: 0 };

  constructor(
    readonly game: Game,
    options: SearchOptions = {},
  ) {
    checkSearchable(game);
    const table = game.searchTable()!;
    this.#cache = new SetCache(options.cacheBytes, options.crush ?? false);
    this.#choice = new GuessChoice(game, options.symmetry ?? true, options.consistentOnly ?? false);
    this.#lookaheadOn = options.lookahead ?? true;
    this.#firstFound = options.firstFound ?? false;
    this.#onProgress = options.onProgress;
    this.#progressEvery = options.progressEvery ?? 4096;
    let possible = 0;
    for (let a = 0; a < game.answers; a++) if (canOccur(game.rules, game.answerOf(a))) possible++;
    this.#byWidth = BoundsByWidth.forGame(game, Math.max(possible, 2) - 1, options.crush ?? false);
    this.bounds = this.#byWidth.game;
    // The ranking orders the guesses by the plain counts of their widths: the narrower answers'
    // classes (see search/bounds.ts) raise the bounds of the guesses that make large wide classes
    // but lead the search to worse guesses first (on Mastermind, two thirds more nodes).
    // They bound the classes of a guess played (`#known`), and so the proof's lower bounds.
    this.#kernels = new RankingKernels(game, this.#byWidth.plain(), table, options.simd ?? true);
  }

  /**
   * The least cost of solving `candidates` within `depth` guesses, if it is below `limit`
   * (a packed cost); otherwise a lower bound ≥ `limit` with guess −1. `history` is the guesses
   * that led here (for symmetry).
   */
  solve(
    candidates: Int32Array,
    history: readonly number[] = [],
    depth = UNLIMITED,
    limit = Number.POSITIVE_INFINITY,
  ): Outcome {
    this.#choice.reset(history);
    const cost = this.#node(candidates, depth, limit, this.#savedFor(candidates, depth, limit));
    return { cost, guess: cost < limit ? this.#cachedGuess(candidates, depth) : -1 };
  }

  /**
   * The ranking a lookahead at this level saved for exactly `candidates` within `depth`, if it
   * kept every guess below `limit`: a class of a guess `planGuess` looked ahead at, now solved
   * as a job by the same search, is not ranked twice.
   */
  #savedFor(candidates: Int32Array, depth: number, limit: number): Ranking | undefined {
    const saved = this.#saved[this.#choice.level];
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

  /**
   * The guesses worth trying at `candidates` (reached by `history`) whose bounds are below
   * `limit`, in the order the search tries them, with their lower bounds (packed costs), and the
   * least bound of those left out. For splitting work into jobs.
   */
  rankGuesses(
    candidates: Int32Array,
    history: readonly number[],
    depth = UNLIMITED,
    limit = Number.POSITIVE_INFINITY,
  ): { guesses: number[]; bounds: number[]; skipped: number } {
    this.#choice.reset(history);
    const ranking =
      this.#savedFor(candidates, depth, limit) ??
      this.#rank(candidates, depth, limit, this.#byWidth.widest);
    const order = Array.from({ length: ranking.count }, (_, i) => i);
    order.sort(
      (a, b) => ranking.keys[a] - ranking.keys[b] || ranking.guesses[a] - ranking.guesses[b],
    );
    return {
      guesses: order.map((i) => ranking.guesses[i]),
      bounds: order.map((i) => keyBound(ranking.keys[i])),
      skipped: ranking.skipped,
    };
  }

  /**
   * The cost of playing `guess` at `candidates` (reached by `history`) and then the best
   * strategy within `depth`, if it is below `limit` (a packed cost); otherwise a lower bound
   * ≥ `limit`. For splitting the guesses of a node into jobs.
   */
  evaluateGuess(
    candidates: Int32Array,
    history: readonly number[],
    guess: number,
    depth = UNLIMITED,
    limit = Number.POSITIVE_INFINITY,
  ): number {
    this.#choice.reset(history);
    this.#measureWidth(candidates);
    return this.#evaluate(guess, candidates, depth, limit);
  }

  /**
   * How `guess` at `candidates` (reached by `history`) splits them, what of its classes is
   * settled without a search, and the lower bounds of the rest, lookahead included; or, as a
   * number, a lower bound on its cost that reaches `best` (a packed cost): the guess cannot win.
   * The top of a proof, where each open class becomes a job.
   */
  planGuess(
    candidates: Int32Array,
    history: readonly number[],
    guess: number,
    depth: number,
    best: number,
  ): GuessPlan | number {
    this.#choice.reset(history);
    this.#measureWidth(candidates);
    this.#choice.push(guess);
    const split = this.#prepare(guess, candidates, depth, best);
    if (typeof split === 'number') return split;
    const { classes, unsettled, lower, total, deepest } = split;
    const open = [];
    for (let i = 0; i < unsettled; i++) {
      const a = classes[i];
      open.push({ answer: a, members: split.members(a).slice(), lower: lower[a] });
    }
    const settled = [];
    for (let a = 0; a < this.game.answers; a++) {
      if (a === this.game.solved || split.size(a) === 0 || split.kind[a] !== EXACT) continue;
      settled.push({ answer: a, members: split.members(a).slice() });
    }
    return { guess, total, deepest, settled, open };
  }

  /** The cached best guess for `candidates` within `depth`, searching if it is not cached. */
  bestGuess(candidates: Int32Array, history: readonly number[], depth = UNLIMITED): number {
    if (candidates.length <= 2) return candidates[0];
    if (candidates.length <= this.bounds.answers) {
      const perfect = this.#kernels.perfectCandidate(candidates);
      if (perfect >= 0) return perfect;
    }
    const slot = this.#cache.find(candidates, depth);
    if (slot >= 0 && this.#cache.guess(slot) >= 0) return this.#cache.guess(slot);
    return this.solve(candidates, history, depth).guess;
  }

  /**
   * The tree of the best strategy the search knows for `candidates` (reached by `history`)
   * within `depth`, packed (see `packTree`): its guess (or `first`, if given) and, for each
   * answer but all hits, the subtree. Packed as it is walked, so that a proof that keeps the
   * trees of many classes keeps no object per node.
   */
  packedTree(
    candidates: Int32Array,
    history: readonly number[],
    depth = UNLIMITED,
    first?: number,
  ): number[] {
    const game = this.game;
    const packed: number[] = [];
    const counters = new Int32Array(game.answers);
    const walk = (codes: Int32Array, played: number[], left: number, guess: number): void => {
      const grouped = new Int32Array(codes.length);
      const start = new Int32Array(game.answers + 1);
      this.#kernels.split(guess, codes, grouped, start, counters);
      packed.push(guess, 0);
      const countAt = packed.length - 1;
      for (let answer = 0; answer < game.answers; answer++) {
        if (answer === game.solved || start[answer + 1] === start[answer]) continue;
        packed[countAt]++;
        packed.push(answer);
        const members = grouped.subarray(start[answer], start[answer + 1]);
        const next = [...played, guess];
        walk(members, next, left - 1, this.bestGuess(members, next, left - 1));
      }
    };
    walk(candidates, [...history], depth, first ?? this.bestGuess(candidates, history, depth));
    return packed;
  }

  /** The best guess of a set `#node` has just solved below its limit. */
  #cachedGuess(candidates: Int32Array, depth: number): number {
    if (candidates.length <= 2) return candidates[0];
    return this.#cache.guess(this.#cache.find(candidates, depth));
  }

  /**
   * The search of one node: the least cost of `candidates` within `depth` if it is below
   * `limit`, its best guess then left in the cache; otherwise a lower bound ≥ `limit`. `ranked`,
   * if given, is the node's ranking already made (by `#lookahead`, under a limit no lower than
   * `limit`).
   */
  #node(
    candidates: Int32Array,
    depth: number,
    limit: number,
    ranked?: Ranking,
    width = this.#byWidth.widest,
  ): number {
    const n = candidates.length;
    const bounds = this.#byWidth.of(width);
    if (bounds.depth[n] > depth) return Number.POSITIVE_INFINITY;
    const within = bounds.within(depth);
    if (n <= 2) return packCost(within[n], n);
    // A candidate that splits the others apart: 2n − 1, and n − 1 at the second guess.
    const floor = packCost(2 * n - 1 + (within[n] - bounds.total[n]), 2);
    if (floor >= limit) return floor;

    const cache = this.#cache;
    const slot = cache.find(candidates, depth);
    const cachedCost = slot >= 0 ? cache.cost(slot) : 0;
    if (slot >= 0 && (cache.guess(slot) >= 0 || cachedCost >= limit)) return cachedCost;

    this.nodes++;
    this.#checkIn();

    const ranking = ranked ?? this.#rank(candidates, depth, limit, width);
    ranking.saved = false;
    const { keys, guesses } = ranking;
    let best = limit;
    let bestGuess = -1;
    let proved = ranking.skipped;
    const level = this.#choice.level;
    this.#widths[level] = ranking.width;
    // Take the guesses in order of key, a batch of equal keys per scan (in index order, as
    // picking one at a time would): the loop usually stops after a few batches, so this beats
    // sorting, and ties are common enough that it beats a scan per guess. The guesses tried
    // leave the ranking (which keeps its order), so a later scan reads only the keys left.
    this.#batches[level] ??= new Int32Array(this.game.size);
    const batch = this.#batches[level];
    let live = ranking.count;
    trying: while (live > 0) {
      let ties = 0;
      let key = keys[0];
      for (let i = 0; i < live; i++) {
        const k = keys[i];
        if (k < key) {
          key = k;
          ties = 0;
        }
        if (k === key) batch[ties++] = i;
      }
      const bound = keyBound(key);
      if (bound >= best) {
        proved = Math.min(proved, bound);
        break;
      }
      let tried = 0;
      for (; tried < ties && bound < best; tried++) {
        const guess = guesses[batch[tried]];
        const cost = this.#evaluate(guess, candidates, depth, best);
        if (cost < best) {
          best = cost;
          bestGuess = guess;
          // Settling for the first strategy within the depth: the node is done.
          if (this.#firstFound) break trying;
        } else {
          proved = Math.min(proved, cost);
        }
      }
      if (bound >= best) {
        proved = Math.min(proved, bound);
        break;
      }
      live = withoutTried(ranking, live, batch, tried);
    }
    if (bestGuess >= 0) {
      cache.set(candidates, depth, best, bestGuess);
      return best;
    }
    const lower = Math.max(proved, cachedCost);
    cache.set(candidates, depth, lower, -1);
    return lower;
  }

  /**
   * Tells `onProgress` where the search stands if `progressEvery` nodes or `REPORT_MS` have
   * passed since it last did; throws `SearchStopped` if it asks to stop.
   */
  #checkIn(): void {
    if (!this.#onProgress) return;
    const now = Date.now();
    if (
      this.nodes - this.#reportedNodes < this.#progressEvery &&
      now - this.#reportedAt < REPORT_MS
    )
      return;
    this.#reportedNodes = this.nodes;
    this.#reportedAt = now;
    if (this.#onProgress({ nodes: this.nodes })) throw new SearchStopped();
  }

  /**
   * Sets the width of `candidates`, a node the search enters at a guess (`evaluateGuess`,
   * `planGuess`) rather than ranks: the game's for the whole game, else measured.
   */
  #measureWidth(candidates: Int32Array): void {
    const level = this.#choice.level;
    if (candidates.length === this.game.size) {
      this.#widths[level] = this.#byWidth.widest;
      return;
    }
    // The jobs of a large class are its guesses, one after another: measured once.
    const last = this.#measured;
    const n = candidates.length;
    let same = last.candidates.length === n;
    for (let i = 0; same && i < n; i++) same = last.candidates[i] === candidates[i];
    if (!same) {
      const width = this.#kernels.width(candidates, this.#choice.guesses(candidates));
      this.#measured = { candidates: candidates.slice(), width };
    }
    this.#widths[level] = this.#measured.width;
  }

  /**
   * The widest the class of answer `a` to the guess just played can be: no wider than the node
   * it comes from (one level up), nor than its answer allows.
   */
  #classWidth(a: number): number {
    return Math.min(this.#widths[this.#choice.level - 1], this.#byWidth.answerWidths[a]);
  }

  /** The ranking buffer of the current level of the recursion. */
  #levelRanking(): Ranking {
    const level = this.#choice.level;
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
   * The guesses worth trying at `candidates` (the current node), ranked below `limit`; `cap`, a
   * width the node's cannot exceed.
   */
  #rank(
    candidates: Int32Array,
    depth: number,
    limit: number,
    cap: number,
    ranking: Ranking = this.#levelRanking(),
  ): Ranking {
    this.#kernels.rank(candidates, this.#choice.guesses(candidates), depth, limit, ranking, cap);
    return ranking;
  }

  /**
   * What is known of a class without searching it: its packed cost, exact (`kind[a]` EXACT)
   * from the cache or because a candidate splits it apart, else the best lower bound at hand
   * (SEARCHED when it comes from a search or lookahead of this very set, else SIZE_ONLY).
   */
  #known(split: Split, a: number, depth: number): number {
    const candidates = split.members(a);
    const n = candidates.length;
    const kind = split.kind;
    kind[a] = SIZE_ONLY;
    const bounds = this.#byWidth.of(this.#classWidth(a));
    if (bounds.depth[n] > depth) return Number.POSITIVE_INFINITY;
    const within = bounds.within(depth)[n];
    const sizeBound = packCost(within, bounds.depth[n]);
    // What the crush objective adds for the secrets that must take the whole budget.
    const forced = within - bounds.total[n];
    if (n <= bounds.answers && this.#kernels.perfectCandidate(candidates) >= 0) {
      kind[a] = EXACT;
      return packCost(2 * n - 1 + forced, 2);
    }
    const slot = this.#cache.find(candidates, depth);
    if (slot >= 0) {
      if (this.#cache.guess(slot) >= 0) {
        kind[a] = EXACT;
        return this.#cache.cost(slot);
      }
      kind[a] = SEARCHED;
      return Math.max(this.#cache.cost(slot), sizeBound);
    }
    return n <= bounds.answers ? packCost(2 * n + forced, 2) : sizeBound;
  }

  /**
   * A lower bound on the total of `candidates` within `depth`: the least bound of any guess by
   * the sizes of the classes it makes (∞ if no guess keeps to the depth). Cached as a bound, so
   * the class is ranked once however many guesses make it. Only for sets with nothing cached
   * (`#known` says so): anything cached already bounds at least as well, since a search of the
   * class ranks it first. The ranking is left in `ranking`, marked saved, for a search of the
   * class that follows; it keeps only the guesses whose bounds are below `limit`, which must be
   * at least the limit that search will have. `cap`: a width the class's cannot exceed.
   */
  #lookahead(
    candidates: Int32Array,
    depth: number,
    ranking: Ranking,
    limit: number,
    cap: number,
  ): number {
    this.lookaheads++;
    this.#checkIn();
    this.#rank(candidates, depth, limit, cap, ranking);
    ranking.saved = true;
    ranking.members = candidates;
    ranking.depth = depth;
    ranking.limit = limit;
    const least = leastBound(ranking);
    this.#cache.set(candidates, depth, least, -1);
    return costTotal(least);
  }

  /**
   * The cost of `guess` at a node if it beats `best` (a packed cost); otherwise a lower bound on
   * it that is ≥ `best`.
   */
  #evaluate(guess: number, candidates: Int32Array, depth: number, best: number): number {
    const choice = this.#choice;
    choice.push(guess);
    try {
      const split = this.#prepare(guess, candidates, depth, best);
      if (typeof split === 'number') return split;
      const { classes, lower, unsettled } = split;
      const saved = this.#savedRankings(choice.level);
      const bestTotal = costTotal(best);
      let { total, rest, deepest } = split;
      for (let i = 0; i < unsettled; i++) {
        const a = classes[i];
        rest -= lower[a];
        const allowed = bestTotal - total - rest;
        if (allowed < lower[a]) return packCost(total + lower[a] + rest, 0);
        const limit = packCost(allowed + 1, 0);
        const cost = this.#node(
          split.members(a),
          depth - 1,
          limit,
          saved[a].saved ? saved[a] : undefined,
          this.#classWidth(a),
        );
        saved[a].saved = false;
        if (cost >= limit) return packCost(total + costTotal(cost) + rest, 0);
        total += costTotal(cost);
        deepest = Math.max(deepest, costMax(cost) + 1);
      }
      return packCost(total, deepest);
    } finally {
      choice.pop();
    }
  }

  /**
   * Splits `candidates` by their answers to `guess` (just played: `#choice` is one level down)
   * and settles what is cheap before any class is solved: classes of one or two, classes
   * already cached, and small classes a candidate splits apart; the others get their best known
   * lower bound, raised by a lookahead. Returns the level's split, its classes left to solve in
   * the order to solve them; or, as a number, a lower bound that reaches `best`.
   */
  #prepare(guess: number, candidates: Int32Array, depth: number, best: number): Split | number {
    const game = this.game;
    const n = candidates.length;
    const answers = game.answers;
    const level = this.#choice.level;
    this.#splits[level] ??= new Split(game.size, answers);
    const split = this.#splits[level];
    const { start, lower, kind, classes, sortKey } = split;
    this.#kernels.split(guess, candidates, split.grouped, start, split.next);

    // `classes` lists the classes left to solve in the order they will be solved (insertion
    // sort: there are at most P of them). Against a best so far, smallest first: small classes
    // are cheap to solve exactly, so a guess that cannot win is refuted with little work, and
    // the large classes, solved last, get the tightest budgets. With no best yet there is no
    // budget to tighten, and what can end the guess early is a class that does not fit the
    // depth cap at all, most likely a large one: largest first. Both orders were measured
    // against the other (docs/performance.md).
    let unsettled = 0;
    let rest = 0;
    let total = n;
    let deepest = 1;
    const within = this.bounds.within(depth - 1);
    for (let a = 0; a < answers; a++) {
      const c = start[a + 1] - start[a];
      if (c === 0 || a === game.solved) continue;
      if (c <= 2) {
        kind[a] = EXACT;
        total += within[c];
        deepest = Math.max(deepest, c + 1);
        continue;
      }
      const known = this.#known(split, a, depth - 1);
      // A class that cannot be solved within the depth left rules the guess out.
      if (known === Number.POSITIVE_INFINITY) return known;
      if (kind[a] === EXACT) {
        total += costTotal(known);
        deepest = Math.max(deepest, costMax(known) + 1);
        continue;
      }
      lower[a] = costTotal(known);
      rest += lower[a];
      sortKey[a] = best === Number.POSITIVE_INFINITY ? -c : c;
      let i = unsettled++;
      for (; i > 0 && sortKey[classes[i - 1]] > sortKey[a]; i--) classes[i] = classes[i - 1];
      classes[i] = a;
    }
    split.unsettled = unsettled;
    split.total = total;
    split.deepest = deepest;
    const bestTotal = costTotal(best);
    if (total + rest > bestTotal) return packCost(total + rest, 0);
    split.rest = this.#lookaheads(split, depth, bestTotal, rest);
    const bound = total + split.rest;
    if (bound > bestTotal || bound === Number.POSITIVE_INFINITY) return packCost(bound, 0);
    return split;
  }

  /**
   * Before solving any class, raises each larger one's bound to what its best guess's class
   * sizes allow (one level of lookahead): most guesses that cannot win fail here, before any
   * class is solved in vain. The classes go in order of what a lookahead gains for its work (a
   * rank: work in proportion to the class's size). Measured on Bulls and Cows and Mastermind,
   * that peaks for classes a little over P (answers per guess): smaller ones are mostly split
   * apart as the size bound assumes, and for much larger ones one level adds little to the size
   * bound for much work. Nearest 5P/4 first halves the work. Returns the raised sum of the
   * classes' bounds (∞ when one class cannot keep to the depth), stopping once the guess's
   * bound passes `bestTotal`.
   */
  #lookaheads(split: Split, depth: number, bestTotal: number, rest: number): number {
    const { classes, unsettled, lower, kind, order, total } = split;
    const saved = this.#savedRankings(this.#choice.level);
    for (let i = 0; i < unsettled; i++) saved[classes[i]].saved = false;
    if (!this.#lookaheadOn) return rest;
    const target = (5 * this.#byWidth.of(this.#widths[this.#choice.level - 1]).answers) / 4;
    let looked = 0;
    for (let i = 0; i < unsettled; i++) {
      const a = classes[i];
      const c = split.size(a);
      if (c < LOOKAHEAD_MIN_CANDIDATES || kind[a] === SEARCHED) continue;
      let j = looked++;
      for (; j > 0 && Math.abs(split.size(order[j - 1]) - target) > Math.abs(c - target); j--)
        order[j] = order[j - 1];
      order[j] = a;
    }
    for (let i = 0; i < looked; i++) {
      const a = order[i];
      // The class's budget can only shrink from here (its siblings' bounds only rise), so
      // its search will never try a guess whose bound reaches today's: none are kept.
      const budget = packCost(bestTotal - total - (rest - lower[a]) + 1, 0);
      const lookahead = this.#lookahead(
        split.members(a),
        depth - 1,
        saved[a],
        budget,
        this.#classWidth(a),
      );
      if (lookahead === Number.POSITIVE_INFINITY) return lookahead;
      if (lookahead > lower[a]) {
        rest += lookahead - lower[a];
        lower[a] = lookahead;
        if (total + rest > bestTotal) return rest;
      }
    }
    return rest;
  }
}

/**
 * Removes from the first `live` entries of `ranking` those at the indices `batch[0..tried)`
 * (increasing), keeping the others in order; returns how many are left.
 */
function withoutTried(ranking: Ranking, live: number, batch: Int32Array, tried: number): number {
  const { keys, guesses } = ranking;
  let kept = batch[0];
  let next = 0;
  for (let i = batch[0]; i < live; i++) {
    if (next < tried && i === batch[next]) {
      next++;
      continue;
    }
    keys[kept] = keys[i];
    guesses[kept++] = guesses[i];
  }
  return kept;
}
